import SwitchboardCore
import TestSupport
import Testing

@testable import SwitchboardNet

/// `HTTPResponse.afterSent`: work a request caused that must not delay its answer (the local
/// server's subscription fan-out) runs once the answer is written, before the connection's next
/// request.
struct HTTPServerAfterSentTests {
    @Test func theAnswerArrivesWhileItsFollowUpRunsAndTheNextRequestWaitsForIt() async throws {
        let (started, startedSignal) = AsyncStream.makeStream(of: Void.self)
        let (release, releaseSignal) = AsyncStream.makeStream(of: Void.self)
        let log = Locked<[String]>([])
        let server = try await HTTPServer.start(configuration: .patient()) { request in
            log.withLock { $0.append("respond \(request.path)") }
            var response = HTTPResponse.text(request.path)
            let path = request.path
            response.afterSent = {
                log.withLock { $0.append("after \(path)") }
                guard path == "/one" else { return }
                startedSignal.yield()
                for await _ in release { break }
            }
            return response
        }
        do {
            try await onEventLoop {
                var client = try await RawHTTPClient.connect(port: server.port)
                try await client.send("GET /one HTTP/1.1\r\nHost: x\r\n\r\nGET /two HTTP/1.1\r\nHost: x\r\n\r\n")
                // The first answer is read while its follow-up is still blocked.
                #expect(try #require(try await client.readResponse()).body == "/one")
                let followUpStarted = try await resultUnlessHung(deadline: .seconds(20)) {
                    for await _ in started { return true }
                    return false
                }
                #expect(followUpStarted == true)
                #expect(log.withLock { $0 } == ["respond /one", "after /one"])
                releaseSignal.yield()
                #expect(try #require(try await client.readResponse()).body == "/two")
                #expect(log.withLock { Array($0.prefix(3)) } == ["respond /one", "after /one", "respond /two"])
                await client.connection.close()
            }
        } catch {
            releaseSignal.finish()
            await server.stop()
            throw error
        }
        await server.stop()
    }

    /// A client that leaves before its answer is written does not cancel the follow-up (the local
    /// server's mutation has committed, so its subscribers must still hear of it).
    @Test func theFollowUpRunsWhenTheClientLeftBeforeTheAnswer() async throws {
        let (ran, ranSignal) = AsyncStream.makeStream(of: String.self)
        let (leave, leaveSignal) = AsyncStream.makeStream(of: Void.self)
        let server = try await HTTPServer.start(configuration: .patient()) { request in
            // Answers only after the client has closed its end.
            for await _ in leave { break }
            var response = HTTPResponse.text(String(repeating: "x", count: 4 << 20))
            response.afterSent = { ranSignal.yield(request.path) }
            return response
        }
        do {
            try await onEventLoop {
                let client = try await RawHTTPClient.connect(port: server.port)
                try await client.send("GET /gone HTTP/1.1\r\nHost: x\r\n\r\n")
                await client.connection.close()
                leaveSignal.yield()
                let path = try await resultUnlessHung(deadline: .seconds(20)) {
                    var paths = ran.makeAsyncIterator()
                    return await paths.next()
                }
                #expect(path == "/gone", "the follow-up of an answer that could not be written did not run")
            }
        } catch {
            leaveSignal.finish()
            await server.stop()
            throw error
        }
        await server.stop()
    }
}
