import Foundation
import SwitchboardAPI
import SwitchboardServer
import Testing

/// Field-level `@auth` over real sockets: a field's own rules decide who reads and writes it,
/// writes of refused fields fail as AppSync's "Unauthorized on [fields]" without writing, and
/// mutation results (which subscribers receive) leave protected fields out.
@Suite struct ClientFieldAuthorizationTests {
    static let schema = """
        type Profile @model @auth(rules: [{allow: owner}, {allow: public, operations: [read]}]) {
          id: ID!
          name: String
          ssn: String @auth(rules: [{allow: owner}])
          karma: Int @auth(rules: [{allow: owner, operations: [read]}])
          owner: String @auth(rules: [{allow: owner, operations: [read, delete]}])
        }
        type Poll @model @auth(rules: [{allow: private, provider: iam}, {allow: public, operations: [read]}]) {
          id: ID!
          label: String
          votes: Int @auth(rules: [{allow: public, operations: [read, update]}])
        }
        """

    static func startServer() async throws -> LocalServer {
        try await LocalServer.start(
            schema: schema,
            configuration: .init(
                apiKeys: [.init("da2-test")],
                iamPrincipals: [.init(credentials: ClientAuthorizationTests.signedIn, role: .authenticated)]))
    }

    static func request(_ document: String) -> GraphQLRequest<JSONValue> {
        GraphQLRequest(document: document, responseType: JSONValue.self)
    }

    /// The errors of a response that must have failed, as `(message, errorType)` pairs.
    static func errors(_ response: GraphQLResponse<JSONValue>) -> [String] {
        guard case .failure(let failure) = response else { return [] }
        return failure.graphQLErrors.map { "\($0.message) (\($0.extensions?["errorType"]?.stringValue ?? "-"))" }
    }

    @Test func protectedFieldsAnswerToTheirOwnRules() async throws {
        let server = try await Self.startServer()
        defer { Task { await server.stop() } }
        let alice = try ClientAuthorizationTests.plugin(server, type: "AMAZON_COGNITO_USER_POOLS", user: "alice")
        let apiKey = try ClientAuthorizationTests.plugin(server, type: "API_KEY")

        // Mutation results carry protected fields as null: subscribers receive them.
        let created = try await alice.mutate(
            request: Self.request(
                #"mutation { createProfile(input: {id: "p1", name: "Alice", ssn: "123"}) { id name ssn owner } }"#)
        ).get()
        #expect(created == ["createProfile": ["id": "p1", "name": "Alice", "ssn": nil, "owner": nil]])

        let get = Self.request(#"{ getProfile(id: "p1") { id name ssn owner } }"#)
        #expect(
            try await alice.query(request: get).get()
                == ["getProfile": ["id": "p1", "name": "Alice", "ssn": "123", "owner": "sub-alice::alice"]])

        // The model's public read rule does not reach fields with rules of their own.
        let byKey = try await apiKey.query(request: get)
        guard case .failure(.partial(let partial, _)) = byKey else {
            Issue.record("an API key read protected fields: \(byKey)")
            return
        }
        #expect(partial == ["getProfile": ["id": "p1", "name": "Alice", "ssn": nil, "owner": nil]])
        #expect(
            Self.errors(byKey) == [
                "Not Authorized to access ssn on type Profile (Unauthorized)",
                "Not Authorized to access owner on type Profile (Unauthorized)",
            ])
    }

    @Test func writesOfRefusedFieldsFailWithoutWriting() async throws {
        let server = try await Self.startServer()
        defer { Task { await server.stop() } }
        let alice = try ClientAuthorizationTests.plugin(server, type: "AMAZON_COGNITO_USER_POOLS", user: "alice")
        let refusedCreate = try await alice.mutate(
            request: Self.request(#"mutation { createProfile(input: {id: "p2", name: "A", karma: 5}) { id } }"#))
        #expect(Self.errors(refusedCreate) == ["Unauthorized on [karma] (Unauthorized)"])
        _ = try await alice.mutate(
            request: Self.request(#"mutation { createProfile(input: {id: "p1", name: "Alice"}) { id } }"#)
        ).get()

        // Reassigning the owner needs `update` on the owner field; its rules grant read and delete.
        let takeover = try await alice.mutate(
            request: Self.request(
                #"mutation { updateProfile(input: {id: "p1", name: "B", owner: "sub-bob::bob", karma: 9}) { id } }"#))
        #expect(Self.errors(takeover) == ["Unauthorized on [karma, owner] (Unauthorized)"])
        // Setting a protected field to null is a delete of the field: karma's rules do not grant it.
        let cleared = try await alice.mutate(
            request: Self.request(#"mutation { updateProfile(input: {id: "p1", karma: null}) { id } }"#))
        #expect(Self.errors(cleared) == ["Unauthorized on [karma] (Unauthorized)"])
        let untouched = try await alice.query(
            request: Self.request(#"{ p1: getProfile(id: "p1") { name karma owner } p2: getProfile(id: "p2") { id } }"#)
        ).get()
        #expect(untouched == ["p1": ["name": "Alice", "karma": nil, "owner": "sub-alice::alice"], "p2": nil])

        _ = try await alice.mutate(
            request: Self.request(#"mutation { updateProfile(input: {id: "p1", name: "Al", ssn: "456"}) { id } }"#)
        ).get()
        let stored = try await alice.query(
            request: Self.request(#"{ getProfile(id: "p1") { name ssn owner } }"#)
        ).get()
        #expect(stored == ["getProfile": ["name": "Al", "ssn": "456", "owner": "sub-alice::alice"]])
    }

    @Test func aFieldRuleOpensAWriteTheModelRefusesForThatFieldOnly() async throws {
        let server = try await Self.startServer()
        defer { Task { await server.stop() } }
        let signedIn = try ClientAuthorizationTests.plugin(server, type: "AWS_IAM")
        let apiKey = try ClientAuthorizationTests.plugin(server, type: "API_KEY")
        _ = try await signedIn.mutate(
            request: Self.request(#"mutation { createPoll(input: {id: "q1", label: "Lunch?"}) { id } }"#)
        ).get()

        _ = try await apiKey.mutate(
            request: Self.request(#"mutation { updatePoll(input: {id: "q1", votes: 3}) { id } }"#)
        ).get()
        let relabel = try await apiKey.mutate(
            request: Self.request(#"mutation { updatePoll(input: {id: "q1", label: "Dinner?"}) { id } }"#))
        #expect(Self.errors(relabel) == ["Not Authorized to access updatePoll on type Mutation (Unauthorized)"])
        let both = try await apiKey.mutate(
            request: Self.request(#"mutation { updatePoll(input: {id: "q1", votes: 4, label: "Dinner?"}) { id } }"#))
        #expect(Self.errors(both) == ["Unauthorized on [label] (Unauthorized)"])
        let create = try await apiKey.mutate(
            request: Self.request(#"mutation { createPoll(input: {id: "q2", label: "x"}) { id } }"#))
        #expect(Self.errors(create) == ["Not Authorized to access createPoll on type Mutation (Unauthorized)"])

        let poll = try await apiKey.query(request: Self.request(#"{ getPoll(id: "q1") { label votes } }"#)).get()
        #expect(poll == ["getPoll": ["label": "Lunch?", "votes": 3]])
    }

    @Test func subscribersReceiveMutationResultsWithoutProtectedFields() async throws {
        let server = try await Self.startServer()
        defer { Task { await server.stop() } }
        let alice = try ClientAuthorizationTests.plugin(server, type: "AMAZON_COGNITO_USER_POOLS", user: "alice")
        let apiKey = try ClientAuthorizationTests.plugin(server, type: "API_KEY")
        let onCreate = Self.request("subscription { onCreateProfile { id name ssn } }")
        var events = apiKey.subscribe(request: onCreate).makeAsyncIterator()
        while let event = try await events.next() {
            if case .connection(.connected) = event { break }
        }
        _ = try await alice.mutate(
            request: Self.request(
                #"mutation { createProfile(input: {id: "p3", name: "Alice", ssn: "789"}) { id name ssn } }"#)
        ).get()
        while let event = try await events.next() {
            guard case .data(let result) = event else { continue }
            #expect(try result.get() == ["onCreateProfile": ["id": "p3", "name": "Alice", "ssn": nil]])
            break
        }
    }
}
