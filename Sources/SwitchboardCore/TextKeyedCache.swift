/// Values kept by the text they were made from (a parsed document by its query), bounded by how
/// many there are and by the length of their texts together, since a value made from text can
/// take many times its size (a parsed document up to 45 times). Past either bound the cache
/// starts over; a text longer than the longest allowed is never kept. The callers hold it under
/// their own lock.
package struct TextKeyedCache<Value> {
    /// How many values are kept.
    private let maximumCount: Int
    /// How many bytes of text the kept values may have together.
    private let maximumTextBytes: Int
    /// The longest text whose value is kept.
    private let maximumTextLength: Int
    private var values: [String: Value] = [:]
    /// The length of every kept text together.
    package private(set) var textBytes = 0

    package init(maximumCount: Int, maximumTextBytes: Int, maximumTextLength: Int) {
        self.maximumCount = maximumCount
        self.maximumTextBytes = maximumTextBytes
        self.maximumTextLength = maximumTextLength
    }

    /// The value kept for `text`.
    package subscript(text: String) -> Value? { values[text] }

    /// How many values are kept.
    package var count: Int { values.count }

    /// Keeps `value` for `text`, unless the text is too long; empties the cache first when it is
    /// full.
    package mutating func keep(_ value: Value, for text: String) {
        let length = text.utf8.count
        guard length <= maximumTextLength else { return }
        if values.count >= maximumCount || textBytes + length > maximumTextBytes {
            values.removeAll()
            textBytes = 0
        }
        if values.updateValue(value, forKey: text) == nil { textBytes += length }
    }
}

extension TextKeyedCache: Sendable where Value: Sendable {}
