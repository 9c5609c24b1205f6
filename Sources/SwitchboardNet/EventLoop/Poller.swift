#if canImport(Glibc)
    import CSystemEvents
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The readiness interests of one descriptor, as the poller arms them.
struct Interest: OptionSet, Sendable {
    let rawValue: UInt8
    static let read = Interest(rawValue: 1)
    static let write = Interest(rawValue: 2)
}

/// One readiness report from the kernel.
struct ReadinessEvent: Sendable {
    var fd: Int32
    /// The number the descriptor was registered with: a report about a descriptor closed since,
    /// whose number a new socket now has, carries the old socket's number and is ignored.
    var token: UInt32
    var ready: Interest
    /// What stays ready from now on, because the peer closed its side (reads find the end at once)
    /// or the connection failed (reads and writes fail at once). Edge-triggered registrations
    /// report such a state only once, while a caller may still wait for it after a read that
    /// emptied the socket.
    var final: Interest = []
}

/// The operating system's readiness API: epoll on Linux, kqueue on Darwin.
///
/// Registrations are edge-triggered and made once per descriptor, for reading and writing
/// together: the kernel reports a descriptor when it becomes readable or writable, and nothing
/// needs re-arming after a report. That saves an `epoll_ctl` per wait, but a report only means
/// that something changed since the last one: the ``EventLoop`` remembers reports nobody waited
/// for, and callers wait only after a system call found nothing to do (`EAGAIN`), or after a read
/// that emptied the socket, so that no change goes unreported.
final class Poller: Sendable {
    private let pollFD: Int32
    private let wakeFD: Int32

    init() throws(NetworkError) {
        #if canImport(Glibc)
            let pollFD = epoll_create1(Int32(EPOLL_CLOEXEC))
            guard pollFD >= 0 else { throw .lastSystemError("epoll_create1") }
            let wakeFD = eventfd(0, Int32(EFD_CLOEXEC | EFD_NONBLOCK))
            guard wakeFD >= 0 else {
                close(pollFD)
                throw .lastSystemError("eventfd")
            }
            self.pollFD = pollFD
            self.wakeFD = wakeFD
            var event = epoll_event()
            event.events = EPOLLIN.rawValue
            event.data.u64 = UInt64(UInt32(bitPattern: wakeFD))
            guard epoll_ctl(pollFD, EPOLL_CTL_ADD, wakeFD, &event) == 0 else { throw .lastSystemError("epoll_ctl") }
        #else
            let pollFD = kqueue()
            guard pollFD >= 0 else { throw .lastSystemError("kqueue") }
            self.pollFD = pollFD
            self.wakeFD = -1
            var event = kevent(
                ident: 1, filter: Int16(EVFILT_USER), flags: UInt16(EV_ADD | EV_CLEAR), fflags: 0, data: 0, udata: nil)
            guard kevent(pollFD, &event, 1, nil, 0, nil) == 0 else { throw .lastSystemError("kevent") }
        #endif
    }

    deinit {
        close(pollFD)
        if wakeFD >= 0 { close(wakeFD) }
    }

    /// Adds `fd` to the interest set, edge-triggered, for reading and writing; its reports carry
    /// `token`. The kernel reports at once what is already true (a socket with bytes
    /// waiting, one that can be written to).
    func register(_ fd: Int32, token: UInt32) throws(NetworkError) {
        #if canImport(Glibc)
            var event = epoll_event()
            event.events = EPOLLIN.rawValue | EPOLLOUT.rawValue | EPOLLRDHUP.rawValue | EPOLLET.rawValue
            event.data.u64 = UInt64(token) << 32 | UInt64(UInt32(bitPattern: fd))
            if epoll_ctl(pollFD, EPOLL_CTL_ADD, fd, &event) != 0 { throw .lastSystemError("epoll_ctl") }
        #else
            let flags = UInt16(EV_ADD | EV_CLEAR)
            let udata = UnsafeMutableRawPointer(bitPattern: UInt(token))
            let changes = [
                kevent(ident: UInt(fd), filter: Int16(EVFILT_READ), flags: flags, fflags: 0, data: 0, udata: udata),
                kevent(ident: UInt(fd), filter: Int16(EVFILT_WRITE), flags: flags, fflags: 0, data: 0, udata: udata),
            ]
            if kevent(pollFD, changes, Int32(changes.count), nil, 0, nil) != 0 { throw .lastSystemError("kevent") }
        #endif
    }

    /// Removes `fd` from the interest set (before it is closed).
    func remove(_ fd: Int32) {
        #if canImport(Glibc)
            var event = epoll_event()
            _ = epoll_ctl(pollFD, EPOLL_CTL_DEL, fd, &event)
        #else
            var changes = [
                kevent(
                    ident: UInt(fd), filter: Int16(EVFILT_READ), flags: UInt16(EV_DELETE), fflags: 0, data: 0,
                    udata: nil),
                kevent(
                    ident: UInt(fd), filter: Int16(EVFILT_WRITE), flags: UInt16(EV_DELETE), fflags: 0, data: 0,
                    udata: nil),
            ]
            _ = kevent(pollFD, &changes, 2, nil, 0, nil)
        #endif
    }

    /// Interrupts a ``wait(into:timeout:buffer:)`` in progress on another thread.
    func wake() {
        #if canImport(Glibc)
            var one: UInt64 = 1
            _ = write(wakeFD, &one, 8)
        #else
            var event = kevent(
                ident: 1, filter: Int16(EVFILT_USER), flags: 0, fflags: UInt32(NOTE_TRIGGER), data: 0, udata: nil)
            _ = kevent(pollFD, &event, 1, nil, 0, nil)
        #endif
    }

    /// The kernel's reports, reused by every ``wait(into:timeout:buffer:)`` of one loop thread.
    struct Buffer {
        #if canImport(Glibc)
            fileprivate var raw = [epoll_event](repeating: epoll_event(), count: 128)
        #else
            fileprivate var raw = [kevent](repeating: kevent(), count: 128)
        #endif
    }

    /// Waits until at least one descriptor is ready, a wake-up or `timeout` (`nil`: no limit),
    /// appending readiness reports; with a zero `timeout` it only collects what is ready now. A
    /// wake-up is consumed here and reports nothing: the caller looks at its queues after every wait.
    func wait(into events: inout [ReadinessEvent], timeout: Duration?, buffer: inout Buffer) {
        #if canImport(Glibc)
            let count = epoll_wait(
                pollFD, &buffer.raw, Int32(buffer.raw.count), timeout.map(Self.milliseconds(rounding:)) ?? -1)
            guard count > 0 else { return }
            for raw in buffer.raw[0..<Int(count)] {
                let fd = Int32(bitPattern: UInt32(truncatingIfNeeded: raw.data.u64))
                let token = UInt32(truncatingIfNeeded: raw.data.u64 >> 32)
                if fd == wakeFD {
                    var value: UInt64 = 0
                    _ = read(wakeFD, &value, 8)
                    continue
                }
                var ready: Interest = []
                var final: Interest = []
                let errorMask = EPOLLERR.rawValue | EPOLLHUP.rawValue
                if raw.events & (EPOLLIN.rawValue | EPOLLRDHUP.rawValue | errorMask) != 0 { ready.insert(.read) }
                if raw.events & (EPOLLOUT.rawValue | errorMask) != 0 { ready.insert(.write) }
                if raw.events & EPOLLRDHUP.rawValue != 0 { final.insert(.read) }
                if raw.events & errorMask != 0 { final = [.read, .write] }
                events.append(ReadinessEvent(fd: fd, token: token, ready: ready, final: final))
            }
        #else
            let count: Int32
            if let timeout {
                let parts = max(timeout, .zero).components
                var limit = timespec(tv_sec: Int(parts.seconds), tv_nsec: Int(parts.attoseconds / 1_000_000_000))
                count = kevent(pollFD, nil, 0, &buffer.raw, Int32(buffer.raw.count), &limit)
            } else {
                count = kevent(pollFD, nil, 0, &buffer.raw, Int32(buffer.raw.count), nil)
            }
            guard count > 0 else { return }
            for raw in buffer.raw[0..<Int(count)] {
                if raw.filter == Int16(EVFILT_USER) { continue }
                let ready: Interest = raw.filter == Int16(EVFILT_READ) ? .read : .write
                let final: Interest = raw.flags & UInt16(EV_EOF | EV_ERROR) != 0 ? ready : []
                let token = UInt32(truncatingIfNeeded: UInt(bitPattern: raw.udata))
                events.append(ReadinessEvent(fd: Int32(raw.ident), token: token, ready: ready, final: final))
            }
        #endif
    }

    /// `timeout` in whole milliseconds for `epoll_wait`, rounded up so that a timer is never
    /// found not yet due when the wait ends (which would cost a spin of zero-length waits).
    private static func milliseconds(rounding timeout: Duration) -> Int32 {
        let parts = max(timeout, .zero).components
        let milliseconds = parts.seconds * 1000 + (parts.attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: milliseconds)
    }
}
