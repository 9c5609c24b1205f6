import Foundation
import Switchboard
import SwitchboardCore

/// The encoding of persisted records: a JSON object of fields, each `[writtenAt, value]`, where a
/// value is `["j", <the leaf's JSON>]`, `["r", "<key>"]` or `["l", [<values>]]`.
extension StoredRecord {
    func encoded() -> [UInt8] {
        var bytes: [UInt8] = [UInt8(ascii: "{")]
        for (index, entry) in fields.entries.sorted(by: { $0.key < $1.key }).enumerated() {
            let (storageKey, field) = (entry.key, entry.value)
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            JSONValue.appendQuoted(storageKey, to: &bytes)
            bytes.append(contentsOf: Array(":[".utf8))
            bytes.append(contentsOf: Array(JSONValue.number(field.writtenAt).jsonText.utf8))
            bytes.append(UInt8(ascii: ","))
            field.value.encode(into: &bytes)
            bytes.append(UInt8(ascii: "]"))
        }
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }

    init(decoding bytes: [UInt8], key: CacheKey) throws(RecordStoreError) {
        guard case .object(let members)? = try? JSONValue(parsing: Data(bytes)) else {
            throw .persistence("The saved record \(key) is not a JSON object.")
        }
        self.init()
        for (storageKey, field) in members {
            guard case .array(let parts) = field, parts.count == 2, let writtenAt = parts[0].doubleValue else {
                throw .persistence("The saved field \(storageKey) of record \(key) is not [time, value].")
            }
            fields.updateValue(
                StoredField(value: try StoredValue(decoding: parts[1], key: key), writtenAt: writtenAt),
                forKey: storageKey)
        }
        size = estimatedSize(key: key)
    }
}

extension StoredValue {
    fileprivate func encode(into bytes: inout [UInt8]) {
        switch self {
        case .string, .json:
            bytes.append(contentsOf: Array(#"["j","#.utf8))
            appendLeafText(to: &bytes)
        case .reference(let key):
            bytes.append(contentsOf: Array(#"["r","#.utf8))
            JSONValue.appendQuoted(key.rawValue, to: &bytes)
        case .list, .strings:
            let items = listItems ?? []
            bytes.append(contentsOf: Array(#"["l",["#.utf8))
            for (index, item) in items.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                item.encode(into: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        }
        bytes.append(UInt8(ascii: "]"))
    }

    fileprivate init(decoding value: JSONValue, key: CacheKey) throws(RecordStoreError) {
        guard case .array(let parts) = value, parts.count == 2, case .string(let tag) = parts[0] else {
            throw .persistence("A saved value of record \(key) is not [tag, value].")
        }
        switch (tag, parts[1]) {
        case ("j", let leaf):
            self = StoredValue(leaf: leaf)
        case ("r", .string(let reference)):
            self = .reference(CacheKey(reference))
        case ("l", .array(let items)):
            var values: [StoredValue] = []
            for item in items { values.append(try StoredValue(decoding: item, key: key)) }
            self = .list(of: values)
        default:
            throw .persistence("A saved value of record \(key) has the unknown form \(tag).")
        }
    }
}
