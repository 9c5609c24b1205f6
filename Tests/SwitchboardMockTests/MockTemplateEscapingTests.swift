import Foundation
import Switchboard
import SwitchboardNet
import Testing

@testable import SwitchboardMock

/// Template bodies escape substituted values by the response's content type: a quote, a backslash
/// or a line break in a variable no longer breaks the JSON response, nor `<` the HTML one.
struct MockTemplateEscapingTests {
    static let awkward = "say \"hi\" \\ then\nleave </script> & go"

    @Test func jsonTemplatesStayValidJSONWhateverTheValues() async throws {
        let template = #"""
            {"name": "{{variables.name}}", "greeting": "Hello, {{variables.name}}!", "count": {{variables.count}},
             "page": {{query.page}}, "tag": {{query.tag}}, "input": {{variables.input}}, "inline": "{{variables.input}}"}
            """#
        let server = try await MockServer(endpoints: [
            GraphQLEndpoint(.POST, .operations("echo"), response: MockResponse(body: .template(template)))
        ])
        defer { Task { await server.stop() } }
        var url = URLComponents(url: server.graphQLURL, resolvingAgainstBaseURL: false)!
        url.queryItems = [.init(name: "page", value: "3"), .init(name: "tag", value: "a\"b")]
        let variables: JSONValue = [
            "name": .string(Self.awkward), "count": 7,
            "input": ["text": .string(Self.awkward), "list": [1, true, nil]],
        ]
        let body: JSONValue = ["query": "query echo { e }", "variables": variables]
        let reply = try await MockServerTests.send("POST", url.url!, body: body.jsonText)
        #expect(reply.status == 200)
        let json = try #require(reply.json, "not JSON: \(reply.text)")
        #expect(json["name"] == .string(Self.awkward))
        #expect(json["greeting"] == .string("Hello, \(Self.awkward)!"))
        #expect(json["count"] == 7)
        #expect(json["page"] == 3)
        #expect(json["tag"] == "a\"b")
        #expect(json["input"] == variables["input"])
        #expect(json["inline"] == .string(variables["input"]!.jsonText))
    }

    @Test func htmlTemplatesEscapeMarkupAndTextTemplatesAreLeftAlone() async throws {
        let server = try await MockServer(endpoints: [
            HTTPEndpoint(
                .GET, "/page", response: MockResponse(body: .template("<p>{{query.q}}</p>", contentType: "text/html"))),
            HTTPEndpoint(
                .GET, "/text", response: MockResponse(body: .template("q={{query.q}}", contentType: "text/plain"))),
        ])
        defer { Task { await server.stop() } }
        let query = [URLQueryItem(name: "q", value: "<b>\"x\" & 'y'</b>")]
        let page = try await MockServerTests.send(
            "GET", server.url.appendingPathComponent("page").appending(queryItems: query))
        #expect(page.text == "<p>&lt;b&gt;&quot;x&quot; &amp; &#39;y&#39;&lt;/b&gt;</p>")
        let text = try await MockServerTests.send(
            "GET", server.url.appendingPathComponent("text").appending(queryItems: query))
        #expect(text.text == "q=<b>\"x\" & 'y'</b>")
    }

    @Test(arguments: [
        ("0", true), ("-12.5e+3", true), ("true", true), ("null", true), ("01", false), ("1.", false),
        ("", false), ("1e", false), ("NaN", false), ("3 ", false),
    ])
    func jsonLiteralsAreRecognizedExactly(text: String, isLiteral: Bool) {
        #expect(MockTemplateEscaping.isJSONLiteral(text) == isLiteral)
    }
}
