import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A step that sees, and may change, every HTTP response of one API before it is checked and
/// decoded — to read a header, record a metric or rewrite a body.
///
/// ```swift
/// struct RequestID: ResponseInterceptor {
///     func intercept(_ response: HTTPTransportResponse, for request: URLRequest) async throws -> HTTPTransportResponse {
///         print("x-amzn-requestid:", response.headers["x-amzn-requestid"] ?? "none")
///         return response
///     }
/// }
/// try plugin.add(responseInterceptor: RequestID(), for: "todo")
/// ```
///
/// Response interceptors run in the order added, right after the transport (the pipeline's
/// ``StageName/responseInterceptors`` stage); the subscription handshake's `101` passes them too.
public protocol ResponseInterceptor: Sendable {
    /// Returns the response to check and decode; throw to fail the operation.
    func intercept(_ response: HTTPTransportResponse, for request: URLRequest) async throws -> HTTPTransportResponse
}

/// Runs the API's response interceptors, in the order added, on the response the transport returned.
struct ResponseInterceptorStage: OperationStage {
    let interceptors: [any ResponseInterceptor]

    var name: StageName { .responseInterceptors }

    func handle(_ request: URLRequest, context: OperationContext, next: OperationStageNext) async throws
        -> HTTPTransportResponse
    {
        var response = try await next(request, context)
        for interceptor in interceptors {
            do {
                response = try await interceptor.intercept(response, for: request)
            } catch is CancellationError {
                throw CancellationError()
            } catch let error as APIError {
                throw error
            } catch {
                throw APIError.operationError(
                    "The response interceptor \(type(of: interceptor)) failed: \(error)",
                    "See the underlying error thrown by the interceptor.", error)
            }
        }
        return response
    }
}
