import SwitchboardCore
import SwitchboardNet

/// Parsed and validated documents by query text, kept once per event loop (at most
/// ``maximumCopies``, loops beyond that sharing one): one cache that every loop read took a shared
/// reader/writer lock and shared each document's reference counts, plans and their locks, so
/// every request moved those cache lines between the loops' processors. A loop reads its own
/// copy (a thread off the loops reads the first), and a document is parsed once per loop that
/// asks for it.
///
/// Each copy holds at most ``GraphQLService/maximumCachedDocuments`` documents of at most
/// ``GraphQLService/maximumCachedDocumentBytes`` bytes of text together, and is emptied when it
/// fills; documents longer than ``GraphQLService/maximumCachedDocumentLength`` bytes are not
/// cached.
final class DocumentCache: Sendable {
    /// The most copies: as many as a server's loops at most.
    static let maximumCopies = 16

    private let copies: [ReadWriteLocked<TextKeyedCache<ParsedDocument>>]

    /// Empty caches, one per loop a server runs by default (see
    /// ``EventLoop/defaultServerLoopCount``).
    init(copies: Int = EventLoop.defaultServerLoopCount) {
        self.copies = (0..<min(max(copies, 1), Self.maximumCopies)).map { _ in
            ReadWriteLocked(
                TextKeyedCache(
                    maximumCount: GraphQLService.maximumCachedDocuments,
                    maximumTextBytes: GraphQLService.maximumCachedDocumentBytes,
                    maximumTextLength: GraphQLService.maximumCachedDocumentLength))
        }
    }

    /// The document of `query`, from `parse` when the calling loop's copy lacks it.
    func document(_ query: String, parse: () async -> ParsedDocument) async -> ParsedDocument {
        // The copy is chosen before `parse`, which may run on another thread.
        let copy = copies[(CurrentLoop.number ?? 0) % copies.count]
        if let cached = copy.withReadLock({ $0[query] }) { return cached }
        let result = await parse()
        copy.withWriteLock { $0.keep(result, for: query) }
        return result
    }

    /// How many documents the calling loop's copy holds, and the length of their texts.
    var countsForTesting: (documents: Int, textBytes: Int) {
        copies[(CurrentLoop.number ?? 0) % copies.count].withReadLock { ($0.count, $0.textBytes) }
    }
}
