import Dispatch
import Foundation
import SwitchboardCore

#if canImport(Glibc)
    import CSystemEvents
    import Glibc
#endif

/// What the machine itself allows a fan-out: `connections` loopback TCP connections, one
/// `frameBytes` write to each per event (spread over one writer thread per processor, as the
/// server spreads its connections over its loops), read by one thread per processor on `epoll`
/// (as the load generator reads its subscribers); the latency is from the first write to each
/// read, after ``warmUpEvents`` unmeasured events, as ``FanOutRun`` measures. No WebSocket, JSON
/// or GraphQL: only the system calls and wake-ups every server pays, so a fan-out result is judged
/// against this floor measured on the same machine in the same run.
struct FanOutFloor: Sendable {
    let connections: Int
    let events: Int
    /// The size of the `data` message the server sends for `FanOutRun`'s subscription.
    let frameBytes = 128
    /// Events written to every connection before the measured ones, as ``FanOutRun`` does.
    let warmUpEvents = FanOutRun.warmUpEvents

    /// What a floor run measured.
    struct Result {
        /// Each frame's latency.
        let deliveries: LatencySummary
        /// A round trip on one more connection right after each event's last frame arrived: one
        /// on a machine that the fan-out left.
        let roundTrips: LatencySummary
        /// A round trip on that connection whose answer is written just before each event's
        /// writes begin, and read while they go on: the mutation's place in `FanOutRun` (answered,
        /// then published) with a server that does nothing else, what sharing the processors
        /// with a fan-out alone costs it.
        let roundTripsDuringWrites: LatencySummary
    }

    func run() throws -> Result {
        #if os(Linux)
            let allPairs = try openPairs(connections + 1)
            defer {
                for (sender, receiver) in allPairs {
                    close(sender)
                    close(receiver)
                }
            }
            // The last pair carries the round trips: its far end echoes from a thread of its own.
            let echo = allPairs[connections]
            _ = fcntl(echo.receiver, F_SETFL, fcntl(echo.receiver, F_GETFL) & ~O_NONBLOCK)
            // Signalled once the echo of a whole round-trip frame "during writes" is written.
            let answered = DispatchSemaphore(value: 0)
            let echoThread = Thread {
                var buffer = [UInt8](repeating: 0, count: 4096)
                var duringBytes = 0
                while case let count = read(echo.sender, &buffer, buffer.count), count > 0 {
                    _ = send(echo.sender, buffer, count, Int32(MSG_NOSIGNAL))
                    guard buffer[0] == Self.duringWrites else { continue }
                    duringBytes += count
                    while duringBytes >= frameBytes {
                        duringBytes -= frameBytes
                        answered.signal()
                    }
                }
            }
            echoThread.start()
            // The client of the round trips during the writes: one per event, on a thread of its
            // own, as the mutation's client is.
            let go = DispatchSemaphore(value: 0)
            let done = DispatchSemaphore(value: 0)
            let roundTripsDuring = Locked<[Double]>([])
            let allEvents = warmUpEvents + events
            let client = Thread {
                for _ in 0..<allEvents {
                    go.wait()
                    if let latency = try? roundTrip(on: echo.receiver, marker: Self.duringWrites) {
                        roundTripsDuring.withLock { $0.append(latency) }
                    }
                    done.signal()
                }
            }
            client.start()
            var roundTrips: [Double] = []
            let pairs = Array(allPairs.prefix(connections))
            let writers = max(1, ProcessInfo.processInfo.activeProcessorCount)
            let arrivals = Locked<[Double]>([])
            let sendStart = Locked(ContinuousClock.now)
            // Read as the load generator reads its subscribers: one thread per processor, each with
            // its share of the connections.
            for reader in 0..<writers {
                let share = stride(from: reader, to: pairs.count, by: writers).map { pairs[$0].receiver }
                Thread { receiveAll(share, events: allEvents, arrivals: arrivals, sendStart: sendStart) }.start()
            }
            let frame = [UInt8](repeating: UInt8(ascii: "x"), count: frameBytes)
            for event in 0..<allEvents {
                go.signal()
                try Self.wait(for: answered, "the round trip during the writes was not answered")
                sendStart.withLock { $0 = ContinuousClock.now }
                DispatchQueue.concurrentPerform(iterations: writers) { writer in
                    frame.withUnsafeBytes { bytes in
                        for index in stride(from: writer, to: pairs.count, by: writers) {
                            _ = send(pairs[index].sender, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL))
                        }
                    }
                }
                let target = (event + 1) * connections
                let deadline = ContinuousClock.now + .seconds(30)
                while arrivals.withLock({ $0.count }) < target {
                    guard ContinuousClock.now < deadline else {
                        throw HTTPPostClientError(description: "fanout-floor: frames lost on loopback")
                    }
                    usleep(50)
                }
                try Self.wait(for: done, "the round trip during the writes did not end")
                roundTrips.append(try roundTrip(on: echo.receiver, marker: UInt8(ascii: "m")))
                usleep(2_000)
            }
            let during = roundTripsDuring.withLock { $0 }
            guard during.count == allEvents else {
                throw HTTPPostClientError(description: "fanout-floor: a round trip during the writes failed")
            }
            // Each event's frames all arrived before the next event's were written: the warm-up's
            // come first.
            return Result(
                deliveries: LatencySummary(Array(arrivals.withLock { $0 }.dropFirst(warmUpEvents * connections))),
                roundTrips: LatencySummary(Array(roundTrips.dropFirst(warmUpEvents))),
                roundTripsDuringWrites: LatencySummary(Array(during.dropFirst(warmUpEvents))))
        #else
            throw HTTPPostClientError(description: "fanout-floor measures epoll and runs on Linux only")
        #endif
    }

    #if os(Linux)
        /// The first byte of a round trip's frame during the writes, which the echo signals.
        private static let duringWrites = UInt8(ascii: "d")

        /// Waits for `signal`, failing with `failure` after 30 s rather than hanging the run.
        private static func wait(for signal: DispatchSemaphore, _ failure: String) throws {
            guard signal.wait(timeout: .now() + 30) == .success else {
                throw HTTPPostClientError(description: "fanout-floor: \(failure)")
            }
        }

        /// Sends a frame of `marker` bytes on `fd` and reads its echo (blocking), returning the
        /// milliseconds taken.
        private func roundTrip(on fd: Int32, marker: UInt8) throws -> Double {
            let frame = [UInt8](repeating: marker, count: frameBytes)
            let start = ContinuousClock.now
            guard send(fd, frame, frame.count, Int32(MSG_NOSIGNAL)) == frame.count else {
                throw HTTPPostClientError(description: "fanout-floor: the round-trip write failed")
            }
            var buffer = [UInt8](repeating: 0, count: frameBytes)
            var received = 0
            while received < frameBytes {
                let count = buffer.withUnsafeMutableBytes {
                    read(fd, $0.baseAddress! + received, frameBytes - received)
                }
                guard count > 0 else { throw HTTPPostClientError(description: "fanout-floor: the echo ended") }
                received += count
            }
            return (ContinuousClock.now - start).milliseconds
        }

        /// Connected loopback pairs: (the server's end, with `TCP_NODELAY`; the client's
        /// non-blocking end).
        private func openPairs(_ count: Int) throws -> [(sender: Int32, receiver: Int32)] {
            let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            defer { close(listener) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = in_addr_t(UInt32(0x7f00_0001).bigEndian)
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                    bind(listener, pointer, length) == 0 && listen(listener, 4096) == 0
                        && getsockname(listener, pointer, &length) == 0
                }
            }
            guard bound else { throw HTTPPostClientError(description: "fanout-floor: no loopback listener") }
            var pairs: [(sender: Int32, receiver: Int32)] = []
            for _ in 0..<count {
                let receiver = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
                let connected = withUnsafePointer(to: &address) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(receiver, $0, length) == 0 }
                }
                let sender = accept(listener, nil, nil)
                guard connected, sender >= 0 else {
                    throw HTTPPostClientError(description: "fanout-floor: connection \(pairs.count) failed")
                }
                var one: Int32 = 1
                setsockopt(sender, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
                _ = fcntl(receiver, F_SETFL, fcntl(receiver, F_GETFL) | O_NONBLOCK)
                pairs.append((sender, receiver))
            }
            return pairs
        }

        /// Reads every frame (edge-triggered `epoll`, reading each ready socket dry) and records
        /// each one's latency, until `events` frames arrived on every socket.
        private func receiveAll(
            _ receivers: [Int32], events: Int, arrivals: Locked<[Double]>,
            sendStart: Locked<ContinuousClock.Instant>
        ) {
            let poll = epoll_create1(0)
            defer { close(poll) }
            for fd in receivers {
                var event = epoll_event()
                event.events = EPOLLIN.rawValue | EPOLLET.rawValue
                event.data.fd = fd
                epoll_ctl(poll, EPOLL_CTL_ADD, fd, &event)
            }
            var ready = [epoll_event](repeating: epoll_event(), count: 256)
            var buffer = [UInt8](repeating: 0, count: 65_536)
            var received = 0
            // Bytes read per socket: a frame split across two reads counts once, when it completes.
            var bytesRead = [Int32: Int]()
            while received < receivers.count * events {
                let count = epoll_wait(poll, &ready, Int32(ready.count), 100)
                for index in 0..<max(0, Int(count)) {
                    while true {
                        let bytes = read(ready[index].data.fd, &buffer, buffer.count)
                        guard bytes > 0 else { break }
                        let arrived = ContinuousClock.now
                        let fd = ready[index].data.fd
                        let before = bytesRead[fd, default: 0]
                        bytesRead[fd] = before + bytes
                        let frames = (before + bytes) / frameBytes - before / frameBytes
                        let latency = (arrived - sendStart.withLock { $0 }).milliseconds
                        arrivals.withLock { $0.append(contentsOf: repeatElement(latency, count: frames)) }
                        received += frames
                    }
                }
            }
        }
    #endif
}
