import Switchboard
import SwitchboardCore

/// A record's fields, in the order they were first written: an array, searched from a hint,
/// with a dictionary index only for large records.
///
/// Records are small (a response object's fields) and written and read in the same order (the
/// selection set's), so a read that starts at the position the plan expects compares one key,
/// where a dictionary would hash every key on every write and read. A record that grows beyond
/// ``indexThreshold`` fields (a root record holding many queries' fields) gets an index, so
/// lookups stay constant time.
struct FieldTable<Value: Sendable>: Sendable {
    /// One field.
    struct Entry: Sendable {
        let key: String
        var value: Value
    }

    private(set) var entries: [Entry] = []
    /// Storage key → position, once the table has more than ``indexThreshold`` fields.
    private var index: [String: Int]?

    /// The field count beyond which the table keeps an index.
    static var indexThreshold: Int { 32 }

    init() {}

    /// A table of fields with distinct keys, in the given order.
    init(uniqueEntries: [Entry]) {
        entries = uniqueEntries
        if entries.count > Self.indexThreshold { rebuildIndex() }
    }

    var isEmpty: Bool { entries.isEmpty }

    /// The fields as a dictionary of transformed values (for ``Record``, which users see).
    func mapValues<T>(_ transform: (Value) -> T) -> [String: T] {
        var fields: [String: T] = [:]
        fields.reserveCapacity(entries.count)
        for entry in entries { fields[entry.key] = transform(entry.value) }
        return fields
    }

    /// The position of `key`, trying `hint` first.
    @inline(__always)
    func position(of key: String, hint: Int = 0) -> Int? {
        if hint < entries.count, entries[hint].key == key { return hint }
        if let index { return index[key] }
        for position in entries.indices where entries[position].key == key { return position }
        return nil
    }

    /// The value of `key`, looked up from `hint` (the position the field is expected at).
    @inline(__always)
    func value(_ key: String, hint: Int = 0) -> Value? {
        position(of: key, hint: hint).map { entries[$0].value }
    }

    subscript(key: String) -> Value? { value(key) }

    /// Sets the value of `key` (appended when new) and returns the old value.
    @discardableResult
    mutating func updateValue(_ value: Value, forKey key: String, hint: Int = 0) -> Value? {
        if let position = position(of: key, hint: hint) {
            let old = entries[position].value
            entries[position].value = value
            return old
        }
        entries.append(Entry(key: key, value: value))
        if index != nil {
            index?[key] = entries.count - 1
        } else if entries.count > Self.indexThreshold {
            rebuildIndex()
        }
        return nil
    }

    /// Removes the field `key` and returns its value.
    @discardableResult
    mutating func removeValue(forKey key: String) -> Value? {
        guard let position = position(of: key) else { return nil }
        let removed = entries.remove(at: position)
        if index != nil { rebuildIndex() }
        return removed.value
    }

    private mutating func rebuildIndex() {
        guard entries.count > Self.indexThreshold else {
            index = nil
            return
        }
        var index: [String: Int] = [:]
        index.reserveCapacity(entries.count)
        for (position, entry) in entries.enumerated() { index[entry.key] = position }
        self.index = index
    }
}
