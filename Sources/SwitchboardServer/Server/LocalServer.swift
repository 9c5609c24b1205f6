import Foundation
import GraphQLLanguage
import ModelTransform
import Switchboard
import SwitchboardNet

/// A local AppSync-compatible server for an Amplify `@model` schema: the schema Transformer v2
/// deploys, served over HTTP (`POST /graphql`) and WebSocket (AppSync's real-time protocol at
/// `/graphql/realtime`, `graphql-transport-ws` at `/graphql`), with resolvers for every
/// generated query, mutation and subscription over an on-disk (SQLite) or in-memory store, and
/// API-key, IAM and `@auth` authorization.
///
/// ```swift
/// let server = try await LocalServer.start(schema: sdl)
/// print(server.graphQLEndpoint, server.apiKey ?? "")
/// try server.amplifyConfiguration().write(toFile: "amplifyconfiguration.json", atomically: true, encoding: .utf8)
/// await server.stop()
/// ```
public final class LocalServer: Sendable {
    /// What the server was started with.
    public let configuration: Configuration
    /// Things worth knowing about the schema and setup (ignored directives, unverified or refused tokens).
    public let warnings: [String]
    /// The AppSync schema served, as SDL.
    public let appSyncSchema: String

    private let http: HTTPServer
    private let store: any ModelStore
    let service: GraphQLService
    let realtime: RealtimeGateway
    private let router: HTTPRouter

    private init(
        configuration: Configuration, warnings: [String], appSyncSchema: String, http: HTTPServer,
        store: any ModelStore, service: GraphQLService, realtime: RealtimeGateway, router: HTTPRouter
    ) {
        self.configuration = configuration
        self.warnings = warnings
        self.appSyncSchema = appSyncSchema
        self.http = http
        self.store = store
        self.service = service
        self.realtime = realtime
        self.router = router
    }

    /// Transforms `schema` (an Amplify `@model` schema; `fileName` prefixes its diagnostics),
    /// opens the store and starts serving. Returns once connections are accepted.
    public static func start(
        schema: String, fileName: String? = nil, configuration: Configuration = Configuration()
    ) async throws -> LocalServer {
        let transform: ModelTransformOutput
        let options = try configuration.transformOptions()
        let limits = try configuration.executionLimits()
        var httpConfiguration = HTTPServer.Configuration(
            limits: .init(maxBodyBytes: configuration.maximumRequestBodySize))
        httpConfiguration.loopCount = try configuration.loopCount()
        httpConfiguration.busyPoll = try configuration.busyPollWindow()
        let busyTimeout = try configuration.busyTimeout()
        // Notices too: an operator who saves an issuer's rotated keys wants to see them taken.
        let tokens = try configuration.tokenPolicy(
            logger: SwitchboardLogger(handler: StandardErrorLogHandler(level: .notice), source: "server"))
        do {
            transform = try ModelTransformer.transform(schema, fileName: fileName, options: options)
        } catch {
            throw LocalServerError.invalidSchema(error.diagnostics.map(\.description))
        }
        let layouts = transform.catalog.models.map(TableLayout.init(model:))
        let store: any ModelStore
        do {
            switch configuration.storage {
            case .inMemory: store = InMemoryStore(layouts: layouts)
            case .directory(let url):
                store = try SQLiteStore.open(
                    directory: url, layouts: layouts, busyTimeout: busyTimeout)
            }
        } catch {
            throw LocalServerError.store(error.description)
        }
        let service = try await GraphQLService(
            transform: transform, store: store, limits: limits)
        let tokenModes = Self.tokenModes(of: transform.catalog)
        var warnings = transform.warnings.map(\.description)
        if !tokenModes.isEmpty, let warning = tokens.warning(host: configuration.host) { warnings.append(warning) }
        let authenticator = RequestAuthenticator(
            apiKeys: configuration.apiKeys, iamPrincipals: configuration.iamPrincipals, region: configuration.region,
            tokenModes: tokenModes, tokens: tokens)
        let realtime = RealtimeGateway(
            service: service, authenticator: authenticator, options: configuration.realtime)
        let router = HTTPRouter(service: service, authenticator: authenticator, realtime: realtime)
        let http: HTTPServer
        do {
            http = try await HTTPServer.start(
                host: configuration.host, port: configuration.port, configuration: httpConfiguration
            ) { request in await router.respond(to: request) }
        } catch {
            await store.close()
            throw LocalServerError.listen("\(configuration.host):\(configuration.port): \(error)")
        }
        return LocalServer(
            configuration: configuration, warnings: warnings, appSyncSchema: transform.appSyncSchema, http: http,
            store: store, service: service, realtime: realtime, router: router)
    }

    /// The token modes the schema's rules and the API's modes use.
    static func tokenModes(of catalog: ModelCatalog) -> Set<AuthorizationMode> {
        var modes = Set(
            catalog.models.flatMap { $0.authRules + $0.fields.flatMap(\.authRules) }.map(\.provider.mode))
        modes.insert(catalog.authorization.defaultMode)
        modes.formUnion(catalog.authorization.additionalModes ?? [])
        return modes.intersection([.userPools, .oidc])
    }

    /// The port the server listens on (the kernel's choice when started with port 0).
    public var port: Int { http.port }

    /// `http://host:port/graphql`.
    public var graphQLEndpoint: URL { http.url.appendingPathComponent("graphql") }

    /// Connection and subscription counters of the real-time endpoints.
    public var realtimeStatistics: RealtimeServerStatistics { realtime.host.statistics }

    /// `ws://host:port/graphql/realtime`: AppSync's real-time protocol (the client derives it
    /// from the GraphQL endpoint by appending `/realtime`).
    public var realtimeEndpoint: URL {
        var components = URLComponents(url: graphQLEndpoint, resolvingAgainstBaseURL: false)
        components?.scheme = "ws"
        return components?.url?.appendingPathComponent("realtime") ?? graphQLEndpoint
    }

    /// The first API key the server accepts, if any.
    public var apiKey: String? { configuration.apiKeys.first?.value }

    /// An `amplifyconfiguration.json` that `Switchboard.configure()` (and Amplify) read as is:
    /// one GraphQL API called `apiName` at this server, authorized with `authorizationType`, or
    /// by default with the server's API key when it has one and with `AWS_IAM` otherwise.
    public func amplifyConfiguration(apiName: String = "local", authorizationType: AuthorizationType? = nil)
        -> String
    {
        var api: JSONObject = [
            "endpointType": "GraphQL", "endpoint": .string(graphQLEndpoint.absoluteString),
            "region": .string(configuration.region),
        ]
        let type = authorizationType?.rawValue ?? (apiKey != nil ? "API_KEY" : "AWS_IAM")
        api["authorizationType"] = .string(type)
        if type == "API_KEY", let apiKey { api["apiKey"] = .string(apiKey) }
        let document: JSON = ["api": ["plugins": ["awsAPIPlugin": .object([apiName: .object(api)])]]]
        return document.text
    }

    /// Answers `request` as a connection would, without a socket: for the in-process benchmark
    /// of the request path (`scripts/bench handler`), which measures what a request costs
    /// besides the kernel's share.
    package func respond(to request: HTTPRequest) async -> HTTPResponse {
        await router.respond(to: request)
    }

    /// Stops accepting, closes every connection and closes the store (its data stays consistent:
    /// every write is a committed transaction).
    public func stop() async {
        await realtime.shutdown()
        await http.stop()
        await store.close()
    }
}
