import Foundation

/// One operation as the GraphQL-level stages see it: the request, what kind of operation it is,
/// and how the record store takes part.
public struct GraphQLOperationRequest<R: Decodable & Sendable>: Sendable {
    /// The document, variables, result type and decode path, API and authorization mode.
    public var request: GraphQLRequest<R>
    /// Query, mutation or subscription.
    public let operationType: GraphQLOperationType
    /// How the ``StageName/cache`` stage reads and writes the record store for a typed operation
    /// (requests made from a document and a type are not normalized into the store).
    public var cachePolicy: CachePolicy

    /// How many results the cache stage delivers.
    enum Delivery: Sendable {
        /// One: the store's or the server's, by ``cachePolicy``.
        case once
        /// The store's when it holds all of the data, then the server's.
        case cacheThenNetwork
        /// The store's data now and after every change, fetched from the server when missing.
        case watch
    }

    var delivery = Delivery.once
    /// What the store knows the operation by: set for typed operations only.
    var storeOperation: StoreOperation?
    /// The mutation's expected `data`, shown in the store until the server answers.
    var optimisticData: JSONValue?
    /// What lists and lazy references decoded from the response load more with (set by the list
    /// provider, read by the decoder).
    var modelContext: ModelRequestContext?

    /// An operation running `request`; the record store takes part only for typed operations.
    public init(
        _ request: GraphQLRequest<R>, operationType: GraphQLOperationType,
        cachePolicy: CachePolicy = .fetchIgnoringCacheCompletely
    ) {
        self.request = request
        self.operationType = operationType
        self.cachePolicy = cachePolicy
    }

    /// The operation's name: the request's `operationName`, else the first named operation of the
    /// document, else `nil`.
    var operationName: String? {
        if let name = request.operationName { return name }
        for keyword in ["query", "mutation", "subscription"] {
            guard let range = request.document.range(of: keyword + " ") else { continue }
            let name = request.document[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            if !name.isEmpty { return String(name) }
        }
        return nil
    }
}

extension GraphQLOperationRequest {
    /// A typed operation, known to the store as itself.
    init<Operation: GraphQLOperation>(
        operation: Operation, apiName: String?, authMode: AuthorizationType? = nil, cachePolicy: CachePolicy
    ) where R == Operation.Data {
        var request = GraphQLRequest(operation: operation, apiName: apiName, authMode: authMode)
        if request.variables?.isEmpty == true { request.variables = nil }
        self.init(request, operationType: Operation.operationType, cachePolicy: cachePolicy)
        if request.variablesError == nil {
            storeOperation = StoreOperation(
                document: Operation.document, operationName: Operation.operationName,
                variables: request.variables ?? [:], possibleTypes: Operation.possibleTypes)
        }
    }
}
