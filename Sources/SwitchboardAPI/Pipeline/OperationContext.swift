import Foundation

/// What every stage of one operation may need to know: which API, which authorization type (after
/// a per-request `authMode` override) and what kind of operation.
public struct OperationContext: Sendable {
    /// The configured API the operation goes to.
    public let endpoint: APIEndpointConfiguration
    /// The authorization type in effect for this operation.
    public let authorizationType: AuthorizationType
    /// Query, mutation or subscription.
    public let operationType: GraphQLOperationType

    /// The API's name.
    public var apiName: String { endpoint.name }
}
