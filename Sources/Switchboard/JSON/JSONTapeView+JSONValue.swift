import SwitchboardCore

extension JSONTapeView {
    /// The value at `index` as a `JSONValue`: numbers as `Double` (one beyond its range is an
    /// error at its offset); of repeated keys, the last. A walk of its own rather than
    /// `value(_:builder:)`, whose generic walk is not specialized across modules and took a third
    /// longer for the same tree.
    package func jsonValue(_ index: Int) throws(JSONScanner.Failure) -> JSONValue {
        let token = tokens[index]
        switch token.kind {
        case .null: return .null
        case .true: return .boolean(true)
        case .false: return .boolean(false)
        case .number:
            guard let number = double(index) else {
                throw JSONScanner.Failure(
                    offset: Int(token.start),
                    reason: "number \(numberText(index).prefix(40)) is beyond the range of a Double")
            }
            // `-0` read as an integer is 0; as a Double it keeps its sign.
            if number == 0, raw(index).first == UInt8(ascii: "-") { return .number(-0.0) }
            return .number(number)
        case .string:
            return .string(string(index))
        case .array:
            var elements: [JSONValue] = []
            elements.reserveCapacity(Int(token.count))
            var element = index + 1
            while element < Int(token.end) {
                elements.append(try jsonValue(element))
                element = next(after: element)
            }
            return .array(elements)
        case .object:
            var members: [String: JSONValue] = [:]
            members.reserveCapacity(Int(token.count))
            var key = index + 1
            while key < Int(token.end) {
                members[string(key)] = try jsonValue(key + 1)
                key = next(after: key + 1)
            }
            return .object(members)
        }
    }
}

extension JSONTapeTree {
    /// `JSONValue`, built in one walk of the tape wherever a decoder meets it.
    package static let jsonValue = JSONTapeTree(type: JSONValue.self) { view, index throws(JSONScanner.Failure) in
        try view.jsonValue(index)
    }
}
