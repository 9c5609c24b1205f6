import Foundation

/// Prepares a response body so that its models decode straight from `JSONDecoder`: one pass over
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
private struct ListMarkingScanner {
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
            try scanModel(ModelDecodingPlan.of(type), isReference: false)
        case (.list(let type), UInt8(ascii: "{")):
            _ = try scanListObject(ModelDecodingPlan.of(type))
        case (.list(let type), UInt8(ascii: "[")):
            try scanItems(ModelDecodingPlan.of(type))
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
                if key.count < 64 && keyLengths & (1 << UInt64(key.count)) == 0 {
                    // The rule LazyReference decodes by: any of the model's other fields makes a model.
                    if isReference && onlyKeyFields && Self.index(of: key, in: otherNames, bytes: bytes) != nil {
                        onlyKeyFields = false
                    }
                    try skipValue()
                } else if let keyIndex = Self.index(of: key, in: keyNames, bytes: bytes) {
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
                } else if let association = Self.index(of: key, in: associationNames, bytes: bytes) {
                    guard seen & (1 << UInt64(association)) == 0 else { throw GiveUp() }
                    seen |= 1 << UInt64(association)
                    onlyKeyFields = false
                    if let list = try scanAssociationValue(plan.associations[association]) {
                        presentLists.append((association, list.close, list.isEmpty))
                    }
                } else {
                    if isReference && onlyKeyFields && Self.index(of: key, in: otherNames, bytes: bytes) != nil {
                        onlyKeyFields = false
                    }
                    try skipValue()
                }
                if try memberSeparator() { break }
            }
        }
        let close = index
        index += 1
        depth -= 1
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
    private static func index(
        of key: Range<Int>, in names: [[UInt8]], bytes: UnsafeBufferPointer<UInt8>
    ) -> Int? {
        for position in names.indices where names[position].count == key.count {
            let matches = names[position].withUnsafeBufferPointer { name in
                memcmp(bytes.baseAddress! + key.lowerBound, name.baseAddress!, key.count) == 0
            }
            if matches { return position }
        }
        return nil
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
        index += 1
        depth -= 1
        return (close, isEmpty)
    }

    /// An array of model objects (or nulls).
    private mutating func scanItems(_ plan: ModelDecodingPlan) throws(GiveUp) {
        try enterContainer()
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            index += 1
            depth -= 1
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
                index += 1
                depth -= 1
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

    // MARK: - Output

    /// The body with every insertion written at its position.
    func markedBody() -> Data {
        guard !insertions.isEmpty, let source = bytes.baseAddress else { return Data(bytes) }
        let ordered =
            insertionsInOrder
            ? insertions
            : insertions.enumerated().sorted { ($0.element.position, $0.offset) < ($1.element.position, $1.offset) }
                .map(\.element)
        let markerKey = Array(NotLoadedListMarking.associationKey.utf8)
        var extra = 0
        for insertion in ordered {
            // [,]"name":digits
            extra +=
                (insertion.needsComma ? 1 : 0) + (insertion.association ?? markerKey).count + 3
                + digitCount(insertion.marker)
        }
        let count = bytes.count + extra
        let output = UnsafeMutablePointer<UInt8>.allocate(capacity: count)
        var written = 0
        var copied = 0
        for insertion in ordered {
            (output + written).update(from: source + copied, count: insertion.position - copied)
            written += insertion.position - copied
            copied = insertion.position
            if insertion.needsComma {
                output[written] = UInt8(ascii: ",")
                written += 1
            }
            output[written] = UInt8(ascii: "\"")
            written += 1
            let key = insertion.association ?? markerKey
            key.withUnsafeBufferPointer { (output + written).update(from: $0.baseAddress!, count: $0.count) }
            written += key.count
            output[written] = UInt8(ascii: "\"")
            output[written + 1] = UInt8(ascii: ":")
            written += 2
            let digits = digitCount(insertion.marker)
            var rest = insertion.marker
            for offset in stride(from: digits - 1, through: 0, by: -1) {
                output[written + offset] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            }
            written += digits
        }
        (output + written).update(from: source + copied, count: bytes.count - copied)
        return Data(bytesNoCopy: output, count: count, deallocator: .custom { pointer, _ in pointer.deallocate() })
    }

    private func digitCount(_ number: Int) -> Int {
        var digits = 1
        var rest = number / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        return digits
    }

    // MARK: - Syntax

    private static let itemsKey = Array("items".utf8)

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func expect(_ byte: UInt8) throws(GiveUp) {
        guard current == byte else { throw GiveUp() }
        index += 1
    }

    /// Steps into an object or array, refusing to nest deeper than the JSON scanner does.
    private mutating func enterContainer() throws(GiveUp) {
        depth += 1
        guard depth <= JSONScanner.maximumDepth else { throw GiveUp() }
        index += 1
    }

    /// Reads `"key":` and leaves the cursor on the value; escaped keys give up (they would need
    /// unescaping to compare, and never occur in practice).
    private mutating func keyAndColon() throws(GiveUp) -> Range<Int> {
        skipWhitespace()
        try expect(UInt8(ascii: "\""))
        let start = index
        index = quoteOrBackslash(from: index)
        guard current == UInt8(ascii: "\"") else { throw GiveUp() }
        let key = start..<index
        index += 1
        skipWhitespace()
        try expect(UInt8(ascii: ":"))
        skipWhitespace()
        return key
    }

    /// The position of the first `"` or `\` at or after `start` (or the end): eight bytes at a
    /// time, since keys and most values are short and a call to `memchr` costs as much as they do.
    private func quoteOrBackslash(from start: Int) -> Int {
        var position = start
        guard let base = bytes.baseAddress else { return bytes.count }
        while position + 8 <= bytes.count {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
            // A byte equal to the pattern becomes zero; the lowest flagged byte is exact (a borrow can
            // only flag bytes above it).
            let quotes = word ^ 0x2222_2222_2222_2222
            let backslashes = word ^ 0x5C5C_5C5C_5C5C_5C5C
            let flags =
                ((quotes &- 0x0101_0101_0101_0101) & ~quotes | (backslashes &- 0x0101_0101_0101_0101) & ~backslashes)
                & 0x8080_8080_8080_8080
            if flags != 0 { return position + flags.trailingZeroBitCount / 8 }
            position += 8
        }
        while position < bytes.count && bytes[position] != UInt8(ascii: "\"") && bytes[position] != UInt8(ascii: "\\") {
            position += 1
        }
        return position
    }

    /// After a member: `true` at the object's `}` (the cursor stays on it), `false` after a `,`.
    private mutating func memberSeparator() throws(GiveUp) -> Bool {
        skipWhitespace()
        switch current {
        case UInt8(ascii: ","):
            index += 1
            return false
        case UInt8(ascii: "}"): return true
        default: throw GiveUp()
        }
    }

    private func keyEquals(_ key: Range<Int>, _ name: [UInt8]) -> Bool {
        guard key.count == name.count else { return false }
        var offset = key.lowerBound
        for byte in name {
            guard bytes[offset] == byte else { return false }
            offset += 1
        }
        return true
    }

    /// Skips the string at the cursor (escapes included).
    private mutating func skipString() throws(GiveUp) {
        try expect(UInt8(ascii: "\""))
        while true {
            index = quoteOrBackslash(from: index)
            switch current {
            case UInt8(ascii: "\""):
                index += 1
                return
            case UInt8(ascii: "\\"): index += 2
            default: throw GiveUp()
            }
        }
    }

    /// Skips the value at the cursor.
    private mutating func skipValue() throws(GiveUp) {
        skipWhitespace()
        guard let byte = current else { throw GiveUp() }
        switch byte {
        case UInt8(ascii: "\""):
            try skipString()
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            let close = byte == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
            try enterContainer()
            skipWhitespace()
            if current == close {
                index += 1
                depth -= 1
                return
            }
            while true {
                if byte == UInt8(ascii: "{") {
                    try skipString()
                    skipWhitespace()
                    try expect(UInt8(ascii: ":"))
                }
                try skipValue()
                skipWhitespace()
                switch current {
                case UInt8(ascii: ","): index += 1
                case close:
                    index += 1
                    depth -= 1
                    return
                default: throw GiveUp()
                }
            }
        default:
            // A number or literal: up to the next delimiter (the decoder checks its spelling).
            let start = index
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0A, 0x0D:
                    guard index > start else { throw GiveUp() }
                    return
                default: index += 1
                }
            }
            throw GiveUp()
        }
    }
}
