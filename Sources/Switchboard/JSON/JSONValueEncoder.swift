import Foundation

/// Encodes an `Encodable` value straight into a ``JSONValue`` tree, as `JSONEncoder` with its
/// default strategies would encode it and the text be parsed again, without writing or reading
/// any text: typed operations' variables and models' inputs are encoded on every request.
///
/// The same keyed container may be asked for more than once at one position: the members merge,
/// the later value of a key winning (generated mutable data writes its fragments' fields, then
/// its own, into one object).
package struct JSONValueEncoder {
    /// What may stand in for a value instead of its encoding (see ``JSONValueSubstitution``).
    package var substitution: (any JSONValueSubstitution)?

    package init(substitution: (any JSONValueSubstitution)? = nil) {
        self.substitution = substitution
    }

    package func encode(_ value: some Encodable) throws -> JSONValue {
        let root = EncodedNode()
        try EncodingStep(node: root, link: nil, substitution: substitution).encodeValue(value)
        guard let result = root.value else {
            throw EncodingError.invalidValue(
                value, EncodingError.Context(codingPath: [], debugDescription: "The value did not encode anything."))
        }
        return result
    }
}

/// One value being encoded: a leaf, or an object or array whose members are nodes still being
/// filled in by the containers that hold them.
private final class EncodedNode {
    /// A member or item: a finished leaf, or a node containers are still filling in.
    enum Slot {
        case leaf(JSONValue)
        case node(EncodedNode)

        var value: JSONValue {
            switch self {
            case .leaf(let value): return value
            case .node(let node): return node.value ?? .object([:])
            }
        }
    }

    enum Content {
        case empty
        case leaf(JSONValue)
        case object([String: Slot])
        case array([Slot])
    }

    var content = Content.empty

    var value: JSONValue? {
        switch content {
        case .empty: return nil
        case .leaf(let value): return value
        case .object(let members): return .object(members.mapValues(\.value))
        case .array(let items): return .array(items.map(\.value))
        }
    }

    /// Sets the member `key`; `nil` makes a node for a container or an encoder to fill in.
    @discardableResult
    func setMember(_ key: String, _ leaf: JSONValue?) -> EncodedNode? {
        let node = leaf == nil ? EncodedNode() : nil
        let slot = leaf.map(Slot.leaf) ?? .node(node!)
        if case .object(var members) = content {
            content = .empty  // no second reference while the dictionary changes
            members[key] = slot
            content = .object(members)
        } else {
            content = .object([key: slot])
        }
        return node
    }

    /// Appends an item; `nil` makes a node for a container or an encoder to fill in.
    @discardableResult
    func appendItem(_ leaf: JSONValue?) -> EncodedNode? {
        let node = leaf == nil ? EncodedNode() : nil
        let slot = leaf.map(Slot.leaf) ?? .node(node!)
        if case .array(var items) = content {
            content = .empty
            items.append(slot)
            content = .array(items)
        } else {
            content = .array([slot])
        }
        return node
    }

    var itemCount: Int {
        if case .array(let items) = content { return items.count }
        return 0
    }
}

/// Where a node is, kept as links to its parent and made into a coding path only when asked
/// (errors, and the few types that read it).
private final class PathLink {
    let parent: PathLink?
    let key: any CodingKey

    init(parent: PathLink?, key: any CodingKey) {
        self.parent = parent
        self.key = key
    }

    static func path(of link: PathLink?) -> [any CodingKey] {
        var keys: [any CodingKey] = []
        var current = link
        while let link = current {
            keys.append(link.key)
            current = link.parent
        }
        return keys.reversed()
    }
}

/// Decides, value by value, whether a ``JSONValueEncoder`` writes something else instead of a
/// value's encoding: how the record store writes back a list an update changed without encoding
/// the items it left as they were.
package protocol JSONValueSubstitution: Sendable {
    /// What to write instead of encoding `value`, found at `path` (evaluated only when asked), or
    /// `nil` to encode it. Asked for every value that is not a scalar.
    func substitute<Value: Encodable>(_ value: Value, at path: () -> [any CodingKey]) throws -> JSONValue?
}

/// The `Encoder` for one node.
private struct EncodingStep: Encoder {
    let node: EncodedNode
    let link: PathLink?
    let substitution: (any JSONValueSubstitution)?
    var codingPath: [any CodingKey] { PathLink.path(of: link) }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(node: EncodedNode, link: PathLink?, substitution: (any JSONValueSubstitution)?) {
        self.node = node
        self.link = link
        self.substitution = substitution
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .object = node.content {} else { node.content = .object([:]) }
        return KeyedEncodingContainer(KeyedNodeContainer<Key>(node: node, link: link, substitution: substitution))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .array = node.content {} else { node.content = .array([]) }
        return UnkeyedNodeContainer(node: node, link: link, substitution: substitution)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleNodeContainer(step: self)
    }

    /// Encodes `value` into this node, with the types `JSONEncoder` treats specially by default.
    func encodeValue(_ value: some Encodable) throws {
        switch value {
        case let value as JSONValue: node.content = .leaf(value)
        case let string as String: node.content = .leaf(.string(string))
        case let flag as Bool: node.content = .leaf(.boolean(flag))
        case let number as Int: node.content = .leaf(.number(Double(number)))
        case let number as Double: node.content = .leaf(try Self.finite(number, codingPath))
        // The other integer types, whose containers' methods forward here by default.
        case let number as any BinaryInteger: node.content = .leaf(.number(Double(number)))
        // As `JSONEncoder` writes it (its shortest decimal form), read back as a Double.
        case let number as Float:
            node.content = .leaf(try Self.finite(Double(number.description) ?? Double(number), codingPath))
        case let data as Data: node.content = .leaf(.string(data.base64EncodedString()))
        case let url as URL: node.content = .leaf(.string(url.absoluteString))
        case let decimal as Decimal:
            node.content = .leaf(.number(Double(decimal.description) ?? NSDecimalNumber(decimal: decimal).doubleValue))
        default:
            if let substitution, let substitute = try substitution.substitute(value, at: { codingPath }) {
                node.content = .leaf(substitute)
            } else {
                try value.encode(to: self)
            }
        }
    }

    static func finite(_ number: Double, _ codingPath: [any CodingKey]) throws -> JSONValue {
        guard number.isFinite else {
            throw EncodingError.invalidValue(
                number,
                EncodingError.Context(
                    codingPath: codingPath, debugDescription: "\(number) is not a JSON number (it is not finite)."))
        }
        return .number(number)
    }
}

private struct KeyedNodeContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: EncodedNode
    let link: PathLink?
    let substitution: (any JSONValueSubstitution)?
    var codingPath: [any CodingKey] { PathLink.path(of: link) }

    private func step(for key: Key) -> EncodingStep {
        EncodingStep(
            node: node.setMember(key.stringValue, nil)!, link: PathLink(parent: link, key: key),
            substitution: substitution)
    }

    mutating func encodeNil(forKey key: Key) throws { node.setMember(key.stringValue, .null) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { node.setMember(key.stringValue, .boolean(value)) }
    mutating func encode(_ value: String, forKey key: Key) throws { node.setMember(key.stringValue, .string(value)) }
    mutating func encode(_ value: Int, forKey key: Key) throws {
        node.setMember(key.stringValue, .number(Double(value)))
    }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        node.setMember(key.stringValue, try EncodingStep.finite(value, codingPath + [key]))
    }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try step(for: key).encodeValue(value) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        step(for: key).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        step(for: key).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        EncodingStep(
            node: node.setMember("super", nil)!,
            link: PathLink(parent: link, key: JSONIndexCodingKey(stringValue: "super")), substitution: substitution)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder { step(for: key) }
}

private struct UnkeyedNodeContainer: UnkeyedEncodingContainer {
    let node: EncodedNode
    let link: PathLink?
    let substitution: (any JSONValueSubstitution)?
    var codingPath: [any CodingKey] { PathLink.path(of: link) }
    var count: Int { node.itemCount }

    private func next() -> EncodingStep {
        let index = node.itemCount
        return EncodingStep(
            node: node.appendItem(nil)!, link: PathLink(parent: link, key: JSONIndexCodingKey(intValue: index)),
            substitution: substitution)
    }

    mutating func encodeNil() throws { node.appendItem(.null) }
    mutating func encode(_ value: Bool) throws { node.appendItem(.boolean(value)) }
    mutating func encode(_ value: String) throws { node.appendItem(.string(value)) }
    mutating func encode(_ value: Int) throws { node.appendItem(.number(Double(value))) }
    mutating func encode(_ value: Double) throws {
        node.appendItem(try EncodingStep.finite(value, codingPath + [JSONIndexCodingKey(intValue: node.itemCount)]))
    }
    mutating func encode<T: Encodable>(_ value: T) throws { try next().encodeValue(value) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        next().container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { next().unkeyedContainer() }

    mutating func superEncoder() -> any Encoder { next() }
}

private struct SingleNodeContainer: SingleValueEncodingContainer {
    let step: EncodingStep
    var codingPath: [any CodingKey] { step.codingPath }

    mutating func encodeNil() throws { step.node.content = .leaf(.null) }
    mutating func encode(_ value: Bool) throws { step.node.content = .leaf(.boolean(value)) }
    mutating func encode(_ value: String) throws { step.node.content = .leaf(.string(value)) }
    mutating func encode(_ value: Int) throws { step.node.content = .leaf(.number(Double(value))) }
    mutating func encode(_ value: Double) throws {
        step.node.content = .leaf(try EncodingStep.finite(value, codingPath))
    }
    mutating func encode<T: Encodable>(_ value: T) throws { try step.encodeValue(value) }
}

/// A coding key for array positions and `super`.
private struct JSONIndexCodingKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        intValue = nil
    }

    init(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }
}
