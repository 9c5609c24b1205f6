import Foundation
import Testing

@testable import SwitchboardNet

/// A raw TCP client sends hand-made frames to the server role: each violation gets its close
/// code, the handler sees a typed error, and other connections keep working.
struct WebSocketServerRoleTests {
    typealias Peer = RawWebSocketPeer

    static let violations: [(name: String, frames: [UInt8], code: UInt16)] = [
        ("unmasked client frame", Peer.frame(1, Array("hi".utf8), mask: nil), 1002),
        ("unknown opcode", Peer.frame(5, []), 1002),
        ("reserved bits", Peer.frame(1, Array("hi".utf8), rsv: 4), 1002),
        ("fragmented control frame", Peer.frame(9, [], fin: false), 1002),
        ("oversize control frame", Peer.frame(9, Array(repeating: 1, count: 126)), 1002),
        (
            "invalid UTF-8 split across fragments",
            Peer.frame(1, [0x61, 0xF0, 0x9F], fin: false) + Peer.frame(0, [0x41], fin: false), 1007
        ),
        ("oversize message", Peer.frame(2, Array(repeating: 0, count: 5000)), 1009),
        ("invalid close code", Peer.frame(8, [0x03, 0xEE]), 1002),
        ("bad UTF-8 close reason", Peer.frame(8, [0x03, 0xE8, 0xC3]), 1007),
    ]

    @Test(arguments: 0..<violations.count)
    func eachViolationGetsItsCloseCodeAndOtherConnectionsKeepWorking(index: Int) async throws {
        let violation = Self.violations[index]
        let log = WebSocketServerLog()
        let server = try await WebSocketTestServer.start(configuration: .init(maximumMessageSize: 4096), log: log)
        let bystander = try await WebSocket.connect(to: server.webSocketURL())

        var peer = try await Peer.connect(port: server.port)
        try await peer.send(violation.frames)
        #expect(try await peer.readCloseCode() == violation.code, "\(violation.name)")
        #expect(await peer.readsEndOfStream(), "the server closes TCP after failing: \(violation.name)")
        let error = await log.nextError()
        #expect(error.closeCode == violation.code, "\(violation.name): \(error)")

        try await bystander.send(text: "still fine")
        #expect(try await bystander.receive() == .text("still fine"))
        await bystander.close()
        await server.stop()
    }

    @Test(arguments: [
        (UInt8(4), UInt8(1), "reserved bit RSV1 set"), (UInt8(3), UInt8(2), "reserved bits RSV2, RSV3 set"),
        (UInt8(7), UInt8(9), "reserved bits RSV1, RSV2, RSV3 set"),
    ])
    func theReservedBitsErrorNamesTheBitsThatAreSet(rsv: UInt8, opcode: UInt8, expected: String) async throws {
        let log = WebSocketServerLog()
        let server = try await WebSocketTestServer.start(log: log)
        var peer = try await Peer.connect(port: server.port)
        try await peer.send(Peer.frame(opcode, Array("hi".utf8), rsv: rsv))
        #expect(try await peer.readCloseCode() == 1002)
        let error = await log.nextError()
        #expect("\(error)" == "WebSocket protocol violation at byte 0: \(expected) but no extension was negotiated")
        await peer.connection.close()
        await server.stop()
    }

    @Test func pingsAreAnsweredWithTheSamePayloadEvenBetweenFragments() async throws {
        let server = try await WebSocketTestServer.start()
        var peer = try await Peer.connect(port: server.port)
        try await peer.send(
            Peer.frame(1, Array("frag".utf8), fin: false) + Peer.frame(9, [9, 8, 7])
                + Peer.frame(0, Array("ment".utf8)))
        let pong = try #require(try await peer.readFrame())
        #expect(pong.opcode == 0xA && pong.payload == [9, 8, 7])
        let echo = try #require(try await peer.readFrame())
        #expect(echo.opcode == 1 && echo.payload == Array("fragment".utf8))
        await server.stop()
    }

    @Test func aCloseFrameIsEchoedAndTheServerClosesTCP() async throws {
        let log = WebSocketServerLog()
        let server = try await WebSocketTestServer.start(log: log)
        var peer = try await Peer.connect(port: server.port)
        try await peer.send(Peer.frame(8, [0x0F, 0xA0] + Array("bye".utf8)))
        #expect(try await peer.readCloseCode() == 4000)
        #expect(await peer.readsEndOfStream())
        while await log.closeCodes.isEmpty { try await Task.sleep(for: .milliseconds(5)) }
        #expect(await log.closeCodes == [4000])
        await server.stop()
    }

    @Test func framesSentRightAfterTheUpgradeRequestAreNotLost() async throws {
        let server = try await WebSocketTestServer.start()
        let connection = try await TCPConnection.connect(host: "127.0.0.1", port: server.port)
        var peer = Peer(connection: connection)
        let request =
            "GET / HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        try await peer.send(Array(request.utf8) + Peer.frame(1, Array("early".utf8)))
        _ = try await peer.readHead()
        let echo = try #require(try await peer.readFrame())
        #expect(echo.payload == Array("early".utf8))
        await server.stop()
    }

    @Test func invalidUpgradeRequestsGet400Or426() async throws {
        let server = try await WebSocketTestServer.start()
        let cases: [(String, Int)] = [
            ("Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n", 400),  // no key
            (
                "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: c2hvcnQ=\r\nSec-WebSocket-Version: 13\r\n",
                400
            ),
            (
                "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 8\r\n",
                426
            ),
            ("Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n", 426),
        ]
        for (headers, status) in cases {
            var client = try await RawHTTPClient.connect(port: server.port)
            try await client.send("GET / HTTP/1.1\r\nHost: x\r\n\(headers)\r\n")
            let response = try #require(try await client.readResponse())
            #expect(response.status == status, "\(headers)")
            if status == 426 && headers.contains("Version: 8") {
                #expect(response.header("Sec-WebSocket-Version") == "13")
            }
        }
        await server.stop()
    }
}
