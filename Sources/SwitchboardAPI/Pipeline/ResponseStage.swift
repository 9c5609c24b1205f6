import Foundation

/// A step that takes part in decoding: it adds entries to the decoder's `userInfo`, so that types
/// such as `List` capture context while they decode (no second pass over the result).
protocol ResponseStage: Sendable {
    /// The stage's name in ``OperationMetrics``.
    var name: String { get }

    /// Adds what decoding should see for `request`.
    func prepareDecoding<R>(
        _ userInfo: inout [CodingUserInfoKey: any Sendable],
        request: GraphQLRequest<R>,
        context: OperationContext
    )
}
