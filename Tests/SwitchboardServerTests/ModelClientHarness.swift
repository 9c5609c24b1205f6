import Foundation
import Switchboard
import SwitchboardAPI
import SwitchboardServer
import SwitchboardSigV4
import TestSupport
import Testing

/// A ``LocalServer`` serving `Tests/Fixtures/models/server-tests.graphql` and Switchboard's
/// client configured for it from the server's `amplifyConfiguration()`, driving the generated
/// models in `Models/` over real sockets.
struct ModelClientHarness {
    static let credentials = AWSCredentials(accessKeyId: "AKIDMODELTESTS", secretAccessKey: "model/tests/secret")

    let server: LocalServer
    let api: APIPlugin

    static func start() async throws -> ModelClientHarness {
        let schemaURL = SharedTestData.fixture("models/server-tests.graphql")
        let server = try await LocalServer.start(
            schema: try String(contentsOf: schemaURL, encoding: .utf8), fileName: schemaURL.path,
            configuration: .init(apiKeys: [.init("da2-models")], iamPrincipals: [.init(credentials: credentials)]))
        do {
            return ModelClientHarness(server: server, api: try client(server))
        } catch {
            await server.stop()
            throw error
        }
    }

    /// A client of `server` with `apiKey` (the server's own by default) and SigV4 `credentials`.
    static func client(
        _ server: LocalServer, apiKey: String? = nil, credentials: AWSCredentials = credentials
    ) throws -> APIPlugin {
        let plugin = try APIPlugin(
            iamSigner: SigV4RequestSigner(credentialsProvider: StaticCredentialsProvider(credentials)))
        var text = server.amplifyConfiguration()
        if let apiKey, let key = server.apiKey { text = text.replacingOccurrences(of: key, with: apiKey) }
        try plugin.configure(using: SwitchboardConfiguration(data: Data(text.utf8)))
        return plugin
    }

    func stop() async { await server.stop() }

    /// Creates each model, failing the test on any error.
    func create<M: Model>(_ models: [M]) async throws {
        for model in models { _ = try await api.mutate(request: .create(model)).get() }
    }

    /// Every model a list request finds, page after page.
    func all<M: Model>(_ request: GraphQLRequest<List<M>>) async throws -> [M] {
        var page = try await api.query(request: request).get()
        var models = Array(page)
        while page.hasNextPage() {
            page = try await page.getNextPage()
            models += page
        }
        return models
    }

    /// The GraphQL errors of a request that must fail with them.
    func errors<R>(
        _ response: GraphQLResponse<R>, sourceLocation: SourceLocation = #_sourceLocation
    ) -> [GraphQLError] {
        guard case .failure(.error(let errors)) = response else {
            Issue.record("expected GraphQL errors, got \(response)", sourceLocation: sourceLocation)
            return []
        }
        return errors
    }
}

extension GraphQLError {
    /// AppSync's `errorType`.
    var errorType: String? { extensions?["errorType"]?.stringValue }
}
