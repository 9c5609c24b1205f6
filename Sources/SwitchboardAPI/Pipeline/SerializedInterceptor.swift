import Foundation
import SwitchboardCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Runs an interceptor that is not `Sendable` — an Amplify-style class with mutable state — for
/// one operation at a time, so that its state is never touched by two tasks at once.
// Unchecked: the wrapped interceptor is called for one request at a time, behind the gate below.
final class SerializedInterceptor: RequestInterceptor, @unchecked Sendable {
    // Unchecked: `base` is only used inside `gate`, which admits one caller at a time (FIFO), so
    // its state is never accessed concurrently.
    nonisolated(unsafe) private let base: any URLRequestInterceptor
    private let gate = AsyncLock()
    /// The wrapped type's name, for error messages.
    let typeName: String

    init(_ base: any URLRequestInterceptor) {
        self.base = base
        typeName = "\(type(of: base))"
    }

    func intercept(_ request: URLRequest) async throws -> URLRequest {
        try await gate.withLock { [self] in try await self.base.intercept(request) }
    }
}
