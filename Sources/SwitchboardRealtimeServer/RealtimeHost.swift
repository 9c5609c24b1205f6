import Switchboard
import SwitchboardCore
import SwitchboardNet

/// One real-time server's connections, whatever serves their subscriptions: it answers the
/// WebSocket upgrade, admits connections (``RealtimeServerOptions/maximumConnections``, none while
/// shutting down), numbers them, serves each with a ``RealtimeSession``, counts them and their
/// subscriptions, checks ``RealtimeServerOptions/requiredHeaders`` at `connection_init`, and
/// closes or drops them all. The mock and the local server each run one, with their own backend.
///
/// Its state is behind one lock, never held across an `await`.
package final class RealtimeHost: Sendable {
    private struct State {
        var sessions: [Int: RealtimeSession] = [:]
        var nextNumber = 0
        var accepted = 0
        /// Active subscription ids by session number, so a disconnect forgets its own at once.
        var subscriptions: [Int: Set<String>] = [:]
        var activeSubscriptions = 0
        var started = 0
        var isShutDown = false
        var keepAlivePaused = false
    }

    package let options: RealtimeServerOptions
    private let state = Locked(State())

    package init(options: RealtimeServerOptions) {
        self.options = options
    }

    /// The answer to a WebSocket upgrade of a real-time endpoint: `503` when
    /// ``RealtimeServerOptions/maximumConnections`` are open, else the handshake's answer, whose
    /// connection a session serves with `backend`.
    package func upgrade(_ request: HTTPRequest, backend: any RealtimeBackend) -> HTTPResponse {
        let limit = options.maximumConnections
        guard state.withLock({ $0.sessions.count }) < limit else {
            return .text("too many real-time connections (at most \(limit))\n", status: 503)
        }
        let configuration = WebSocketConfiguration(maximumMessageSize: 1 << 20, writeTimeout: options.writeTimeout)
        let hosted = HostedBackend(host: self, backend: backend)
        return RealtimeHandshake.upgrade(request, configuration: configuration) { socket, dialect, headers in
            enum Admission {
                case admitted(RealtimeSession)
                case full
                case shuttingDown
            }
            let admission = self.state.withLock { state -> Admission in
                guard !state.isShutDown else { return .shuttingDown }
                // Upgrades that passed the check above together may have filled the table.
                guard state.sessions.count < limit else { return .full }
                state.nextNumber += 1
                state.accepted += 1
                let session = RealtimeSession(
                    number: state.nextNumber, socket: socket, dialect: dialect, headers: headers, backend: hosted,
                    options: self.options)
                state.sessions[state.nextNumber] = session
                return .admitted(session)
            }
            switch admission {
            case .admitted(let session):
                await session.run()
            case .full:
                await socket.close(code: 1013, reason: "too many real-time connections")
            case .shuttingDown:
                // A client reconnecting while the server stops must not keep it waiting.
                await socket.close(code: 1001, reason: "server shutting down")
            }
        }
    }

    /// Counters of connections and subscriptions.
    package var statistics: RealtimeServerStatistics {
        state.withLock { state in
            RealtimeServerStatistics(
                connectionsAccepted: state.accepted, openConnections: state.sessions.count,
                activeSubscriptions: state.activeSubscriptions, subscriptionsStarted: state.started)
        }
    }

    /// Whether `ka` messages are held back (tests of keep-alive timeouts).
    package var keepAlivePaused: Bool {
        get { state.withLock { $0.keepAlivePaused } }
        set { state.withLock { $0.keepAlivePaused = newValue } }
    }

    /// Notes that the server ended subscription `id` of `session` (a scripted `complete`).
    package func subscriptionEnded(session: Int, id: String) {
        state.withLock { state in
            if state.subscriptions[session]?.remove(id) != nil { state.activeSubscriptions -= 1 }
        }
    }

    /// Closes every connection with 1001 (server shutdown); upgrades from now on are refused.
    package func shutdown() async {
        let all = state.withLock { state in
            state.isShutDown = true
            return Array(state.sessions.values)
        }
        for session in all { await session.shutdown() }
    }

    /// Drops every connection without a closing handshake, as a network failure would.
    package func dropAll() async {
        for session in state.withLock({ Array($0.sessions.values) }) { await session.abort() }
    }

    fileprivate func started(session: Int, id: String) {
        state.withLock { state in
            if state.subscriptions[session, default: []].insert(id).inserted {
                state.started += 1
                state.activeSubscriptions += 1
            }
        }
    }

    fileprivate func disconnected(session: Int) {
        state.withLock { state in
            state.sessions[session] = nil
            state.activeSubscriptions -= state.subscriptions.removeValue(forKey: session)?.count ?? 0
        }
    }
}

/// A backend as the host runs it: the required headers checked first, subscriptions counted.
private struct HostedBackend: RealtimeBackend {
    let host: RealtimeHost
    let backend: any RealtimeBackend

    func connect(headers: HTTPHeaders, session: RealtimeSession) async -> [JSONValue]? {
        var problems: [String] = []
        for (name, expected) in host.options.requiredHeaders.sorted(by: { $0.key < $1.key }) {
            if let actual = headers[name] {
                if expected != "*" && actual != expected { problems.append("header \(name) has a different value") }
            } else {
                problems.append("header \(name) is missing")
            }
        }
        if !problems.isEmpty {
            let reason = problems.joined(separator: "; ")
            return [RealtimeErrors.error("UnauthorizedException", "You are not authorized: \(reason)", code: 401)]
        }
        return await backend.connect(headers: headers, session: session)
    }

    func start(_ request: RealtimeStartRequest, session: RealtimeSession) async -> [JSONValue]? {
        let errors = await backend.start(request, session: session)
        if errors == nil { host.started(session: session.number, id: request.id) }
        return errors
    }

    func stop(id: String, session: RealtimeSession) async {
        host.subscriptionEnded(session: session.number, id: id)
        await backend.stop(id: id, session: session)
    }

    func disconnected(session: RealtimeSession) async {
        host.disconnected(session: session.number)
        await backend.disconnected(session: session)
    }

    func keepAlivePaused() async -> Bool {
        if host.keepAlivePaused { return true }
        return await backend.keepAlivePaused()
    }
}
