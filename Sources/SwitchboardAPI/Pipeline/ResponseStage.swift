import Foundation

/// A stage after decoding. It may add entries to the decoder's `userInfo` before decoding (so that
/// types such as `List` can capture context while they decode) and adjust the decoded response.
protocol ResponseStage: Sendable {
    /// The stage's name in ``OperationMetrics``.
    var name: String { get }

    /// Adds what decoding should see for `request`.
    func prepareDecoding<R>(
        _ userInfo: inout [CodingUserInfoKey: any Sendable],
        request: GraphQLRequest<R>,
        context: OperationContext
    )

    /// Returns the response to hand to the caller.
    func process<R>(
        _ response: GraphQLResponse<R>,
        request: GraphQLRequest<R>,
        context: OperationContext,
        userInfo: [CodingUserInfoKey: any Sendable]
    ) -> GraphQLResponse<R>
}
