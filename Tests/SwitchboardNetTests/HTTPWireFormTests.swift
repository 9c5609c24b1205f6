import Testing

@testable import SwitchboardNet

/// The byte-level helpers every exchange goes through: a response's wire form, a header's token
/// list, a request's path.
struct HTTPWireFormTests {
    private func wire(_ response: HTTPResponse, keepAlive: Bool = true, includeBody: Bool = true) -> String {
        String(decoding: response.serialized(keepAlive: keepAlive, includeBody: includeBody), as: UTF8.self)
    }

    @Test func aResponseGetsItsStatusLineLengthAndBody() {
        #expect(
            wire(HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: Array("{}".utf8)))
                == "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}")
        #expect(wire(HTTPResponse(status: 404)) == "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n")
        let large = HTTPResponse(status: 599, body: Array(repeating: 120, count: 12_345))
        #expect(wire(large, includeBody: false) == "HTTP/1.1 599 Status 599\r\nContent-Length: 12345\r\n\r\n")
        #expect(
            wire(HTTPResponse(status: 200, body: Array("0123456789".utf8))).hasSuffix("Length: 10\r\n\r\n0123456789"))
    }

    @Test func aResponseKeepsTheLengthAndConnectionItWasGiven() {
        let given = HTTPResponse(
            status: 200, headers: ["content-length": "3", "CONNECTION": "close"], body: [1, 2, 3])
        #expect(
            wire(given, keepAlive: false)
                == "HTTP/1.1 200 OK\r\ncontent-length: 3\r\nCONNECTION: close\r\n\r\n\u{1}\u{2}\u{3}")
        let chunked = HTTPResponse(status: 200, headers: ["Transfer-Encoding": "chunked"])
        #expect(wire(chunked) == "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n")
        #expect(
            wire(HTTPResponse(status: 500), keepAlive: false)
                == "HTTP/1.1 500 Internal Server Error\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
        // No body and no length where HTTP forbids them; an upgrade keeps its connection.
        #expect(wire(HTTPResponse(status: 204, body: [1])) == "HTTP/1.1 204 No Content\r\n\r\n")
        #expect(wire(HTTPResponse(status: 101), keepAlive: false) == "HTTP/1.1 101 Switching Protocols\r\n\r\n")
    }

    @Test func tokensAreFoundInCommaSeparatedValuesOfEveryField() {
        let headers: HTTPHeaders = [
            "Connection": "keep-alive, Upgrade", "connection": " close\t", "Upgrade": "websocket",
        ]
        #expect(headers.containsToken("upgrade", in: "connection"))
        #expect(headers.containsToken("CLOSE", in: "Connection"))
        #expect(headers.containsToken("keep-alive", in: "CONNECTION"))
        #expect(!headers.containsToken("keep", in: "Connection"))
        #expect(!headers.containsToken("websocket", in: "Connection"))
        #expect(!(["Connection": "closed"] as HTTPHeaders).containsToken("close", in: "Connection"))
        #expect((["Connection": ",, close ,"] as HTTPHeaders).containsToken("close", in: "Connection"))
        #expect(!(["Connection": ""] as HTTPHeaders).containsToken("close", in: "Connection"))
    }

    @Test func thePathIsTheTargetWithoutItsQueryAndDecoded() {
        #expect(HTTPRequest(method: "POST", target: "/graphql").path == "/graphql")
        #expect(HTTPRequest(method: "GET", target: "/graphql?query=%7B%7D").path == "/graphql")
        #expect(HTTPRequest(method: "GET", target: "/a%20b/c?x").path == "/a b/c")
        #expect(HTTPRequest(method: "GET", target: "/a+b").path == "/a+b")
        #expect(HTTPRequest(method: "GET", target: "/bad%zz").path == "/bad%zz")
    }
}
