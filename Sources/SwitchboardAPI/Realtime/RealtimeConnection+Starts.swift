import Foundation
import SwitchboardCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension RealtimeConnection {
    /// Starts the subscription `id` on the open socket, in a task of its own so that the read loop
    /// goes on meanwhile.
    func startSubscription(_ id: String) {
        guard entries[id] != nil, let socket else { return }
        let generation = socketsOpened
        startTasks[id]?.cancel()
        startTasks[id] = Task { await self.runStart(id, on: socket, generation: generation) }
    }

    /// On AppSync's protocol, runs the `start` through the API's HTTP-level stages, whose transport
    /// sends it and waits for `start_ack`; a `start` refused with `MaxSubscriptionsReachedError` is
    /// tried again after a back-off. On graphql-transport-ws, which authorizes the connection only,
    /// sends it, then a registration probe whose answer marks it connected.
    private func runStart(_ id: String, on socket: any RealtimeSocket, generation: Int) async {
        defer { if generation == socketsOpened { startTasks[id] = nil } }
        guard adapter.dialect == .appSync else {
            // Cancelled by a pause before it ran: a resume since has its own start, on a new id.
            guard let entry = entries[id], !Task.isCancelled else { return }
            do {
                try await socket.send(
                    text: adapter.startMessage(id: entry.wireID, request: entry.start, authorization: [:]))
            } catch {
                return  // the read loop sees the broken connection and reconnects
            }
            // Sent just as the socket was given up (a reconnect for authorization): the next
            // socket starts it again, and it is connected only then.
            guard generation == socketsOpened, !Task.isCancelled else { return }
            guard let probe = adapter.registrationProbe(id: entry.wireID) else {
                markConnected(id)
                return
            }
            // An event for it, read while the `subscribe` was being sent, already connected it.
            guard entries[id]?.acknowledged == false else { return }
            // Connected when the server answers the probe (the read loop), so that `.connected`
            // means an event published from then on arrives.
            registrationProbes.append((wireID: entry.wireID, id: id, sentAt: .now))
            try? await socket.send(text: probe)  // if it fails, the read loop reconnects
            return
        }
        while let entry = entries[id], !Task.isCancelled {
            do {
                guard let chain = chain() else {
                    throw APIError.invalidConfiguration(
                        "The API \"\(context.apiName)\" is no longer configured.",
                        "Subscribe again after configuring the plugin.")
                }
                let exchange = StartExchange(connection: self, id: id, socket: socket, generation: generation)
                var request = try authorizer.startRequest(data: entry.start.dataString)
                for (name, value) in entry.options.headers { request.setValue(value, forHTTPHeaderField: name) }
                _ = try await chain.http.run(
                    request,
                    context: context.phase(
                        .start, operationName: entry.operationName, options: entry.options, realtime: exchange),
                    trace: nil)
                return
            } catch is CancellationError {
                return
            } catch APIError.httpStatusError(401, let details) {
                // Refused again with a refreshed token, or a mode without one: the server's own words.
                if Task.isCancelled { return }
                await finish(id, with: .failed(SubscriptionError.rejected(details.graphQLErrors ?? [])))
                return
            } catch SubscriptionError.rejected(let errors)
                where Self.isLimited(errors) && entry.retries < configuration.reconnectAttempts
            {
                entries[id]?.retries += 1
                try? await Task.sleep(for: configuration.backoff(attempt: entry.retries + 1))
            } catch {
                if Task.isCancelled { return }
                await finish(id, with: .failed(error))
                return
            }
        }
    }

    /// Sends the `start` of `id` with `authorization` and waits for the server's acknowledgement,
    /// which it returns as the start's response (status 200, the `start_ack` message as the body).
    func sendStart(
        _ id: String, authorization: [String: String], on socket: any RealtimeSocket, generation: Int
    ) async throws -> HTTPTransportResponse {
        guard let entry = entries[id], isReady, generation == socketsOpened else { throw CancellationError() }
        let waiter = PendingAcknowledgement(deadline: .now + configuration.acknowledgementTimeout)
        // Waiting before sending: the acknowledgement may be read while the send is under way.
        pendingAcknowledgements[id]?.resolve(.failure(CancellationError()))
        pendingAcknowledgements[id] = waiter
        do {
            try await socket.send(
                text: adapter.startMessage(id: entry.wireID, request: entry.start, authorization: authorization))
        } catch {
            if pendingAcknowledgements[id] === waiter { pendingAcknowledgements[id] = nil }
            throw CancellationError()  // the read loop sees the broken connection and reconnects
        }
        let acknowledgement: String
        do {
            acknowledgement = try await waiter.value()
        } catch SubscriptionError.rejected(let errors) where Self.isUnauthorized(errors) {
            // Answered as an HTTP server answers a refused token, so that the authorization stage
            // does for a `start` what it does for a query: asks the token provider for a refreshed
            // token (one that expired since the connection opened) and tries once more.
            return HTTPTransportResponse(
                statusCode: 401, lowercasedHeaders: ["content-type": "application/json"],
                body: (try? JSONEncoder().encode(["errors": errors])) ?? Data())
        }
        return HTTPTransportResponse(statusCode: 200, lowercasedHeaders: [:], body: Data(acknowledgement.utf8))
    }

    /// Marks the subscriptions whose registration probes `payload` answers as connected.
    ///
    /// graphql-transport-ws acknowledges no subscription, so after each `subscribe` the client
    /// sends a ping naming it. A server handles one connection's messages in order, so the pong
    /// comes once the `subscribe` was handled: the subscription is registered, and so is every
    /// one probed before it. Keep-alive pings carry a payload of their own, so a server that
    /// echoes payloads answers no probe with a bare pong; one that does not echo them answers
    /// every probe sent so far with each pong: then `.connected` means what it did without
    /// probes, that the `subscribe` was sent.
    func answerRegistrationProbes(_ payload: JSONValue?) {
        var answered = registrationProbes.count
        if case .object(let object)? = payload,
            object[GraphQLTransportWSAdapter.probeKey] != nil || object[GraphQLTransportWSAdapter.keepAliveKey] != nil
        {
            serverEchoesPings = true
            // A keep-alive's answer, or a probe of a subscription stopped meanwhile: nothing.
            guard case .string(let wireID)? = object[GraphQLTransportWSAdapter.probeKey],
                let index = registrationProbes.firstIndex(where: { $0.wireID == wireID })
            else { return }
            answered = index + 1
        } else if serverEchoesPings {
            return  // a heartbeat the server sent unasked, with no payload or one of its own
        }
        connectFirstProbes(answered)
    }

    /// Removes the first `count` probes and marks the subscriptions they name connected (those
    /// still under the probed wire id: one paused and resumed since is probed anew).
    private func connectFirstProbes(_ count: Int) {
        let probes = registrationProbes.prefix(count)
        registrationProbes.removeFirst(count)
        for probe in probes where entries[probe.id]?.wireID == probe.wireID { markConnected(probe.id) }
    }

    /// An event for a subscription not yet connected on a protocol without `start_ack` shows it
    /// registered: connected first, so that `.connected` comes before its data.
    func connectOnEvent(for id: String) {
        guard adapter.dialect != .appSync, let entry = entries[id], !entry.acknowledged else { return }
        registrationProbes.removeAll { $0.wireID == entry.wireID }
        markConnected(id)
    }

    /// Marks subscriptions whose probes went unanswered for `acknowledgementTimeout` as connected:
    /// a server that answers no ping would otherwise leave them connecting for good.
    func expireRegistrationProbes(now: ContinuousClock.Instant) {
        // Probes are listed in the order they were sent: the expired ones come first.
        let timeout = configuration.acknowledgementTimeout
        connectFirstProbes(registrationProbes.prefix { now - $0.sentAt > timeout }.count)
    }

    /// Whether the server refused a `start` for its token (AppSync's `UnauthorizedException`, or
    /// a 401 code), which a refreshed token may cure; not an `@auth` rule's `Unauthorized` ("Not
    /// Authorized to access …"), which no token changes.
    static func isUnauthorized(_ errors: [GraphQLError]) -> Bool {
        errors.contains { error in
            error.extensions?["errorType"]?.stringValue == "UnauthorizedException"
                || error.extensions?["errorCode"]?.intValue == 401
        }
    }

    /// Whether the server refused a `start` only because the connection has too many subscriptions.
    static func isLimited(_ errors: [GraphQLError]) -> Bool {
        errors.contains { ($0.extensions?["errorType"]?.stringValue ?? "") == "MaxSubscriptionsReachedError" }
    }
}

/// The transport of one subscription's `start`: turns the authorized request's headers into
/// AppSync's auth object and hands it to the connection, which sends the `start`.
struct StartExchange: RealtimeExchange {
    let connection: RealtimeConnection
    let id: String
    let socket: any RealtimeSocket
    /// The socket the `start` is meant for; a later one means it was closed meanwhile.
    let generation: Int

    func exchange(_ request: URLRequest, context: OperationContext) async throws -> HTTPTransportResponse {
        let authorization = connection.authorizer.authorizationObject(from: request)
        return try await connection.sendStart(id, authorization: authorization, on: socket, generation: generation)
    }
}

/// A `start` waiting for its acknowledgement: resolved once, by the read loop (`start_ack` or an
/// `error` for its id), the watchdog (no answer by `deadline`) or the socket's closing, whether
/// that happens before or after the start's task begins to wait.
final class PendingAcknowledgement: Sendable {
    private struct State {
        var result: Result<String, any Error>?
        var continuation: CheckedContinuation<String, any Error>?
    }

    let deadline: ContinuousClock.Instant
    private let state = Locked(State())

    init(deadline: ContinuousClock.Instant) { self.deadline = deadline }

    /// Resolves the wait; only the first call counts.
    func resolve(_ result: Result<String, any Error>) {
        let continuation = state.withLock { state -> CheckedContinuation<String, any Error>? in
            guard state.result == nil else { return nil }
            state.result = result
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(with: result)
    }

    /// The acknowledgement's text; throws what the wait was resolved with otherwise.
    func value() async throws -> String {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let result = state.withLock { state -> Result<String, any Error>? in
                    if state.result == nil { state.continuation = continuation }
                    return state.result
                }
                if let result { continuation.resume(with: result) }
            }
        } onCancel: {
            resolve(.failure(CancellationError()))
        }
    }
}
