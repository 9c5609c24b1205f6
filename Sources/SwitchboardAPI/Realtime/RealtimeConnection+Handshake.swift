import Foundation
import SwitchboardCore
import SwitchboardNet

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension RealtimeConnection {
    /// Opens a socket by running the handshake through the API's HTTP-level stages, whose
    /// transport is ``HandshakeExchange``. Returns the socket and the auth object it was opened
    /// with. A failure to reach the server, or a refusal of the upgrade, may be retried; a stage
    /// that refused the handshake (before the network, or after a good answer) may not.
    func handshake() async throws -> (any RealtimeSocket, [String: String]) {
        guard let chain = chain() else {
            throw TerminalFailure(
                error: APIError.invalidConfiguration(
                    "The API \"\(context.apiName)\" is no longer configured.",
                    "Subscribe again after configuring the plugin."))
        }
        let request: URLRequest
        do {
            request = try authorizer.handshakeRequest()
        } catch {
            throw TerminalFailure(error: error)
        }
        let exchange = HandshakeExchange(
            url: url, subscriptionProtocol: context.endpoint.subscriptionProtocol, transport: transport,
            authorizer: authorizer,
            authorizationInSubprotocol: configuration.authorizationInSubprotocol)
        let refreshesToken = refreshesNextHandshakeToken
        refreshesNextHandshakeToken = false
        socketHasRefreshedToken = refreshesToken
        do {
            _ = try await chain.http.run(
                request,
                context: context.phase(
                    .handshake, operationName: nil, realtime: exchange, refreshesToken: refreshesToken),
                trace: nil)
        } catch is CancellationError {
            await exchange.closeOpened()
            throw CancellationError()
        } catch {
            let outcome = exchange.outcome
            await exchange.closeOpened()
            switch outcome {
            case .notReached, .opened: throw TerminalFailure(error: error)
            case .failed: throw ConnectFailure(url: url, underlying: error)
            }
        }
        guard let opened = exchange.take() else {
            throw TerminalFailure(
                error: APIError.operationError(
                    "A pipeline stage did not let the real-time handshake through to the transport.",
                    "Stages must call next(request, context) for the real-time handshake."))
        }
        return opened
    }
}

extension RealtimeConnection {
    /// The server refused the socket before acknowledging it, with `errors` (`forToken`: it
    /// refused the token). A token kept past its expiry (a laptop back from sleep) is the likely
    /// cause, which a token the provider obtains anew may cure where waiting would not: the run
    /// connects again at once with one, unless this socket's handshake already sent one. Otherwise
    /// an unauthorized or bad request ends the subscriptions; other refusals are retried.
    func refusedConnection(_ errors: [GraphQLError], forToken: Bool) throws -> Never {
        if forToken, context.authorizationType.usesTokenProvider, !socketHasRefreshedToken {
            refreshesNextHandshakeToken = true
            logger.log(
                .info, "the server refused the connection's token; connecting with a refreshed one",
                ["api": context.apiName])
            throw RefusedTokenRetry()
        }
        if Self.isTerminal(errors) { throw TerminalFailure(error: SubscriptionError.rejected(errors)) }
        throw SubscriptionError.rejected(errors)
    }

    /// A graphql-transport-ws server's refusal of `connection_init`, as an error: it closes the
    /// socket with 4401 (Unauthorized) or 4403 (Forbidden) and sends no message, so the close
    /// code and reason are all there is to read. `nil` for any other end of the socket.
    static func closeRefusal(of socket: any RealtimeSocket) -> [GraphQLError]? {
        guard let (code, reason) = socket.closeStatus, code == 4401 || code == 4403 else { return nil }
        let because = reason.isEmpty ? "" : " (\(reason))"
        return [
            GraphQLError(
                message: "The server closed the connection with \(code)\(because) before connection_ack.",
                extensions: ["errorCode": .number(code == 4401 ? 401 : 403)])
        ]
    }
}

/// The transport of one handshake attempt: turns the authorized request's headers into AppSync's
/// auth object, opens the WebSocket with it, and returns the server's answer to the upgrade.
final class HandshakeExchange: RealtimeExchange {
    enum Outcome {
        /// The stages did not reach the transport (or have not yet).
        case notReached
        /// The server was not reached, or refused the upgrade.
        case failed
        /// A socket is open.
        case opened
    }

    private struct State {
        var outcome = Outcome.notReached
        var opened: (socket: any RealtimeSocket, authorization: [String: String])?
    }

    private let url: URL
    private let subscriptionProtocol: SubscriptionProtocol
    private let transport: any RealtimeTransport
    private let authorizer: RealtimeAuthorizer
    private let authorizationInSubprotocol: Bool
    private let state = Locked(State())

    init(
        url: URL, subscriptionProtocol: SubscriptionProtocol, transport: any RealtimeTransport,
        authorizer: RealtimeAuthorizer, authorizationInSubprotocol: Bool
    ) {
        self.url = url
        self.subscriptionProtocol = subscriptionProtocol
        self.transport = transport
        self.authorizer = authorizer
        self.authorizationInSubprotocol = authorizationInSubprotocol
    }

    var outcome: Outcome { state.withLock { $0.outcome } }

    func exchange(_ request: URLRequest, context: OperationContext) async throws -> HTTPTransportResponse {
        let authorization = authorizer.authorizationObject(from: request)
        var target = url
        var subprotocols = subscriptionProtocol.offeredSubprotocols
        if subscriptionProtocol == .appSync {
            if var components = URLComponents(url: url, resolvingAgainstBaseURL: false) {
                components.queryItems = RealtimeAuthorizer.handshakeQuery(authorization: authorization)
                target = components.url ?? url
            }
            if authorizationInSubprotocol {
                subprotocols.append(RealtimeAuthorizer.authorizationSubprotocol(authorization))
            }
        }
        state.withLock { $0.outcome = .failed }
        let socket: any RealtimeSocket
        do {
            socket = try await transport.connect(
                to: target, headers: RealtimeAuthorizer.handshakeHeaders(authorization: authorization),
                subprotocols: subprotocols)
        } catch is CancellationError {
            throw CancellationError()
        } catch WebSocketError.handshakeRejected(let status, let headers, let excerpt) {
            // The server's answer, for the stages to see (a 401 makes the authorization stage
            // refresh its token and try again).
            return HTTPTransportResponse(statusCode: status, lowercasedHeaders: headers, body: Data(excerpt.utf8))
        } catch {
            throw APIError.networkError("The real-time connection to \(Self.describe(url)) failed: \(error)", error)
        }
        let replaced = state.withLock { state in
            defer {
                state.opened = (socket, authorization)
                state.outcome = .opened
            }
            return state.opened?.socket
        }
        // A stage that sent the handshake again keeps the newest socket.
        await replaced?.close(code: 1000)
        return socket.upgradeResponse
    }

    /// The socket the handshake opened, and the auth object it was opened with; `nil` if none.
    func take() -> (any RealtimeSocket, [String: String])? {
        state.withLock { state in
            defer { state.opened = nil }
            return state.opened.map { ($0.socket, $0.authorization) }
        }
    }

    /// Closes a socket opened by an attempt that then failed.
    func closeOpened() async {
        await take()?.0.close(code: 1000)
    }

    /// `url` without its query (AppSync's carries the authorization) or user information.
    static func describe(_ url: URL) -> String {
        var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        components?.query = nil
        components?.user = nil
        components?.password = nil
        return components?.url?.absoluteString ?? "the real-time endpoint"
    }
}
