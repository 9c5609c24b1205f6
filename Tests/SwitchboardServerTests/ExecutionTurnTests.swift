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

    /// Holds its thread for a millisecond, then counts its call; the first call also runs `first`.
    struct Busy: FieldResolver {
        let calls: Locked<Int>
        let first: @Sendable () -> Void
        func resolve(_ call: FieldCall<Context>) async throws -> JSON {
            let end = ContinuousClock.now + .milliseconds(1)
            while ContinuousClock.now < end {}
            let count = calls.withLock { count in
                count += 1
                return count
            }
            if count == 1 { first() }
            return .int(count)
        }
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @Test func slowResolversLetTheLoopInBetweenThem() async throws {
        let loop = try EventLoop()
        let calls = Locked(0)
        // Queued on the run's loop by its first resolver, so behind the run whatever else the
        // machine is doing (a test side that waited for the run to start, on a timer, was woken
        // after the whole run when the parallel suite kept the pool busy): it runs at the run's
        // next turn, and tells how many resolvers had run by then.
        let probe = Locked<Task<Int, Never>?>(nil)
        var resolvers = ResolverRegistry<Context>()
        resolvers.register(
            Busy(calls: calls) { probe.withLock { $0 = Task(executorPreference: loop) { calls.withLock { $0 } } } },
            type: "Query", field: "slow")
        let executor = Executor(schema: try Schema(sdl: "type Query { slow: Int }"), resolvers: resolvers)
        let fields = 200
        let document = try Parser.parse("{ " + (0..<fields).map { "s\($0): slow" }.joined(separator: " ") + " }")
        let result = await Task(executorPreference: loop) {
            await executor.execute(document, operationName: nil, variables: JSONObject(), context: Context())
        }.value
        #expect(result.errors.isEmpty)
        let seen = await (try #require(probe.withLock { $0 })).value
        #expect(seen < fields, "the loop's other work waited for all \(fields) resolvers")
    }
}
