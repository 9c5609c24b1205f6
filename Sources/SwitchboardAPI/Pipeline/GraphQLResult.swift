import Foundation
import SwitchboardCore

/// One result of an operation, as the GraphQL-level stages pass it on: the response and where it
/// came from.
public struct GraphQLResult<R: Sendable>: Sendable {
    /// Where a result came from.
    public enum Source: Sendable, Hashable {
        /// Read from the record store.
        case cache
        /// Sent by the server.
        case server
    }

    /// The result: always `.success` when read from the store.
    public var response: GraphQLResponse<R>
    /// Where the result came from.
    public var source: Source
    /// The response's `data` object where the decoder read it, so that the store normalizes it
    /// without reading the body again; set on a server's plain success.
    var data: ResponseData?

    /// A result.
    public init(response: GraphQLResponse<R>, source: Source) {
        self.response = response
        self.source = source
    }
}

/// One result of a query run with `CacheAndNetworkPolicy.returnCacheDataAndFetch`: where it came
/// from and what it holds.
public typealias CachedQueryResult<Data: Sendable> = GraphQLResult<Data>

/// A response's `data` object: its token on the tape the response was read into.
struct ResponseData: Sendable {
    let tape: JSONTape
    let index: Int
}
