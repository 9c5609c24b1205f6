import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Amplify's interceptor protocol: a custom step that may change every request to one API, for
/// example to add a header. Any type conforms, classes with mutable state included.
///
/// Interceptors run after the API key or token is set and before IAM signing, so the headers they
/// add are signed. Add them with `APIPlugin.add(interceptor:for:)` or
/// `Switchboard.API.add(interceptor:for:)`; they run in the order added, for HTTP requests and for
/// the real-time handshake. An interceptor that is not `Sendable` is called by one operation at a
/// time; a ``RequestInterceptor`` (the `Sendable` form) is called concurrently.
public protocol URLRequestInterceptor {
    /// Returns the request to send; throw to fail the operation.
    func intercept(_ request: URLRequest) async throws -> URLRequest
}

/// An interceptor that is safe to call from many operations at once: concurrent operations run
/// it in parallel instead of one at a time.
public protocol RequestInterceptor: URLRequestInterceptor, Sendable {}

/// Runs the custom interceptors of the operation's API in the order they were added.
struct InterceptorStage: OperationStage {
    let interceptors: [any RequestInterceptor]

    var name: StageName { .interceptors }

    func handle(_ request: URLRequest, context: OperationContext, next: OperationStageNext) async throws
        -> HTTPTransportResponse
    {
        var request = request
        for interceptor in interceptors {
            request = try await Self.run(interceptor, on: request, during: "the request")
        }
        return try await next(request, context)
    }

    /// Runs one interceptor, turning its failure into an `APIError` that names it.
    static func run(_ interceptor: any RequestInterceptor, on request: URLRequest, during phase: String)
        async throws -> URLRequest
    {
        do {
            return try await interceptor.intercept(request)
        } catch is CancellationError {
            throw CancellationError()
        } catch let error as APIError {
            throw error
        } catch {
            let name = (interceptor as? SerializedInterceptor)?.typeName ?? "\(type(of: interceptor))"
            throw APIError.operationError(
                "The interceptor \(name) failed on \(phase): \(error)",
                "See the underlying error thrown by the interceptor.",
                error
            )
        }
    }
}
