// SwiftNIO WebSocket echo on loopback: Hummingbird server, WSClient client, the same sequential
// echo loop as Switchboard's websocket-bench. Prints "RESULT nio SIZE MESSAGES SECONDS".
import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore
import WSClient

let sizes = [64, 65_536]
let messages = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 20_000 : 20_000
let logger = Logger(label: "bench") { _ in SwiftLogNoOpLogHandler() }

actor PortBox {
    var port: Int?
    var waiters: [CheckedContinuation<Int, Never>] = []
    func set(_ port: Int) {
        self.port = port
        for waiter in waiters { waiter.resume(returning: port) }
        waiters = []
    }
    func get() async -> Int {
        if let port { return port }
        return await withCheckedContinuation { waiters.append($0) }
    }
}

let portBox = PortBox()
let app = Application(
    router: Router(),
    server: .http1WebSocketUpgrade(configuration: .init(ws: .init(maxFrameSize: 1 << 20, autoPing: .disabled))) {
        _, _, _ in
        .upgrade([:]) { inbound, outbound, _ in
            for try await message in inbound.messages(maxSize: 1 << 20) {
                switch message {
                case .text(let text): try await outbound.write(.text(text))
                case .binary(let buffer): try await outbound.write(.binary(buffer))
                }
            }
        }
    },
    configuration: .init(address: .hostname("127.0.0.1", port: 0)),
    onServerRunning: { channel in await portBox.set(channel.localAddress?.port ?? 0) },
    logger: logger
)
let serverTask = Task { try await app.runService() }
let port = await portBox.get()

for size in sizes {
    let count = size >= 65_536 ? max(messages / 10, 1) : messages
    try await WebSocketClient.connect(
        url: "ws://127.0.0.1:\(port)/echo", configuration: .init(maxFrameSize: 1 << 20), logger: logger
    ) { inbound, outbound, _ in
        var iterator = inbound.messages(maxSize: 1 << 20).makeAsyncIterator()
        let payload = ByteBuffer(bytes: (0..<size).map { UInt8(truncatingIfNeeded: $0) })
        // Warm-up round trips, then the timed loop.
        for _ in 0..<100 {
            try await outbound.write(.binary(payload))
            _ = try await iterator.next()
        }
        let start = ContinuousClock.now
        for _ in 0..<count {
            try await outbound.write(.binary(payload))
            guard case .binary(let echo)? = try await iterator.next(), echo.readableBytes == size else {
                fatalError("bad echo")
            }
        }
        let elapsed = ContinuousClock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        print("RESULT nio \(size) \(count) \(seconds)")
        try await outbound.close(.normalClosure, reason: nil)
    }
}
serverTask.cancel()
exit(0)
