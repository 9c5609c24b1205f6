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

    private struct Entries {
        var documents: [String: Result<Document, GraphQLSyntaxError>] = [:]
        var textBytes = 0
    }

    private static let entries = Locked(Entries())

    /// The parsed `query`, or its syntax error, parsed once for as long as it stays cached.
    static func document(for query: String) -> Result<Document, GraphQLSyntaxError> {
        if let cached = entries.withLock({ $0.documents[query] }) { return cached }
        let parsed = Result { () throws(GraphQLSyntaxError) in try Parser.parse(query) }
        let length = query.utf8.count
        guard length <= maximumDocumentLength else { return parsed }
        entries.withLock { entries in
            if entries.documents.count >= maximumCount || entries.textBytes + length > maximumTextBytes {
                entries = Entries()
            }
            if entries.documents.updateValue(parsed, forKey: query) == nil { entries.textBytes += length }
        }
        return parsed
    }

    /// Whether `query` is kept, and the length of every kept text together.
    static func stateForTesting(_ query: String) -> (isKept: Bool, textBytes: Int) {
        entries.withLock { ($0.documents[query] != nil, $0.textBytes) }
    }
}
