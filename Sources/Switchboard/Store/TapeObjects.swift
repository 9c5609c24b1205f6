/// Looking up an object's members on a tape by name, for the normalizer.
extension JSONTapeView {
    /// The token of the value of member `name` of the object at `object`, or `nil`. `hint` is the
    /// key token to try first; it is moved past the member found, because a selection set's fields
    /// usually come in the order the response has them, so most lookups compare one key.
    func member(_ name: [UInt8], ofObjectAt object: Int, hint: inout Int) -> Int? {
        let end = Int(tokens[object].end)
        let first = object + 1
        guard first < end else { return nil }
        let start = hint > object && hint < end ? hint : first
        return name.withUnsafeBufferPointer { name in
            var key = start
            repeat {
                if self.key(key, equals: name) {
                    hint = next(after: key + 1)
                    return key + 1
                }
                key = next(after: key + 1)
                if key >= end { key = first }
            } while key != start
            return nil
        }
    }

    /// The JSON text of the scalar at `index` (a string with its quotes), or `nil` for an array
    /// or an object.
    func scalarText(_ index: Int) -> [UInt8]? {
        switch tokens[index].kind {
        case .null: return Array("null".utf8)
        case .true: return Array("true".utf8)
        case .false: return Array("false".utf8)
        case .number: return Array(raw(index))
        case .string:
            let raw = raw(index)
            var text = [UInt8](repeating: UInt8(ascii: "\""), count: raw.count + 2)
            text.withUnsafeMutableBufferPointer { text in
                _ = UnsafeMutableBufferPointer(rebasing: text[1..<(raw.count + 1)]).initialize(from: raw)
            }
            return text
        case .array, .object: return nil
        }
    }

    /// The text a key field's value contributes to a cache key: a string's characters, a number's
    /// digits or a Boolean; `nil` for anything else.
    func keyText(_ index: Int) -> String? {
        switch tokens[index].kind {
        case .string: string(index)
        case .number: numberText(index)
        case .true: "true"
        case .false: "false"
        case .null, .array, .object: nil
        }
    }
}
