import GraphQLLanguage
import SwitchboardCore

/// Parsed GraphQL documents by their text, shared by every mock server of the process: an app
/// sends the same few documents again and again, and parsing them was the largest part of a
/// mock's work per request. At most ``maximumCount`` are kept; past that the cache starts over.
enum MockDocumentCache {
    /// How many documents are kept.
    static let maximumCount = 256

    private static let documents = Locked<[String: Result<Document, GraphQLSyntaxError>]>([:])

    /// The parsed `query`, or its syntax error, parsed once for as long as it stays cached.
    static func document(for query: String) -> Result<Document, GraphQLSyntaxError> {
        if let cached = documents.withLock({ $0[query] }) { return cached }
        let parsed = Result { () throws(GraphQLSyntaxError) in try Parser.parse(query) }
        documents.withLock { documents in
            if documents.count >= maximumCount { documents.removeAll(keepingCapacity: true) }
            documents[query] = parsed
        }
        return parsed
    }
}
