import Switchboard
import SwitchboardCore

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

    /// The scalar at `index` as the store keeps it, or `nil` for an array or an object.
    func storedLeaf(_ index: Int) -> StoredValue? {
        switch tokens[index].kind {
        case .null: .null
        case .true: .true
        case .false: .false
        case .number: .json(numberText(index))
        case .string: .string(string(index))
        case .array, .object: nil
        }
    }

    /// Appends the text a key field's value contributes to a cache key (a string's characters, a
    /// number's digits or a Boolean) to `key`; returns `false`, appending nothing, for anything else.
    func appendKeyText(_ index: Int, to key: inout [UInt8]) -> Bool {
        let token = tokens[index]
        switch token.kind {
        case .string where token.flag: key.append(contentsOf: string(index).utf8)
        case .string, .number: key.append(contentsOf: raw(index))
        case .true: key.append(contentsOf: "true".utf8)
        case .false: key.append(contentsOf: "false".utf8)
        case .null, .array, .object: return false
        }
        return true
    }
}
