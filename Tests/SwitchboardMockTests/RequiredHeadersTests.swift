import Foundation
import Switchboard
import SwitchboardNet
import Testing

@testable import SwitchboardMock

/// Required headers are match criteria: the first endpoint that matches fully answers, and
/// explanations name headers, never their values.
struct RequiredHeadersTests {
    static let token = "Bearer secret-token-123"
    static let apiKey = "da2-very-secret-key"

    @Test func graphQLAndRESTRequestsWithoutTheHeadersFallThroughToAnonymousEndpoints() async throws {
        let endpoints = try MockConfiguration.parse(
            """
            - graphQL:
                operations: getProfile
                headers: {authorization: "\(Self.token)"}
              response: {body: {json: {data: {profile: private}}}}
            - graphQL: {operations: getProfile}
              response: {body: {json: {data: {profile: anonymous}}}}
            - http:
                api: get /account
                headers: {x-api-key: "\(Self.apiKey)"}
              response: {body: {text: private}}
            - http: {api: get /account}
              response: {body: {text: anonymous}}
            """, file: "mock.yaml", baseDirectory: URL(fileURLWithPath: "/"))
        let server = try await MockServer(endpoints: endpoints)
        defer { Task { await server.stop() } }
        let body = #"{"query":"query getProfile { profile }"}"#
        let signedIn = try await MockServerTests.send(
            "POST", server.graphQLURL, body: body, headers: ["Authorization": Self.token])
        #expect(signedIn.json == ["data": ["profile": "private"]])
        let anonymous = try await MockServerTests.send("POST", server.graphQLURL, body: body)
        #expect(anonymous.json == ["data": ["profile": "anonymous"]])
        let wrongToken = try await MockServerTests.send(
            "POST", server.graphQLURL, body: body, headers: ["Authorization": "Bearer other"])
        #expect(wrongToken.json == ["data": ["profile": "anonymous"]])

        let account = server.url.appendingPathComponent("account")
        #expect(try await MockServerTests.send("GET", account, headers: ["x-api-key": Self.apiKey]).text == "private")
        #expect(try await MockServerTests.send("GET", account).text == "anonymous")
    }

    @Test func unmatchedReportNamesTheHeaderButNeverAValue() async throws {
        let server = try await MockServer(endpoints: [
            GraphQLEndpoint(
                .POST, .operations("me"), requiredHeaders: ["x-client": "demo-client", "authorization": Self.token],
                response: .graphQL(data: ["me": "ok"])),
            GraphQLEndpoint(
                .POST, .operations("other"), requiredHeaders: ["x-api-key": Self.apiKey],
                response: .graphQL(data: ["other": "ok"])),
            HTTPEndpoint(.GET, "/me", requiredHeaders: ["x-api-key": Self.apiKey], response: .text("me")),
        ])
        defer { Task { await server.stop() } }
        let sentToken = "Bearer the-callers-own-token"
        let graphQL = try await MockServerTests.send(
            "POST", server.graphQLURL, body: #"{"query":"query me { me }"}"#,
            headers: ["x-client": "other-client", "Authorization": sentToken])
        #expect(graphQL.status == 404)
        // The selector matched: the headers are named; the other endpoint's selector did not match,
        // so its reason is the selector's, not its header.
        #expect(
            graphQL.text.contains(
                "1. GraphQL POST operations(me): header authorization has a different value; "
                    + "header x-client has a different value\n"),
            "\(graphQL.text)")
        #expect(
            graphQL.text.contains(
                "2. GraphQL POST operations(other): operation \"other\" not in the request (it has: me)\n"),
            "\(graphQL.text)")
        let rest = try await MockServerTests.send("GET", server.url.appendingPathComponent("me"))
        #expect(rest.text.contains("3. GET /me: header x-api-key is missing\n"), "\(rest.text)")
        for text in [graphQL.text, rest.text] {
            for secret in [Self.token, Self.apiKey, "demo-client", sentToken, "other-client"] {
                #expect(!text.contains(secret), "\(text)")
            }
        }
    }

    @Test func subscriptionsWithoutTheHeadersFallThroughAndAreToldWhichHeaderIsMissing() async throws {
        let server = try await MockServer(endpoints: [
            SubscriptionEndpoint(
                .operations("OnTick"), requiredHeaders: ["x-api-key": Self.apiKey],
                events: [.data(["onTick": ["who": "member"]])]),
            SubscriptionEndpoint(.operations("OnTick"), events: [.data(["onTick": ["who": "anyone"]])]),
            SubscriptionEndpoint(.operations("OnSecret"), requiredHeaders: ["x-api-key": Self.apiKey]),
        ])
        defer { Task { await server.stop() } }
        let socket = try await WebSocket.connect(to: server.realtimeURL, subprotocols: ["graphql-ws"])
        try await socket.send(text: #"{"type":"connection_init"}"#)
        _ = try await SubscriptionProtocolTests.nextJSON(socket)
        func start(_ id: String, _ query: String, key: String?) async throws {
            let data = JSONValue.object(["query": .string(query)]).jsonText
            var payload: [String: JSONValue] = ["data": .string(data)]
            if let key { payload["extensions"] = ["authorization": ["x-api-key": .string(key)]] }
            try await socket.send(
                text: JSONValue.object(["type": "start", "id": .string(id), "payload": .object(payload)]).jsonText)
        }

        try await start("member", "subscription OnTick { onTick { who } }", key: Self.apiKey)
        #expect(try await SubscriptionProtocolTests.nextJSON(socket) == ["type": "start_ack", "id": "member"])
        let member = try await SubscriptionProtocolTests.nextJSON(socket)
        #expect(member["payload"]?["data"] == ["onTick": ["who": "member"]])

        try await start("anyone", "subscription OnTick { onTick { who } }", key: nil)
        #expect(try await SubscriptionProtocolTests.nextJSON(socket) == ["type": "start_ack", "id": "anyone"])
        let anyone = try await SubscriptionProtocolTests.nextJSON(socket)
        #expect(anyone["payload"]?["data"] == ["onTick": ["who": "anyone"]])

        try await start("secret", "subscription OnSecret { onSecret { id } }", key: "da2-wrong-key")
        let refused = try await SubscriptionProtocolTests.nextJSON(socket)
        #expect(refused["payload"]?["errors"]?[0]?["errorType"] == "UnauthorizedException")
        let message = refused["payload"]?["errors"]?[0]?["message"]?.stringValue ?? ""
        #expect(message.contains("subscription operations(OnSecret): header x-api-key has a different value"))
        #expect(!message.contains(Self.apiKey) && !message.contains("da2-wrong-key"), "\(message)")
        await socket.close()
    }

    @Test func connectionLevelRefusalsNameTheHeaderButNeverAValue() async throws {
        let server = try await MockServer(realtime: RealtimeServerOptions(requiredHeaders: ["x-api-key": Self.apiKey]))
        defer { Task { await server.stop() } }
        // AppSync: connection_error with an UnauthorizedException, then a close.
        let appSync = try await WebSocket.connect(
            to: server.realtimeURL, headers: [("x-api-key", "da2-wrong-key")], subprotocols: ["graphql-ws"])
        try await appSync.send(text: #"{"type":"connection_init"}"#)
        let refused = try await SubscriptionProtocolTests.nextJSON(appSync)
        #expect(refused["type"] == "connection_error")
        let error = refused["payload"]?["errors"]?[0]
        #expect(error?["errorType"] == "UnauthorizedException")
        #expect(error?["message"] == "You are not authorized: header x-api-key has a different value")
        #expect(!refused.jsonText.contains(Self.apiKey) && !refused.jsonText.contains("da2-wrong-key"))
        await appSync.close()

        // graphql-transport-ws: close 4403 whose reason names the header only.
        let url = URL(string: "ws://127.0.0.1:\(server.port)/graphql")!
        let transportWS = try await WebSocket.connect(to: url, subprotocols: ["graphql-transport-ws"])
        try await transportWS.send(text: #"{"type":"connection_init","payload":{"x-api-key":"da2-wrong-key"}}"#)
        #expect(try await transportWS.receive() == nil)
        #expect(transportWS.closeCode == 4403)
        #expect(transportWS.closeReason == "Forbidden: You are not authorized: header x-api-key has a different value")
        await transportWS.close()
    }
}
