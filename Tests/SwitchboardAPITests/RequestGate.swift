import Foundation
import SwitchboardCore

@testable import SwitchboardAPI

/// An interceptor that holds every request until the test opens it, so that tests about
/// requests in flight do not depend on how fast the machine is. A held request that is
/// cancelled stops waiting with `CancellationError`.
final class RequestGate: RequestInterceptor {
    private struct State {
        var isOpen = false
        var held: [Int: CheckedContinuation<Void, any Error>] = [:]
        var next = 0
    }

    private let state = Locked(State())

    /// The requests waiting at the gate.
    var heldCount: Int { state.withLock { $0.held.count } }

    func intercept(_ request: URLRequest) async throws -> URLRequest {
        let ticket = state.withLock { state -> Int in
            state.next += 1
            return state.next
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let passes = state.withLock { state -> Bool in
                    if !state.isOpen { state.held[ticket] = continuation }
                    return state.isOpen
                }
                if passes { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.held.removeValue(forKey: ticket) }?.resume(throwing: CancellationError())
        }
        try Task.checkCancellation()
        return request
    }

    /// Lets every held request and every later one through.
    func open() {
        let held = state.withLock { state in
            state.isOpen = true
            defer { state.held.removeAll() }
            return Array(state.held.values)
        }
        for continuation in held { continuation.resume() }
    }

    /// Waits, polling, until `condition` holds; fails after 30 s so that a broken test ends.
    static func waitUntil(_ what: String, _ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(30)
        while !condition() {
            guard ContinuousClock.now < deadline else { throw GateTimeout(what: what) }
            try await Task.sleep(for: .milliseconds(2))
        }
    }

    struct GateTimeout: Error, CustomStringConvertible {
        let what: String
        var description: String { "timed out waiting until \(what)" }
    }
}
