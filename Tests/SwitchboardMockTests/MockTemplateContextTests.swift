import Foundation
import Switchboard
import SwitchboardNet
import Testing

@testable import SwitchboardMock

/// A template context reads the request's headers and query parameters only when asked, and
/// behaves as a plain value otherwise.
struct MockTemplateContextTests {
    static let request = MockRequest(
        HTTPRequest(
            method: "POST", target: "/graphql?page=2&tag=a&tag=b",
            headers: ["X-API-Key": "da2-key", "Content-Type": "application/json", "x-api-key": "second"],
            body: Array(#"{"query":"query Get { get }","operationName":"Get","variables":{"id":"7"}}"#.utf8)))

    @Test func headersAndQueryParametersAreTheRequestsFirstValuesWithLowerCasedNames() throws {
        let context = MockTemplateContext(request: Self.request, pathParameters: ["id": "7"])
        #expect(context.headers["x-api-key"] == "da2-key")
        #expect(context.headers["content-type"] == "application/json")
        #expect(context.queryParameters == ["page": "2", "tag": "a"])
        #expect(context.variables == ["id": "7"])
        #expect(context.operationName == "Get")
        #expect(try context.value(at: "headers.X-API-Key") == "da2-key")
        #expect(try context.value(at: "query.page") == "2")
    }

    @Test func valuesSetByHandReplaceTheRequestsAndCountForEquality() throws {
        var context = MockTemplateContext(request: Self.request)
        let untouched = context
        #expect(context == untouched)
        context.headers["x-api-key"] = "changed"
        context.queryParameters = [:]
        #expect(context.headers["x-api-key"] == "changed")
        #expect(context.headers["content-type"] == "application/json")
        #expect(context.queryParameters.isEmpty)
        #expect(try context.value(at: "headers.x-api-key") == "changed")
        #expect(context != untouched)
        // Equal values compare equal however they were obtained.
        var rebuilt = untouched
        rebuilt.headers = untouched.headers
        #expect(rebuilt == untouched)
    }
}
