extension GraphQLRequest {
    /// A request that runs a typed operation: its document, operation name and variables, with
    /// `data` decoded into the operation's `Data`.
    ///
    /// ```swift
    /// let request = GraphQLRequest(operation: HeroNameQuery(episode: .value(.empire)))
    /// let result = try await Switchboard.API.query(request: request)
    /// ```
    public init<Operation: GraphQLOperation>(
        operation: Operation, apiName: String? = nil, authMode: AuthorizationType? = nil
    ) where R == Operation.Data {
        if Operation.Variables.self == GraphQLNoVariables.self {
            self.init(
                apiName: apiName, document: Operation.document, variables: nil, responseType: Operation.Data.self,
                authMode: authMode, operationName: Operation.operationName)
        } else {
            self.init(
                apiName: apiName, document: Operation.document, variables: operation.variables,
                responseType: Operation.Data.self, authMode: authMode, operationName: Operation.operationName)
        }
    }
}
