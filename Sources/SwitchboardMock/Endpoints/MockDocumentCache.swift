import GraphQLLanguage
import SwitchboardCore

/// Parsed GraphQL documents by their text, shared by every mock server of the process: an app
/// sends the same few documents again and again, and parsing them was the largest part of a
/// mock's work per request. At most ``maximumCount`` documents of ``maximumTextBytes`` bytes of
/// text together are kept, past either the cache starts over; documents longer than
/// ``maximumDocumentLength`` are parsed every time. (A parsed document takes up to 45 times its
/// text, and a mock accepts bodies of 16 MiB: bounded by count alone, the cache could hold
/// gigabytes.)
enum MockDocumentCache {
    /// How many documents are kept.
    static let maximumCount = 256
    /// How many bytes of text the kept documents may have together.
    static let maximumTextBytes = 1 << 20
    /// The longest document kept.
    static let maximumDocumentLength = 64 * 1024

    private static let entries = Locked(
        TextKeyedCache<Result<Document, GraphQLSyntaxError>>(
            maximumCount: maximumCount, maximumTextBytes: maximumTextBytes, maximumTextLength: maximumDocumentLength))

    /// The parsed `query`, or its syntax error, parsed once for as long as it stays cached.
    static func document(for query: String) -> Result<Document, GraphQLSyntaxError> {
        if let cached = entries.withLock({ $0[query] }) { return cached }
        let parsed = Result { () throws(GraphQLSyntaxError) in try Parser.parse(query) }
        entries.withLock { $0.keep(parsed, for: query) }
        return parsed
    }

    /// Whether `query` is kept, and the length of every kept text together.
    static func stateForTesting(_ query: String) -> (isKept: Bool, textBytes: Int) {
        entries.withLock { ($0[query] != nil, $0.textBytes) }
    }
}
