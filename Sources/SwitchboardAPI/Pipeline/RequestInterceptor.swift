import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A custom step that may change every request to one API, for example to add a header.
///
/// Interceptors run after the API key or token is set and before IAM signing, so the headers they
/// add are signed. Add them with `APIPlugin.add(interceptor:for:)` or
/// `Switchboard.API.add(interceptor:for:)`; they run in the order added.
public protocol RequestInterceptor: Sendable {
    /// Returns the request to send; throw to fail the operation.
    func intercept(_ request: URLRequest) async throws -> URLRequest
}

/// Amplify's name for ``RequestInterceptor``.
public typealias URLRequestInterceptor = RequestInterceptor

/// Runs the custom interceptors of the operation's API in the order they were added.
struct InterceptorStage: RequestStage {
    let interceptors: [any RequestInterceptor]

    var name: String { "interceptors" }

    func handle(_ request: URLRequest, context: OperationContext, next: RequestChain) async throws
        -> HTTPTransportResponse
    {
        var request = request
        for interceptor in interceptors {
            do {
                request = try await interceptor.intercept(request)
            } catch is CancellationError {
                throw CancellationError()
            } catch let error as APIError {
                throw error
            } catch {
                throw APIError.operationError(
                    "The interceptor \(type(of: interceptor)) failed: \(error)",
                    "See the underlying error thrown by the interceptor.",
                    error
                )
            }
        }
        return try await next(request, context)
    }
}
