extension GraphQLRequest {
    /// A request that runs a typed operation: its document, operation name and variables, with
    /// `data` decoded into the operation's `Data`. When no variable has a value to send, the body
    /// has no `variables` member.
    ///
    /// ```swift
    /// let request = GraphQLRequest(operation: HeroNameQuery(episode: .value(.empire)))
    /// let result = try await Switchboard.API.query(request: request)
    /// ```
    public init<Operation: GraphQLOperation>(
        operation: Operation, apiName: String? = nil, authMode: AuthorizationType? = nil,
        options: RequestOptions = RequestOptions()
    ) where R == Operation.Data {
        self.init(
            apiName: apiName, document: Operation.document, variables: operation.variables,
            responseType: Operation.Data.self, authMode: authMode, operationName: Operation.operationName)
        self.options = options
        // Without a variable to send (none declared, or all absent) the body has no `variables`.
        if variables?.isEmpty == true { variables = nil }
    }
}
