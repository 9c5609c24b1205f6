import GraphQLLanguage
import SwitchboardCore
import SwitchboardNet
import Testing

@testable import SwitchboardServer

/// A run gives its loop a turn by time, not by resolver count alone: a few resolvers that each
/// hold the thread for a while (as one reading a megabyte page does) let the loop's other work
/// in between them.
@Suite struct ExecutionTurnTests {
    struct Context: Sendable {}

    /// Holds its thread for a millisecond, then counts its call.
    struct Busy: FieldResolver {
        let calls: Locked<Int>
        func resolve(_ call: FieldCall<Context>) async throws -> JSON {
            let end = ContinuousClock.now + .milliseconds(1)
            while ContinuousClock.now < end {}
            let count = calls.withLock { count in
                count += 1
                return count
            }
            return .int(count)
        }
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @Test func slowResolversLetTheLoopInBetweenThem() async throws {
        let calls = Locked(0)
        var resolvers = ResolverRegistry<Context>()
        resolvers.register(Busy(calls: calls), type: "Query", field: "slow")
        let executor = Executor(schema: try Schema(sdl: "type Query { slow: Int }"), resolvers: resolvers)
        let fields = 200
        let document = try Parser.parse("{ " + (0..<fields).map { "s\($0): slow" }.joined(separator: " ") + " }")
        let loop = try EventLoop()
        // The test's side runs on a loop of its own, not on the cooperative pool, which the
        // parallel suite can keep busy for longer than the whole run.
        let (seen, result) = try await withTaskExecutorPreference(try EventLoop()) {
            let run = Task(executorPreference: loop) {
                await executor.execute(document, operationName: nil, variables: JSONObject(), context: Context())
            }
            while calls.withLock({ $0 }) == 0 { try await Task.sleep(for: .microseconds(200)) }
            // Queued behind the run on its loop: it runs at the run's next turn.
            let seen = await Task(executorPreference: loop) { calls.withLock { $0 } }.value
            return (seen, await run.value)
        }
        #expect(result.errors.isEmpty)
        #expect(seen < fields, "the loop's other work waited for all \(fields) resolvers")
    }
}
