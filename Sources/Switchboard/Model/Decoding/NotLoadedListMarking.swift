import Foundation

/// Prepares a response body so that its models decode straight from `JSONBytesDecoder`: one pass over
/// the bytes finds every model object at the decode path (following the schema into nested lists
/// and `belongsTo`/`hasOne` objects) and writes a marker where a `hasMany` list must appear.
///
/// - A `hasMany` key the object does not contain gets a number, `"comments":3`, which
///   ``List``'s decoder reads as "not loaded, association 3 of the session" (the parent's key
///   values and the association's fields).
/// - A `hasMany` list the object contains gets `"switchboard:association":3` inside its object, so
///   that its next page filters by the parent.
///
/// Without this, every field of every model goes through ``ModelFieldsDecoder``, which answers for
/// the missing keys but costs a forwarding call per field. Whenever the body has a shape the pass
/// does not expect (a number where a list belongs, escaped keys, an unknown associated type, a
/// model type whose `hasMany` fields have not yet decoded as `List`s), it gives up and the body
/// decodes through ``ModelFieldsDecoder`` as before: the markers are an optimisation, never a
/// second meaning of the JSON.
package enum NotLoadedListMarking {
    /// The key written into a present nested list's object.
    static let associationKey = "switchboard:association"

    /// The body with its lists marked and the session to decode it in, or `nil` when `body` must
    /// decode through ``ModelFieldsDecoder``.
    package static func mark(
        _ body: Data, path: [String], resultType: Any.Type, context: ModelRequestContext?
    ) -> (body: Data, session: ModelDecodingSession)? {
        guard let shape = ModelResultShape(resultType) else { return nil }
        let marked = body.withUnsafeBytes { raw -> (Data, [ListAssociationReference])? in
            var scanner = ListMarkingScanner(raw.bindMemory(to: UInt8.self))
            do {
                try scanner.scanResult(path: path, shape: shape)
            } catch {
                return nil
            }
            // Nothing to write (the models have no `hasMany` lists, or they are all null): decode
            // the body as it came, without a copy.
            return (scanner.insertions.isEmpty ? body : scanner.markedBody(), scanner.associations)
        }
        guard let (markedBody, associations) = marked else { return nil }
        return (markedBody, ModelDecodingSession(context: context, usesListMarkers: true, associations: associations))
    }
}

/// What the value at the decode path is: a model or a list of models (optional or not).
enum ModelResultShape {
    case model(any Model.Type)
    case list(any Model.Type)

    init?(_ type: Any.Type) {
        let unwrapped = (type as? any OptionalModelResponse.Type)?.wrappedType ?? type
        if let list = unwrapped as? any ResultListDecodable.Type {
            self = .list(list.elementType)
        } else if let model = unwrapped as? any Model.Type {
            self = .model(model)
        } else {
            return nil
        }
    }
}

/// The pass of ``NotLoadedListMarking`` over one body. It checks only as much syntax as it needs to
/// find its way; the JSON decoder validates the rest, and errors are reported against the original body.
struct ListMarkingScanner {
    /// The pass gives up (the body decodes the general way).
    struct GiveUp: Error {}

    /// Text to write at `position` of the body.
    struct Insertion {
        let position: Int
        /// The missing list's key, or `nil` for the marker key inside a present list.
        let association: [UInt8]?
        let needsComma: Bool
        let marker: Int
    }

    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    var depth = 0
    var insertions: [Insertion] = []
    var associations: [ListAssociationReference] = []
    /// Whether ``insertions`` are in body order (they are unless a model has a present list and a
    /// missing one, whose insertions are found in the other order).
    var insertionsInOrder = true
    /// The plans of the associated types met so far.
    var plans: [(ObjectIdentifier, ModelDecodingPlan)] = []

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        // About one model per few hundred bytes: room for most responses without regrowing.
        associations.reserveCapacity(bytes.count / 256)
        insertions.reserveCapacity(bytes.count / 256)
    }

    // MARK: - The value at the decode path

    mutating func scanResult(path: [String], shape: ModelResultShape) throws(GiveUp) {
        for key in ["data"] + path {
            try enterMember(named: Array(key.utf8))
        }
        switch (shape, current) {
        case (.model(let type), UInt8(ascii: "{")):
            try scanModel(plan(of: type), isReference: false)
        case (.list(let type), UInt8(ascii: "{")):
            _ = try scanListObject(plan(of: type))
        case (.list(let type), UInt8(ascii: "[")):
            try scanItems(plan(of: type))
        default:
            // null, or something the decoder will report: nothing to mark.
            throw GiveUp()
        }
    }

    /// Moves onto the value of member `name` of the object at the cursor.
    private mutating func enterMember(named name: [UInt8]) throws(GiveUp) {
        skipWhitespace()
        try expect(UInt8(ascii: "{"))
        skipWhitespace()
        guard current != UInt8(ascii: "}") else { throw GiveUp() }
        while true {
            let key = try keyAndColon()
            if keyEquals(key, name) { return }
            try skipValue()
            if try memberSeparator() { throw GiveUp() }
        }
    }

    // MARK: - Models and lists

    /// A model object: marks its lists, after following its associations.
    private mutating func scanModel(_ plan: ModelDecodingPlan, isReference: Bool) throws(GiveUp) {
        guard plan.canMarkLists, plan.hasManyFieldsDecodeAsLists else { throw GiveUp() }
        let keyNames = plan.primaryKeyNameBytes
        let associationNames = plan.associationNameBytes
        let keyLengths = plan.markingKeyLengths
        let otherNames = plan.otherFieldNameBytes
        try enterContainer()
        var memberCount = 0
        var seen: UInt64 = 0
        var onlyKeyFields = true
        var singleKeyValue: Range<Int>?
        var compositeKeyValues: [Range<Int>?] = []
        var presentLists: [(association: Int, close: Int, isEmpty: Bool)] = []
        skipWhitespace()
        if current != UInt8(ascii: "}") {
            while true {
                let key = try keyAndColon()
                memberCount += 1
                // Most keys are plain fields: a length no key or association name has rules them
                // out without comparing bytes.
                let mayBeNamed = key.count >= 64 || keyLengths & (1 << UInt64(key.count)) != 0
                if mayBeNamed, let keyIndex = index(of: key, in: keyNames) {
                    let start = index
                    try skipValue()
                    if keyNames.count == 1 {
                        singleKeyValue = start..<index
                    } else {
                        if compositeKeyValues.isEmpty {
                            compositeKeyValues = Array(repeating: nil, count: keyNames.count)
                        }
                        compositeKeyValues[keyIndex] = start..<index
                    }
                } else if mayBeNamed, let association = index(of: key, in: associationNames) {
                    guard seen & (1 << UInt64(association)) == 0 else { throw GiveUp() }
                    seen |= 1 << UInt64(association)
                    onlyKeyFields = false
                    if let list = try scanAssociationValue(plan.associations[association]) {
                        presentLists.append((association, list.close, list.isEmpty))
                    }
                } else {
                    // The rule LazyReference decodes by: any of the model's other fields makes a model.
                    if isReference && onlyKeyFields && index(of: key, in: otherNames) != nil { onlyKeyFields = false }
                    try skipValue()
                }
                if try memberSeparator() { break }
            }
        }
        let close = index
        leaveContainer()
        // A reference's key fields alone are the not-loaded form `LazyReference` reads.
        guard !plan.hasManyIndices.isEmpty, !(isReference && onlyKeyFields) else { return }
        var identifiers: [JSONValue] = []
        var identifier = JSONValue.null
        if keyNames.count == 1 {
            identifier = try identifierValue(singleKeyValue)
        } else {
            identifiers.reserveCapacity(keyNames.count)
            for position in keyNames.indices {
                identifiers.append(try identifierValue(compositeKeyValues.isEmpty ? nil : compositeKeyValues[position]))
            }
        }
        var wroteAtClose = false
        for association in plan.hasManyIndices {
            let marker = associations.count
            if seen & (1 << UInt64(association)) != 0 {
                guard let list = presentLists.first(where: { $0.association == association }) else { continue }
                append(Insertion(position: list.close, association: nil, needsComma: !list.isEmpty, marker: marker))
            } else {
                append(
                    Insertion(
                        position: close, association: associationNames[association],
                        needsComma: memberCount > 0 || wroteAtClose, marker: marker))
                wroteAtClose = true
            }
            let fields = plan.associations[association].associatedFieldNames
            associations.append(
                keyNames.count == 1
                    ? ListAssociationReference(parentIdentifier: identifier, associatedFieldNames: fields)
                    : ListAssociationReference(parentIdentifiers: identifiers, associatedFieldNames: fields))
        }
    }

    /// The position of the name equal to `key` in `names`.
    private func index(of key: Range<Int>, in names: [[UInt8]]) -> Int? {
        names.indices.first { keyEquals(key, names[$0]) }
    }

    /// The value of an association field: nested models and lists are followed; a present list's
    /// closing brace is returned for its marker.
    private mutating func scanAssociationValue(
        _ association: ModelDecodingPlan.Association
    ) throws(GiveUp) -> (close: Int, isEmpty: Bool)? {
        switch current {
        case UInt8(ascii: "{"):
            guard let type = association.modelType else { throw GiveUp() }
            if association.isHasMany { return try scanListObject(plan(of: type)) }
            try scanModel(plan(of: type), isReference: true)
            return nil
        case UInt8(ascii: "n"):
            try skipValue()
            return nil
        default:
            // A list written as an array (or not a list at all) cannot carry a marker.
            if association.isHasMany { throw GiveUp() }
            try skipValue()
            return nil
        }
    }

    /// A connection object (`{"items": […], "nextToken": …}`); returns the position of its `}`.
    private mutating func scanListObject(_ plan: ModelDecodingPlan) throws(GiveUp) -> (close: Int, isEmpty: Bool) {
        try enterContainer()
        var isEmpty = true
        skipWhitespace()
        if current != UInt8(ascii: "}") {
            while true {
                let key = try keyAndColon()
                isEmpty = false
                if keyEquals(key, Self.itemsKey) && current == UInt8(ascii: "[") {
                    try scanItems(plan)
                } else {
                    try skipValue()
                }
                if try memberSeparator() { break }
            }
        }
        let close = index
        leaveContainer()
        return (close, isEmpty)
    }

    /// An array of model objects (or nulls).
    private mutating func scanItems(_ plan: ModelDecodingPlan) throws(GiveUp) {
        try enterContainer()
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            leaveContainer()
            return
        }
        while true {
            skipWhitespace()
            switch current {
            case UInt8(ascii: "{"): try scanModel(plan, isReference: false)
            case UInt8(ascii: "n"): try skipValue()
            default: throw GiveUp()
            }
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                leaveContainer()
                return
            default: throw GiveUp()
            }
        }
    }

    /// The plan of an associated type, remembered for the rest of the pass: a response repeats the
    /// same few types a thousand times, and the shared table takes a lock per lookup.
    private mutating func plan(of type: any Model.Type) -> ModelDecodingPlan {
        let key = ObjectIdentifier(type)
        for (known, plan) in plans where known == key { return plan }
        let plan = ModelDecodingPlan.of(type)
        plans.append((key, plan))
        return plan
    }

    private mutating func append(_ insertion: Insertion) {
        if let last = insertions.last, last.position > insertion.position { insertionsInOrder = false }
        insertions.append(insertion)
    }

    /// A key value as ``ModelFieldsContainer`` would read it (string, number, or any JSON value).
    private func identifierValue(_ range: Range<Int>?) throws(GiveUp) -> JSONValue {
        guard let range else { return .null }
        let slice = UnsafeBufferPointer(rebasing: bytes[range])
        switch slice.first ?? 0 {
        case UInt8(ascii: "\"") where !slice.contains(UInt8(ascii: "\\")):
            return .string(String(decoding: UnsafeBufferPointer(rebasing: slice.dropFirst().dropLast()), as: UTF8.self))
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            guard let number = Double(String(decoding: slice, as: UTF8.self)) else { throw GiveUp() }
            return .number(number)
        default:
            guard let value = try? JSONValue(parsing: Data(slice)) else { throw GiveUp() }
            return value
        }
    }
}
