import Foundation
import SwitchboardNet

extension RealtimeConnection {
    /// Whether the connection must wait for a network: the monitor reports none up, and the
    /// server is not on this machine.
    var isWaitingForNetwork: Bool { networkPath?.isUsable == false && !serverIsLocal }

    /// Acts on a network change: a socket whose interface went down or lost its address is
    /// dropped (it can carry nothing, and a closing handshake would wait in vain) and made again
    /// at once; a back-off wait ends when the network came up or changed, so that the connection
    /// returns with the network instead of after its back-off, and when the last network went
    /// away, so that the connection says it waits for one.
    func networkChanged(_ path: NetworkPath) {
        let previous = networkPath
        networkPath = path
        guard !isPaused, !entries.isEmpty else { return }
        if let current = socket as? WebSocketRealtimeSocket, let local = current.localHost,
            !path.carries(localHost: local)
        {
            logger.log(
                .warning, "the network interface of \(local) went down or lost its address; reconnecting",
                ["api": context.apiName])
            retryAtOnce = true
            current.abort()
            return
        }
        guard let retryWait else { return }
        if isWaitingForNetwork {
            // The network went away during a back-off: wait for it instead, and say so.
            if !announcedWaitingForNetwork { retryWait.cancel() }
            return
        }
        let now = ContinuousClock.now
        // A change of addresses always counts; other changes (routes, links without addresses)
        // end at most one wait a second, so that a busy network does not become a busy loop.
        guard path != previous || lastNetworkWake.map({ now - $0 >= .seconds(1) }) ?? true else { return }
        lastNetworkWake = now
        logger.log(.info, "the network changed; reconnecting now", ["api": context.apiName])
        retryWait.cancel()
    }

    /// Waits before the next connection attempt: not at all after a network change dropped the
    /// socket; else the back-off, then, while no network is up, until one is (each wait ends with
    /// a network change, and at most ``RealtimeConfiguration/reconnectCap`` later, and no later
    /// than when the time limit runs out).
    func waitBeforeNextAttempt(generation: Int, failingSince: ContinuousClock.Instant) async {
        if retryAtOnce {
            retryAtOnce = false
        } else {
            await waitBeforeRetrying(configuration.backoff(attempt: consecutiveFailures))
        }
        while isWaitingForNetwork, isCurrent(generation),
            ContinuousClock.now - failingSince < configuration.reconnectTimeLimit
        {
            if !announcedWaitingForNetwork {
                announcedWaitingForNetwork = true
                logger.log(.warning, "no network is up; waiting for one", ["api": context.apiName])
                for entry in entries.values { entry.sink.deliver(.state(.waitingForNetwork)) }
            }
            report(.waitingForNetwork)
            await waitBeforeRetrying(configuration.reconnectCap)
        }
        if announcedWaitingForNetwork && isCurrent(generation) {
            announcedWaitingForNetwork = false
            for entry in entries.values { entry.sink.deliver(.state(.connecting)) }
            report(.connecting)
        }
    }
}
