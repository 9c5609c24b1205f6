import Foundation
import SwitchboardNet

/// Collects what server-side handlers saw, for assertions after the fact.
actor WebSocketServerLog {
    private(set) var errors: [WebSocketError] = []
    private(set) var requestHeaders: [HTTPHeaders] = []
    private(set) var closeCodes: [UInt16?] = []
    private var errorWaiters: [CheckedContinuation<WebSocketError, Never>] = []

    func record(_ error: WebSocketError) {
        if errorWaiters.isEmpty { errors.append(error) } else { errorWaiters.removeFirst().resume(returning: error) }
    }

    func record(headers: HTTPHeaders) { requestHeaders.append(headers) }
    func record(closeCode: UInt16?) { closeCodes.append(closeCode) }

    /// The next error a handler records (or the oldest one not yet taken).
    func nextError() async -> WebSocketError {
        if !errors.isEmpty { return errors.removeFirst() }
        return await withCheckedContinuation { errorWaiters.append($0) }
    }
}

/// An echo server on the Switchboard server role: every text or binary message comes back.
enum WebSocketTestServer {
    static func start(
        configuration: WebSocketConfiguration = .init(), log: WebSocketServerLog = WebSocketServerLog()
    ) async throws -> HTTPServer {
        try await HTTPServer.start(configuration: .patient()) { request in
            await log.record(headers: request.headers)
            if request.path == "/redirect" {
                return HTTPResponse(status: 302, headers: ["Location": "ws://127.0.0.1:1/elsewhere"])
            }
            if request.path == "/forbidden" { return .text("no token, no socket\n", status: 403) }
            return .webSocketUpgrade(for: request, configuration: configuration, selectSubprotocol: { $0.last }) {
                socket in
                do {
                    while let message = try await socket.receive() {
                        switch message {
                        case .text(let text) where text == "close-please":
                            await socket.close(code: 4000, reason: "as you wish")
                        case .text(let text): try await socket.send(text: text)
                        case .binary(let bytes): try await socket.send(binary: bytes)
                        }
                    }
                    await log.record(closeCode: socket.closeCode)
                } catch let error as WebSocketError {
                    await log.record(error)
                } catch {}
            }
        }
    }
}

extension HTTPServer {
    /// `ws://host:port/path`.
    func webSocketURL(_ path: String = "/") -> URL {
        URL(string: "ws://127.0.0.1:\(port)\(path)")!
    }
}
