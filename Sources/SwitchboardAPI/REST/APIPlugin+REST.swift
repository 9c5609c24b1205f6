import Foundation

extension APIPlugin {
    /// Sends a `GET` to a REST API and returns the response body; a status other than 2xx throws
    /// `APIError.httpStatusError` with the status, headers and a body excerpt, as Amplify does.
    @discardableResult
    public nonisolated func get(request: RESTRequest) async throws -> Data {
        try await send(request, method: .get).body
    }

    /// Sends a `PUT` to a REST API and returns the response body (see ``get(request:)``).
    @discardableResult
    public nonisolated func put(request: RESTRequest) async throws -> Data {
        try await send(request, method: .put).body
    }

    /// Sends a `POST` to a REST API and returns the response body (see ``get(request:)``).
    @discardableResult
    public nonisolated func post(request: RESTRequest) async throws -> Data {
        try await send(request, method: .post).body
    }

    /// Sends a `PATCH` to a REST API and returns the response body (see ``get(request:)``).
    @discardableResult
    public nonisolated func patch(request: RESTRequest) async throws -> Data {
        try await send(request, method: .patch).body
    }

    /// Sends a `DELETE` to a REST API and returns the response body (see ``get(request:)``).
    @discardableResult
    public nonisolated func delete(request: RESTRequest) async throws -> Data {
        try await send(request, method: .delete).body
    }

    /// Sends a `HEAD` to a REST API; the body is empty (see ``get(request:)``).
    @discardableResult
    public nonisolated func head(request: RESTRequest) async throws -> Data {
        try await send(request, method: .head).body
    }

    /// Sends a REST request with `method` through the API's HTTP-level stages (status check,
    /// authorization, interceptors, signer, transport and any added) and returns the whole
    /// response: status, headers (lower-cased names) and body. A status other than 2xx throws
    /// `APIError.httpStatusError`.
    ///
    /// ```swift
    /// let response = try await plugin.send(RESTRequest(apiName: "orders", path: "/orders"), method: .get)
    /// print(response.statusCode, response.headers["etag"] ?? "no etag")
    /// ```
    public nonisolated func send(_ request: RESTRequest, method: RESTOperationType) async throws
        -> HTTPTransportResponse
    {
        let (configuration, chains) = settings.withLock { ($0.configuration, $0.chains) }
        let endpoint = try endpoint(named: request.apiName, type: .rest, in: configuration)
        guard let chain = chains[endpoint.name] else {
            throw APIError.invalidConfiguration(
                "The API \"\(endpoint.name)\" has no chain.", "Configure the plugin again.")
        }
        let urlRequest = try request.urlRequest(method: method, endpoint: endpoint.endpoint, userAgent: Self.userAgent)
        let context = OperationContext(
            endpoint: endpoint, authorizationType: request.authMode ?? endpoint.authorizationType,
            operationType: method == .get || method == .head ? .query : .mutation, operationName: nil,
            options: request.options, restOperation: method)
        return try await traced(
            context.operationType, summary: "\(method.rawValue) \(urlRequest.url?.path ?? "/")",
            apiName: endpoint.name, outcome: { response, _ in "HTTP \(response.statusCode)" }
        ) { trace, _ in
            try await chain.http.run(urlRequest, context: context, trace: trace)
        }
    }
}
