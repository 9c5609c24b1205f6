import Foundation
import Switchboard
import Testing

@testable import SwitchboardRealtimeProtocol

struct RealtimeMessageTests {
    @Test func realtimeURLsFollowAppSyncRules() {
        #expect(
            RealtimeURL.appSync(for: URL(string: "https://abc.appsync-api.us-east-1.amazonaws.com/graphql")!)
                .absoluteString
                == "wss://abc.appsync-realtime-api.us-east-1.amazonaws.com/graphql")
        #expect(
            RealtimeURL.appSync(for: URL(string: "https://abc.appsync-api.cn-north-1.amazonaws.com.cn/graphql")!)
                .absoluteString == "wss://abc.appsync-realtime-api.cn-north-1.amazonaws.com.cn/graphql")
        #expect(
            RealtimeURL.appSync(for: URL(string: "https://api.example.com/graphql")!).absoluteString
                == "wss://api.example.com/graphql/realtime")
        #expect(
            RealtimeURL.appSync(for: URL(string: "http://127.0.0.1:4000/graphql")!).absoluteString
                == "ws://127.0.0.1:4000/graphql/realtime")
        #expect(
            RealtimeURL.graphQLTransportWS(for: URL(string: "https://api.example.com/graphql")!).absoluteString
                == "wss://api.example.com/graphql")
    }

    @Test func appSyncClientMessagesHaveTheReferenceShape() throws {
        let start = AppSyncRealtimeMessage.start(
            id: "s1", data: #"{"query":"subscription { onCreateTodo { id } }","variables":{}}"#,
            authorization: ["host": "abc.example.com", "x-api-key": "k"])
        let json = try JSONValue(parsing: Data(start.jsonText.utf8))
        #expect(json["type"] == "start")
        #expect(json["id"] == "s1")
        #expect(json["payload"]?["data"]?.stringValue?.hasPrefix(#"{"query""#) == true)
        #expect(json["payload"]?["extensions"]?["authorization"] == ["host": "abc.example.com", "x-api-key": "k"])
        #expect(AppSyncRealtimeMessage.connectionInit.jsonText == #"{"type":"connection_init"}"#)
        #expect(try AppSyncRealtimeMessage(parsing: start.jsonText) == start)
    }

    @Test func appSyncServerMessagesParse() throws {
        #expect(
            try AppSyncRealtimeMessage(parsing: #"{"type":"connection_ack","payload":{"connectionTimeoutMs":300000}}"#)
                == .connectionAck(connectionTimeoutMs: 300_000))
        #expect(try AppSyncRealtimeMessage(parsing: #"{"type":"ka"}"#) == .keepAlive)
        #expect(try AppSyncRealtimeMessage(parsing: #"{"type":"start_ack","id":"a"}"#) == .startAck(id: "a"))
        let data = try AppSyncRealtimeMessage(parsing: #"{"type":"data","id":"a","payload":{"data":{"x":1}}}"#)
        #expect(data == .data(id: "a", payload: Array(#"{"data":{"x":1}}"#.utf8)))
        // errors as an array and as a single object.
        let arrayError = try AppSyncRealtimeMessage(
            parsing:
                #"{"type":"error","id":"a","payload":{"errors":[{"errorType":"UnauthorizedException","message":"no"}]}}"#
        )
        guard case .error("a", let errors) = arrayError else {
            Issue.record("\(arrayError)")
            return
        }
        #expect(errors.first?.message == "no")
        let objectError = try AppSyncRealtimeMessage(
            parsing: #"{"type":"error","payload":{"errors":{"errorType":"LimitExceededError","message":"slow down"}}}"#)
        guard case .error(nil, let single) = objectError else {
            Issue.record("\(objectError)")
            return
        }
        #expect(single.first?.message == "slow down")
        let connectionError = try AppSyncRealtimeMessage(
            parsing:
                #"{"type":"connection_error","payload":{"errors":[{"errorType":"UnauthorizedException","errorCode":401}]}}"#
        )
        guard case .connectionError(let failures) = connectionError else {
            Issue.record("\(connectionError)")
            return
        }
        #expect(failures.count == 1)
    }

    @Test(arguments: [
        "not json", "[]", #"{"id":"x"}"#, #"{"type":"bogus"}"#, #"{"type":"data","payload":{}}"#,
        #"{"type":"start","id":"a","payload":{"data":{}}}"#,
    ])
    func malformedMessagesAreTypedErrors(text: String) {
        #expect(throws: RealtimeProtocolError.self) { _ = try AppSyncRealtimeMessage(parsing: text) }
    }

    @Test func graphQLTransportWSRoundTrips() throws {
        let messages: [GraphQLTransportWSMessage] = [
            .connectionInit(payload: ["token": "t"]), .connectionAck(payload: nil), .ping(payload: nil),
            .pong(payload: nil),
            .subscribe(id: "1", query: "subscription { a }", variables: ["x": 1], operationName: "S"),
            .next(id: "1", payload: Array(#"{"data":{"a":1}}"#.utf8)), .complete(id: "1"),
        ]
        for message in messages { #expect(try GraphQLTransportWSMessage(parsing: message.jsonText) == message) }
        let error = try GraphQLTransportWSMessage(parsing: #"{"type":"error","id":"1","payload":[{"message":"bad"}]}"#)
        #expect(error == .error(id: "1", errors: [GraphQLError(message: "bad")]))
        #expect(throws: RealtimeProtocolError.self) { _ = try GraphQLTransportWSMessage(parsing: #"{"type":"next"}"#) }
    }

    @Test func graphQLWSRoundTripsAndReadsEveryErrorShape() throws {
        let messages: [GraphQLWSMessage] = [
            .connectionInit(payload: ["token": "t"]), .connectionInit(payload: nil), .connectionTerminate,
            .start(id: "1", query: "subscription { a }", variables: ["x": 1], operationName: "S"), .stop(id: "1"),
            .connectionAck(payload: nil), .keepAlive, .data(id: "1", payload: Array(#"{"data":{"a":1}}"#.utf8)),
            .error(id: "1", errors: [GraphQLError(message: "bad")]), .complete(id: "1"),
            .connectionError(errors: [GraphQLError(message: "no")]),
        ]
        for message in messages { #expect(try GraphQLWSMessage(parsing: message.jsonText) == message) }
        let bad = [GraphQLError(message: "bad")]
        for payload in [#"{"message":"bad"}"#, #"[{"message":"bad"}]"#, #"{"errors":[{"message":"bad"}]}"#, #""bad""#] {
            let text = #"{"type":"error","id":"1","payload":"# + payload + "}"
            #expect(try GraphQLWSMessage(parsing: text) == .error(id: "1", errors: bad), "\(payload)")
        }
        // A refusal that says nothing is still an error, naming what arrived.
        guard case .connectionError(let errors) = try GraphQLWSMessage(parsing: #"{"type":"connection_error"}"#) else {
            Issue.record("not a connection_error")
            return
        }
        #expect(errors.first?.message.contains("connection_error") == true)
        #expect(throws: RealtimeProtocolError.self) { _ = try GraphQLWSMessage(parsing: #"{"type":"data"}"#) }
        #expect(throws: RealtimeProtocolError.self) { _ = try GraphQLWSMessage(parsing: #"{"type":"start","id":"1"}"#) }
    }

    /// A fan-out builds each subscriber's event as bytes around the shared payload: the exact text
    /// every protocol reads back, with an id that needs escapes.
    @Test func eventMessagesAreBuiltAroundThePayloadAndParseBackInEveryProtocol() throws {
        let id = "sub \"1\"\\\u{1}é"
        let payload = Array(#"{"data":{"onCreate":{"id":"x"}}}"#.utf8)
        let bytes = RealtimeEventMessage.bytes(type: "data", id: id, payload: payload)
        #expect(
            String(decoding: bytes, as: UTF8.self)
                == #"{"type":"data","id":"sub \"1\"\\\u0001é","payload":{"data":{"onCreate":{"id":"x"}}}}"#)
        #expect(
            try AppSyncRealtimeMessage(parsing: String(decoding: bytes, as: UTF8.self))
                == .data(id: id, payload: payload))
        #expect(
            try GraphQLWSMessage(parsing: String(decoding: bytes, as: UTF8.self)) == .data(id: id, payload: payload))
        let next = RealtimeEventMessage.text(type: "next", id: id, payload: payload)
        #expect(try GraphQLTransportWSMessage(parsing: next) == .next(id: id, payload: payload))
    }
}
