import Foundation
import SwitchboardAPI
import SwitchboardServer
import SwitchboardSigV4
import Testing

/// Switchboard's own client against the local server with each authorization mode: API keys,
/// SigV4 (authenticated and unauthenticated roles), and Cognito tokens for owner rules, over
/// HTTP and subscriptions.
@Suite struct ClientAuthorizationTests {
    static let schema = """
        type Secret @model @auth(rules: [{allow: private, provider: iam}, {allow: public, provider: iam, operations: [read]}]) {
          id: ID!
          text: String
        }
        type Note @model @auth(rules: [{allow: owner}, {allow: public, operations: [read]}]) {
          id: ID!
          text: String
        }
        """
    static let signedIn = AWSCredentials(accessKeyId: "AKIDSIGNEDIN", secretAccessKey: "signed-in/secret")
    static let guest = AWSCredentials(accessKeyId: "AKIDGUEST", secretAccessKey: "guest/secret")

    struct Item: Codable, Sendable, Equatable {
        let id: String
        let text: String?
        let owner: String?
    }

    static func startServer() async throws -> LocalServer {
        try await LocalServer.start(
            schema: schema,
            configuration: .init(
                apiKeys: [.init("da2-test")],
                iamPrincipals: [
                    .init(credentials: signedIn, role: .authenticated),
                    .init(credentials: guest, role: .unauthenticated),
                ]))
    }

    static func plugin(
        _ server: LocalServer, type: String, credentials: AWSCredentials = signedIn, user: String? = nil
    ) throws -> APIPlugin {
        var providers: [AuthorizationType: any AuthTokenProvider] = [:]
        if let user { providers[.amazonCognitoUserPools] = TokenProvider { token(sub: "sub-\(user)", username: user) } }
        let plugin = try APIPlugin(
            authTokenProviders: providers,
            iamSigner: SigV4RequestSigner(credentialsProvider: StaticCredentialsProvider(credentials)))
        try plugin.configure(
            using: SwitchboardConfiguration(
                data: Data(
                    server.amplifyConfiguration(apiName: "local", authorizationType: AuthorizationType(rawValue: type))
                        .utf8)))
        return plugin
    }

    /// An unsigned JWT with the claims owner rules read (the server does not verify signatures).
    static func token(sub: String, username: String) -> String {
        func part(_ json: String) -> String {
            Data(json.utf8).base64EncodedString().replacingOccurrences(of: "=", with: "")
                .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        }
        return part(#"{"alg":"none"}"#) + "."
            + part(
                #"{"sub":"\#(sub)","cognito:username":"\#(username)","iss":"https://cognito-idp.us-east-1.amazonaws.com/local"}"#
            ) + ".c2ln"
    }

    static func create(_ model: String, _ id: String, _ text: String) -> GraphQLRequest<Item> {
        GraphQLRequest(
            document:
                "mutation C($input: Create\(model)Input!) { create\(model)(input: $input) { id text\(model == "Note" ? " owner" : "") } }",
            variables: ["input": ["id": id, "text": text]], responseType: Item.self, decodePath: "create\(model)")
    }

    @Test func theWrongModeIsNotAuthorizedAndSigV4RolesFollowTheRules() async throws {
        let server = try await Self.startServer()
        defer { Task { await server.stop() } }
        let apiKey = try Self.plugin(server, type: "API_KEY")
        let list = GraphQLRequest(document: "{ listSecrets { items { id } } }", responseType: JSONValue.self)
        guard case .failure(.error(let errors)) = try await apiKey.query(request: list) else {
            Issue.record("an API key listed secrets")
            return
        }
        #expect(errors.first?.message == "Not Authorized to access listSecrets on type Query")
        #expect(errors.first?.extensions?["errorType"] == "Unauthorized")

        let signedIn = try Self.plugin(server, type: "AWS_IAM")
        #expect(
            try await signedIn.mutate(request: Self.create("Secret", "s1", "hush")).get()
                == Item(id: "s1", text: "hush", owner: nil))
        let guest = try Self.plugin(server, type: "AWS_IAM", credentials: Self.guest)
        guard case .failure(.error(let refused)) = try await guest.mutate(request: Self.create("Secret", "s2", "no"))
        else {
            Issue.record("the unauthenticated role created a secret")
            return
        }
        #expect(refused.first?.message == "Not Authorized to access createSecret on type Mutation")
        let listed = try await guest.query(request: list).get()
        #expect(listed.value(at: "listSecrets.items")?.arrayValue?.count == 1)

        let forged = try Self.plugin(
            server, type: "AWS_IAM", credentials: AWSCredentials(accessKeyId: "AKIDSIGNEDIN", secretAccessKey: "wrong"))
        do {
            _ = try await forged.query(request: list)
            Issue.record("a wrong secret was accepted")
        } catch APIError.httpStatusError(let status, _) {
            #expect(status == 401)
        }
    }

    @Test func ownerRulesScopeReadsAndWritesToTheTokensUser() async throws {
        let server = try await Self.startServer()
        defer { Task { await server.stop() } }
        let alice = try Self.plugin(server, type: "AMAZON_COGNITO_USER_POOLS", user: "alice")
        let bob = try Self.plugin(server, type: "AMAZON_COGNITO_USER_POOLS", user: "bob")
        #expect(try await alice.mutate(request: Self.create("Note", "n1", "mine")).get().owner == "sub-alice::alice")
        let get = GraphQLRequest(
            document: #"{ getNote(id: "n1") { id text owner } }"#, responseType: Item?.self, decodePath: "getNote")
        #expect(try await alice.query(request: get).get()?.text == "mine")
        guard case .failure(.error(let errors)) = try await bob.query(request: get) else {
            Issue.record("bob read alice's note")
            return
        }
        #expect(errors.first?.message == "Not Authorized to access getNote on type Query")
        let list = GraphQLRequest(
            document: "{ listNotes { items { id } } }", responseType: JSONValue.self, decodePath: "listNotes")
        #expect(try await bob.query(request: list).get()["items"] == [])
        let update = GraphQLRequest(
            document: #"mutation { updateNote(input: {id: "n1", text: "bob was here"}) { id } }"#,
            responseType: JSONValue.self)
        guard case .failure(.error(let updateErrors)) = try await bob.mutate(request: update) else {
            Issue.record("bob updated alice's note")
            return
        }
        #expect(updateErrors.first?.extensions?["errorType"] == "Unauthorized")
        // The public read rule opens reads to API keys; writes stay with owners.
        let apiKey = try Self.plugin(server, type: "API_KEY")
        #expect(try await apiKey.query(request: list).get()["items"]?.arrayValue?.count == 1)
        guard case .failure(.error(let createErrors)) = try await apiKey.mutate(request: Self.create("Note", "n2", "x"))
        else {
            Issue.record("an API key created a note")
            return
        }
        #expect(createErrors.first?.message == "Not Authorized to access createNote on type Mutation")
    }

    @Test func ownerSubscriptionsWithoutAnOwnerArgumentSeeOnlyTheCallersItems() async throws {
        let server = try await Self.startServer()
        defer { Task { await server.stop() } }
        let alice = try Self.plugin(server, type: "AMAZON_COGNITO_USER_POOLS", user: "alice")
        let bob = try Self.plugin(server, type: "AMAZON_COGNITO_USER_POOLS", user: "bob")
        let onCreate = GraphQLRequest(
            document: "subscription { onCreateNote { id text owner } }", responseType: Item.self,
            decodePath: "onCreateNote")
        var events = alice.subscribe(request: onCreate).makeAsyncIterator()
        while let event = try await events.next() {
            if case .connection(.connected) = event { break }
        }
        _ = try await bob.mutate(request: Self.create("Note", "b1", "bob's")).get()
        _ = try await alice.mutate(request: Self.create("Note", "a1", "alice's")).get()
        var received: [String] = []
        while let event = try await events.next() {
            if case .data(let result) = event {
                received.append(try result.get().id)
                break
            }
        }
        #expect(received == ["a1"])
    }

    @Test func iamSubscriptionsAreSignedAndVerified() async throws {
        let server = try await Self.startServer()
        defer { Task { await server.stop() } }
        let signedIn = try Self.plugin(server, type: "AWS_IAM")
        let onCreate = GraphQLRequest(
            document: "subscription { onCreateSecret { id text } }", responseType: Item.self,
            decodePath: "onCreateSecret")
        var events = signedIn.subscribe(request: onCreate).makeAsyncIterator()
        while let event = try await events.next() {
            if case .connection(.connected) = event { break }
        }
        _ = try await signedIn.mutate(request: Self.create("Secret", "s9", "signed")).get()
        while let event = try await events.next() {
            if case .data(let result) = event {
                #expect(try result.get() == Item(id: "s9", text: "signed", owner: nil))
                break
            }
        }
    }
}
