extension RealtimeConnection {
    // MARK: Renewing authorization after the server ended it

    /// Whether `entry`, ended by the server for its authorization, is started again: the first
    /// time, after an event, and after a restart that stayed up for
    /// ``authorizationLifetimeFloor`` (its renewed token expired in turn, as an idle
    /// subscription's does every token lifetime). One ended again sooner, with no event
    /// between, is ended: a server that keeps refusing it is not asked again in a tight loop.
    func mayRestartForAuthorization(_ entry: Entry) -> Bool {
        !entry.restartedForAuthorization || hasLasted(entry)
    }

    /// Starts `id` again after the server ended it for its authorization (AppSync does when the
    /// token that started it expires): the `start` runs the stages again, so it carries a current
    /// token, or a refreshed one if the server refuses that (see ``mayRestartForAuthorization(_:)``
    /// for when it is not started again). The subscription reports `connecting`, then
    /// `connectedAfterGap`: events published in between were missed. Only on AppSync's protocol,
    /// where each `start` carries its own authorization; the others authorize the connection.
    func restartForAuthorization(_ id: String) {
        guard var entry = entries[id] else { return }
        // A new id on the wire, as a resume takes: a late answer about the ended one reaches nobody.
        subscriptionsByWireID[entry.wireID] = nil
        resumes += 1
        entry.wireID = "\(id)-r\(resumes)"
        subscriptionsByWireID[entry.wireID] = id
        entry.restartedForAuthorization = true
        entry.acknowledgedAt = nil
        entries[id] = entry
        logger.log(
            .info, "the server ended a subscription for its authorization; starting it again",
            ["api": context.apiName, "operation": entry.operationName ?? "-"])
        entry.sink.deliver(.state(.connecting))
        startSubscription(id)
    }

    /// Whether the server's refusal of the connection's token, after it acknowledged the
    /// connection, makes the run connect again with a refreshed token: when tokens come from a
    /// provider, unless this socket's handshake already sent a refreshed one that lasted less than
    /// ``authorizationLifetimeFloor`` (a server refusing every token is not asked again in a
    /// tight loop). The token of `connection_init` expires once per token
    /// lifetime on graphql-transport-ws and graphql-ws, where it authorizes every subscription.
    func mayReconnectForAuthorization() -> Bool {
        guard context.authorizationType.usesTokenProvider else { return false }
        return !socketHasRefreshedToken || lasted(since: acknowledgedAt)
    }

    /// Whether `entry` was up for ``authorizationLifetimeFloor`` before the server ended it: on
    /// graphql-transport-ws and graphql-ws, where a subscribe gets no acknowledgement, one ended
    /// sooner was refused for itself (an authorizer denying that operation), not for the
    /// connection's token, and does not take the other subscriptions through a reconnect.
    func hasLasted(_ entry: Entry) -> Bool { lasted(since: entry.acknowledgedAt) }

    /// Whether an authorization acknowledged at `start` has lasted ``authorizationLifetimeFloor``.
    private func lasted(since start: ContinuousClock.Instant?) -> Bool {
        start.map { ContinuousClock.now - $0 >= authorizationLifetimeFloor } ?? false
    }

    /// How long a renewed authorization must have lasted for its end to be renewed again:
    /// ``RealtimeConfiguration/stableConnectionDuration``, and at least a second even when that
    /// is zero, so that a server that ends every authorization at once is never asked again in a
    /// loop as fast as the network.
    var authorizationLifetimeFloor: Duration { max(configuration.stableConnectionDuration, .seconds(1)) }

    /// Closes the socket and connects again at once, without back-off or a failed attempt
    /// counted, the handshake taking a refreshed token; the subscriptions start again on the new
    /// socket, reporting `connecting` and then `connectedAfterGap`.
    func reconnectForAuthorization() throws -> Never {
        for id in entries.keys where entries[id]?.acknowledged == true {
            entries[id]?.acknowledgedAt = nil
            entries[id]?.sink.deliver(.state(.connecting))
        }
        refreshesNextHandshakeToken = true
        report(.connecting)
        logger.log(
            .info, "the server ended the connection's authorization; connecting with a refreshed token",
            ["api": context.apiName])
        throw RefusedTokenRetry()
    }
}
