import Foundation
import SwitchboardNet

/// A loopback server whose answers are scripted byte by byte, for the transports' limit tests:
/// each connection's request head is read, then `respond` writes whatever it likes (an endless
/// body, a trickle, a lie about the length) before the connection is closed.
enum ScriptedHTTPServer {
    /// Starts the server; cancel the task to stop accepting.
    static func start(
        _ respond: @escaping @Sendable (TCPConnection) async throws -> Void
    ) throws -> (url: URL, task: Task<Void, Never>) {
        let listener = try TCPListener()
        let task = Task {
            while let connection = try? await listener.accept() {
                Task {
                    var head: [UInt8] = []
                    while head.firstRange(of: Array("\r\n\r\n".utf8)) == nil {
                        guard let bytes = try? await connection.read(maxBytes: 4096), !bytes.isEmpty else { return }
                        head += bytes
                    }
                    try? await respond(connection)
                    await connection.close()
                }
            }
        }
        return (URL(string: "http://127.0.0.1:\(listener.port)/graphql")!, task)
    }

    /// A `200 OK` JSON response head with the extra header `fields` (each ending in CRLF).
    static func head(_ fields: String) -> [UInt8] {
        Array("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n\(fields)\r\n".utf8)
    }
}
