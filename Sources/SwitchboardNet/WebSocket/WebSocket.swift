import Foundation
import SwitchboardCore

/// A WebSocket connection (RFC 6455) in the client or server role, over any ``ByteStream``
/// (plain TCP or TLS) on the event loop.
///
/// Reading happens only inside ``receive()``: a consumer that stops calling it stops the
/// reads, TCP flow control pushes back on the peer, and memory stays bounded by one message.
/// Pings are answered while receiving. One task may receive while others send.
///
/// ```swift
/// let socket = try await WebSocket.connect(to: URL(string: "ws://127.0.0.1:8080/echo")!)
/// try await socket.send(text: "hello")
/// if case .text(let reply) = try await socket.receive() { print(reply) }
/// await socket.close()
/// ```
package final class WebSocket: Sendable {
    enum Role: Sendable { case client, server }

    private enum Terminal: Sendable {
        case closed(code: UInt16?, reason: String)
        case failed(WebSocketError)
    }

    private struct State: Sendable {
        var closeSent = false
        var peerClose: (code: UInt16?, reason: String)?
        var terminal: Terminal?
        var receivedByteCount = 0
        var messageCapacity = 0
        var closeWaiters: [CheckedContinuation<Void, Never>] = []
        /// Whether the last ``receive()`` ended cancelled and gave the frame reader back, so that
        /// a close waiting for it to read the peer's reply reads it itself.
        var receiveLeftCancelled = false
    }

    private let stream: any ByteStream
    private let role: Role
    private let configuration: WebSocketConfiguration
    /// Checked out by the task in ``receive()`` (nil meanwhile), so reads never interleave.
    private let reader: Locked<WebSocketFrameReader?>
    /// Serializes whole frames on the wire: sends, automatic pongs and the close frame.
    private let writeLock = AsyncLock()
    private let state = Locked(State())

    /// The subprotocol the server chose from those offered, if any.
    package let subprotocol: String?
    /// The headers of the server's `101` answer to a client's upgrade, names lower-cased (none on
    /// the server side).
    package let upgradeResponseHeaders: [String: String]

    /// The numeric local address of the connection, when its stream knows it.
    package var localHost: String? { stream.localHost }

    /// The loop driving the connection's socket, when it writes the socket directly (not TLS).
    package var eventLoop: EventLoop? { stream.eventLoop }

    init(
        stream: any ByteStream, role: Role, subprotocol: String?, configuration: WebSocketConfiguration,
        leftover: [UInt8] = [], upgradeResponseHeaders: [String: String] = [:]
    ) {
        self.stream = stream
        self.role = role
        self.subprotocol = subprotocol
        self.upgradeResponseHeaders = upgradeResponseHeaders
        self.configuration = configuration
        var frameReader = WebSocketFrameReader(
            expectsMaskedFrames: role == .server, maximumMessageSize: configuration.maximumMessageSize,
            maximumFrameSize: configuration.maximumFrameSize)
        if !leftover.isEmpty { frameReader.append(leftover) }
        self.reader = Locked(frameReader)
    }

    /// Bytes of memory held for the incoming message being assembled, as of the last read (for
    /// tests and diagnostics).
    var incomingMessageCapacity: Int { state.withLock { $0.messageCapacity } }

    /// The close code the peer sent, once the closing handshake has happened.
    package var closeCode: UInt16? { state.withLock { $0.peerClose?.code } }
    /// The close reason the peer sent, once the closing handshake has happened.
    package var closeReason: String? { state.withLock { $0.peerClose?.reason } }

    // MARK: - Receiving

    /// The next data message, or `nil` after a clean closing handshake. Pings are answered and
    /// pongs skipped meanwhile. Throws ``WebSocketError`` when the peer breaks the protocol (after
    /// sending the matching close code) or the connection drops; `CancellationError` leaves the
    /// connection usable.
    package func receive() async throws -> WebSocketMessage? {
        guard var frameReader = reader.withLock({ $0.take() }) else {
            if let terminal = state.withLock({ $0.terminal }) { return try Self.result(of: terminal) }
            throw WebSocketError.concurrentReceive
        }
        state.withLock { $0.receiveLeftCancelled = false }
        var cancelled = false
        defer {
            reader.withLock { $0 = frameReader }
            // A close waiting for this receive to see the peer's reply reads it itself now.
            if cancelled { wakeCloseWaiters(receiveLeftCancelled: true) }
        }
        while true {
            if let terminal = state.withLock({ $0.terminal }) { return try Self.result(of: terminal) }
            do {
                while let event = try frameReader.nextEvent() {
                    switch event {
                    case .message(let message):
                        if state.withLock({ $0.closeSent }) { continue }  // draining after our close
                        return message
                    case .ping(let payload):
                        if !state.withLock({ $0.closeSent }) { try await writeFrame(.pong, payload) }
                    case .pong: continue
                    case .close(let code, let reason):
                        await handlePeerClose(code: code, reason: reason, reader: &frameReader)
                        return nil
                    }
                }
                state.withLock { $0.messageCapacity = frameReader.messageCapacity }
                let bytes = try await stream.read(maxBytes: configuration.readChunkSize)
                if bytes.isEmpty {
                    throw WebSocketError.connectionLost(byteOffset: frameReader.receivedByteCount)
                }
                frameReader.append(bytes)
                state.withLock { $0.receivedByteCount = frameReader.receivedByteCount }
            } catch let error as WebSocketError {
                await fail(with: error, reader: &frameReader)
                return try Self.result(of: state.withLock { $0.terminal } ?? .failed(error))
            } catch is CancellationError {
                cancelled = true
                throw CancellationError()
            } catch {
                // The socket failed or was closed locally (abort, timeout).
                let lost = WebSocketError.connectionLost(byteOffset: frameReader.receivedByteCount)
                finish(.failed(lost))
                return try Self.result(of: state.withLock { $0.terminal } ?? .failed(lost))
            }
        }
    }

    private static func result(of terminal: Terminal) throws -> WebSocketMessage? {
        switch terminal {
        case .closed: return nil
        case .failed(let error): throw error
        }
    }

    /// The peer sent a close frame: answer it (unless we started the handshake), then end TCP.
    private func handlePeerClose(code: UInt16?, reason: String, reader: inout WebSocketFrameReader) async {
        let mustReply = state.withLock { state in
            state.peerClose = (code, reason)
            let reply = !state.closeSent
            state.closeSent = true
            return reply
        }
        if mustReply {
            try? await writeFrame(.close, WebSocketFrameEncoder.closePayload(code: code, reason: ""))
        }
        await awaitTCPCloseIfClient()
        finish(.closed(code: code, reason: reason))
    }

    /// Fails the connection (§7.1.7): sends the close code for `error`, waits briefly for the
    /// peer's close, then drops TCP.
    private func fail(with error: WebSocketError, reader: inout WebSocketFrameReader) async {
        let mustSend = state.withLock { state in
            let send = !state.closeSent && state.terminal == nil
            state.closeSent = true
            return send
        }
        if mustSend, let code = error.closeCode, code != 1006 {
            try? await writeFrame(.close, WebSocketFrameEncoder.closePayload(code: code, reason: ""))
            if role == .client { await drainUntilClose(reader: &reader, recordPeerClose: false) }
        }
        finish(.failed(error))
    }

    /// Clients let the server close TCP first (§7.1.1), bounded by the close timeout.
    private func awaitTCPCloseIfClient() async {
        guard role == .client else { return }
        await withAbortTimer {
            while let bytes = try? await self.stream.read(maxBytes: 4096), !bytes.isEmpty {}
        }
    }

    /// Reads (discarding data) until the peer's close frame or EOF, bounded by the close timeout.
    private func drainUntilClose(reader: inout WebSocketFrameReader, recordPeerClose: Bool) async {
        let stream = self.stream
        let chunk = configuration.readChunkSize
        var local = reader
        await withAbortTimer {
            do {
                while true {
                    while let event = try local.nextEvent() {
                        if case .close(let code, let reason) = event {
                            if recordPeerClose { self.state.withLock { $0.peerClose = (code, reason) } }
                            await self.awaitTCPCloseIfClient()
                            return
                        }
                    }
                    let bytes = try await stream.read(maxBytes: chunk)
                    if bytes.isEmpty { return }
                    local.append(bytes)
                }
            } catch {
                return
            }
        }
        reader = local
    }

    /// Runs `body`; if it takes longer than the close timeout, or the calling task is cancelled
    /// before it ends, the stream is dropped, which ends any read in `body`. (A cancelled caller
    /// must not wait for ever: a server stopping cancels the tasks that close its connections.)
    private func withAbortTimer(
        onTimeout: @escaping @Sendable (WebSocket) -> Void = { $0.dropStream() }, _ body: () async -> Void
    ) async {
        let bodyEnded = Locked(false)
        await withTaskGroup(of: Void.self) { group in
            group.addTask { [timeout = configuration.closeTimeout, self] in
                try? await Task.sleep(for: timeout)
                if !bodyEnded.withLock({ $0 }) { onTimeout(self) }
            }
            await body()
            bodyEnded.withLock { $0 = true }
            group.cancelAll()
        }
    }

    // MARK: - Sending

    /// Sends a text message (fragmented above ``WebSocketConfiguration/maximumFrameSize``).
    package func send(text: String) async throws {
        try await send(texts: [text])
    }

    /// Sends text messages in order with one write: a server fanning an event out to many
    /// subscriptions of a connection makes one system call rather than one per message.
    package func send(texts: [String]) async throws {
        try ensureOpen()
        try await write(frames(of: texts.map(\.utf8)))
    }

    /// The frames of `texts` (each the UTF-8 of a message: a string's `utf8` view, or bytes that
    /// are valid UTF-8), one message after another.
    private func frames<Text: Collection<UInt8>>(of texts: [Text]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(texts.reduce(0) { $0 + $1.count + WebSocketFrameEncoder.maximumHeaderSize })
        for text in texts {
            // Read in place; only a text not stored contiguously (a bridged string) is copied.
            let appended: Void? = text.withContiguousStorageIfAvailable {
                appendFrames(.text, UnsafeRawBufferPointer($0), to: &bytes)
            }
            if appended == nil { Array(text).withUnsafeBytes { appendFrames(.text, $0, to: &bytes) } }
        }
        return bytes
    }

    /// Sends text messages now, with one write, if they can go without waiting: no other frame is
    /// being written and the socket takes at least part of them at once. `false` means nothing was
    /// written (the socket is busy, full, closed, or encrypted) and the caller should
    /// ``send(texts:)`` them. What the socket takes only in part is finished by a task before any
    /// other frame.
    ///
    /// A server publishing one event to many connections writes each one from the publishing
    /// thread this way, with no task to wake per connection.
    package func sendIfReady(texts: [String]) -> Bool {
        sendFramesIfReady { frames(of: texts.map(\.utf8)) }
    }

    /// ``sendIfReady(texts:)`` for texts given as their UTF-8 bytes (each valid UTF-8, which is
    /// not checked): a publisher that builds its messages as bytes sends them without making a
    /// `String` of each.
    package func sendIfReady(utf8Texts: [[UInt8]]) -> Bool {
        sendFramesIfReady { frames(of: utf8Texts) }
    }

    /// Writes the frames `makeFrames` returns if they can go without waiting (built only then).
    private func sendFramesIfReady(_ makeFrames: () -> [UInt8]) -> Bool {
        guard stream.writesWithoutWaiting, writeLock.tryLock() else { return false }
        // Checked holding the lock: a close sets `closeSent` before it takes the lock for its
        // frame, so no message can follow the close frame.
        guard (try? ensureOpen()) != nil else {
            writeLock.unlock()
            return false
        }
        let bytes = makeFrames()
        let written = stream.writeWithoutWaiting(bytes)
        guard written > 0 else {
            writeLock.unlock()
            return false
        }
        guard written < bytes.count else {
            writeLock.unlock()
            return true
        }
        // Part of the frame is on the wire: the rest goes next, still holding the lock, so no
        // other frame (a pong, the next message) can land inside it.
        let rest = Array(bytes[written...])
        Task {
            defer { self.writeLock.unlock() }
            try? await self.writeUnlocked(rest)
        }
        return true
    }

    /// Sends a binary message (fragmented above ``WebSocketConfiguration/maximumFrameSize``).
    package func send(binary: [UInt8]) async throws {
        try ensureOpen()
        var bytes: [UInt8] = []
        bytes.reserveCapacity(binary.count + WebSocketFrameEncoder.maximumHeaderSize)
        binary.withUnsafeBytes { appendFrames(.binary, $0, to: &bytes) }
        try await write(bytes)
    }

    /// Sends a ping (payload at most 125 bytes); the peer's pong is consumed by ``receive()``.
    package func ping(_ payload: [UInt8] = []) async throws {
        guard payload.count <= 125 else {
            throw WebSocketError.protocolViolation("ping payload over 125 bytes", byteOffset: 0)
        }
        try ensureOpen()
        try await writeFrame(.ping, payload)
    }

    private func ensureOpen() throws {
        let closed = state.withLock { state -> WebSocketError? in
            if case .failed(let error) = state.terminal { return error }
            if state.closeSent || state.terminal != nil {
                return .closed(code: state.peerClose?.code, reason: state.peerClose?.reason ?? "")
            }
            return nil
        }
        if let closed { throw closed }
    }

    /// Appends the frames of one message to `bytes`: one frame, or fragments of at most the
    /// maximum frame size.
    private func appendFrames(_ opcode: WebSocketOpcode, _ payload: UnsafeRawBufferPointer, to bytes: inout [UInt8]) {
        let masked = role == .client
        let frameSize = max(configuration.maximumFrameSize, 1)
        guard payload.count > frameSize else {
            WebSocketFrameEncoder.append(opcode: opcode, payload: payload, masked: masked, to: &bytes)
            return
        }
        var start = 0
        while start < payload.count {
            let end = min(start + frameSize, payload.count)
            WebSocketFrameEncoder.append(
                opcode: start == 0 ? opcode : .continuation, fin: end == payload.count,
                payload: UnsafeRawBufferPointer(rebasing: payload[start..<end]), masked: masked, to: &bytes)
            start = end
        }
    }

    private func writeFrame(_ opcode: WebSocketOpcode, _ payload: [UInt8]) async throws {
        let frame = payload.withUnsafeBytes {
            WebSocketFrameEncoder.frame(opcode: opcode, payload: $0, masked: role == .client)
        }
        try await write(frame)
    }

    private func write(_ frame: [UInt8]) async throws {
        try await writeLock.withLock { try await writeUnlocked(frame) }
    }

    private func writeUnlocked(_ frame: [UInt8]) async throws {
        do {
            if let timeout = configuration.writeTimeout {
                try await stream.write(frame, timeout: timeout)
            } else {
                try await stream.write(frame)
            }
        } catch is CancellationError {
            throw CancellationError()
        } catch let error as NetworkError where error.isTimeout {
            // Part of the frame may be on the wire: the connection cannot carry another one.
            let timedOut = WebSocketError.writeTimedOut(configuration.writeTimeout ?? .zero)
            finish(.failed(timedOut))
            throw timedOut
        } catch {
            throw WebSocketError.connectionLost(byteOffset: state.withLock { $0.receivedByteCount })
        }
    }

    // MARK: - Closing

    /// Starts (or completes) the closing handshake with `code` and `reason` (at most 123 bytes of
    /// UTF-8; longer reasons are truncated), waits up to ``WebSocketConfiguration/closeTimeout``
    /// for the peer's close frame, then closes TCP. Codes that may not be sent (1005, 1006,
    /// 1015, unassigned ones) are replaced by a close frame without a code.
    package func close(code: UInt16 = 1000, reason: String = "") async {
        let mustSend = state.withLock { state in
            let send = !state.closeSent && state.terminal == nil
            state.closeSent = true
            return send
        }
        if mustSend {
            let payload = WebSocketFrameEncoder.closePayload(
                code: WebSocketCloseCode.isValidOnWire(code) ? code : nil, reason: reason)
            do {
                try await writeFrame(.close, payload)
            } catch {
                finish(.failed(.connectionLost(byteOffset: state.withLock { $0.receivedByteCount })))
                return
            }
        }
        if var frameReader = reader.withLock({ $0.take() }) {
            await drainUntilClose(reader: &frameReader, recordPeerClose: true)
            reader.withLock { $0 = frameReader }
            let peer = state.withLock { $0.peerClose }
            finish(.closed(code: peer?.code, reason: peer?.reason ?? ""))
        } else {
            // Another task is in receive(): it sees the peer's close frame and finishes, unless
            // it leaves first (cancelled) — then this close reads the reply itself.
            await withAbortTimer(onTimeout: { $0.finish(.closed(code: nil, reason: "")) }) {
                await self.waitUntilFinishedOrReaderFree()
            }
            if state.withLock({ $0.terminal == nil }), var frameReader = reader.withLock({ $0.take() }) {
                await drainUntilClose(reader: &frameReader, recordPeerClose: true)
                reader.withLock { $0 = frameReader }
                let peer = state.withLock { $0.peerClose }
                finish(.closed(code: peer?.code, reason: peer?.reason ?? ""))
            }
            finish(.closed(code: nil, reason: ""))
        }
    }

    /// Whether a task is in ``receive()`` now (it holds the frame reader).
    package var isReceiving: Bool { reader.withLock { $0 == nil } }

    /// Drops the TCP connection without a closing handshake (the peer sees close code 1006).
    package func abort() {
        finish(.failed(.connectionLost(byteOffset: state.withLock { $0.receivedByteCount })))
    }

    /// Records how the connection ended (the first outcome wins), closes the stream and wakes
    /// tasks waiting in ``close(code:reason:)``.
    private func finish(_ terminal: Terminal) {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            if state.terminal == nil { state.terminal = terminal }
            let waiters = state.closeWaiters
            state.closeWaiters = []
            return waiters
        }
        dropStream()
        for waiter in waiters { waiter.resume() }
    }

    private func dropStream() { stream.closeWithoutWaiting() }

    /// Waits until the connection ended, or the task in ``receive()`` left it cancelled.
    private func waitUntilFinishedOrReaderFree() async {
        await withCheckedContinuation { continuation in
            // The flag is set under the state's lock, by a receive leaving cancelled after it
            // has put the reader back, with the wake-up: none is missed.
            let done = state.withLock { state in
                if state.terminal != nil || state.receiveLeftCancelled { return true }
                state.closeWaiters.append(continuation)
                return false
            }
            if done { continuation.resume() }
        }
    }

    /// Resumes the tasks waiting in ``close(code:reason:)``; each looks again at what it waits for.
    private func wakeCloseWaiters(receiveLeftCancelled: Bool) {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.receiveLeftCancelled = receiveLeftCancelled
            defer { state.closeWaiters = [] }
            return state.closeWaiters
        }
        for waiter in waiters { waiter.resume() }
    }
}
