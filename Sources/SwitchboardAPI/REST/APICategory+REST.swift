import Foundation

extension APICategory {
    /// Sends a `GET` to a REST API through the configured `APIPlugin` and returns the body:
    /// Amplify's `Amplify.API.get(request:)`. A status other than 2xx throws
    /// `APIError.httpStatusError` with the status, headers and a body excerpt.
    ///
    /// ```swift
    /// let data = try await Switchboard.API.get(request: RESTRequest(apiName: "orders", path: "/orders"))
    /// ```
    @discardableResult
    public func get(request: RESTRequest) async throws -> Data {
        try await apiPlugin().get(request: request)
    }

    /// Sends a `PUT` to a REST API and returns the body (see ``get(request:)``).
    @discardableResult
    public func put(request: RESTRequest) async throws -> Data {
        try await apiPlugin().put(request: request)
    }

    /// Sends a `POST` to a REST API and returns the body (see ``get(request:)``).
    @discardableResult
    public func post(request: RESTRequest) async throws -> Data {
        try await apiPlugin().post(request: request)
    }

    /// Sends a `PATCH` to a REST API and returns the body (see ``get(request:)``).
    @discardableResult
    public func patch(request: RESTRequest) async throws -> Data {
        try await apiPlugin().patch(request: request)
    }

    /// Sends a `DELETE` to a REST API and returns the body (see ``get(request:)``).
    @discardableResult
    public func delete(request: RESTRequest) async throws -> Data {
        try await apiPlugin().delete(request: request)
    }

    /// Sends a `HEAD` to a REST API; the body is empty (see ``get(request:)``).
    @discardableResult
    public func head(request: RESTRequest) async throws -> Data {
        try await apiPlugin().head(request: request)
    }

    /// Sends a REST request with `method` and returns the whole response (status, headers, body);
    /// see `APIPlugin.send(_:method:)`.
    public func send(_ request: RESTRequest, method: RESTOperationType) async throws -> HTTPTransportResponse {
        try await apiPlugin().send(request, method: method)
    }
}
