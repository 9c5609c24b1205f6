import Foundation
import Testing

@testable import SwitchboardAPI

struct Todo: Codable, Sendable, Equatable {
    let id: String
    let name: String
    var priority: Int?
}

@Suite struct GraphQLResponseDecoderTests {
    let decoder = GraphQLResponseDecoder()

    func decode<R: Decodable & Sendable>(_ body: String, as type: R.Type, path: String? = "getTodo") throws(APIError)
        -> GraphQLResponse<R>
    {
        try decoder.decode(
            Data(body.utf8), status: 200,
            request: GraphQLRequest(document: "query", responseType: type, decodePath: path))
    }

    @Test func dataOnlyIsSuccess() throws {
        let response = try decode(#"{"data": {"getTodo": {"id": "1", "name": "a"}}}"#, as: Todo.self)
        #expect(try response.get() == Todo(id: "1", name: "a"))
    }

    /// Records where it was decoded from and what `userInfo` it saw.
    struct Located: Decodable, Sendable, Equatable {
        let codingPath: [String]
        let sawUserInfo: Bool
        let x: Int

        static let marker = CodingUserInfoKey(rawValue: "test.marker")!

        init(codingPath: [String], sawUserInfo: Bool, x: Int) {
            self.codingPath = codingPath
            self.sawUserInfo = sawUserInfo
            self.x = x
        }

        init(from decoder: any Decoder) throws {
            codingPath = decoder.codingPath.map(\.stringValue)
            sawUserInfo = decoder.userInfo[Self.marker] as? String == "here"
            x = try decoder.container(keyedBy: DynamicCodingKey.self).decode(Int.self, forKey: DynamicCodingKey("x"))
        }
    }

    /// The usual response is read from its tape, without the envelope's generic containers: the
    /// value still sees its whole coding path and the stages' `userInfo`, and anything unusual
    /// (errors, nulls or scalars on the path, a value that does not decode) reads as before.
    @Test func theUsualResponseDecodesWithItsPathAndUserInfo() throws {
        let request = GraphQLRequest(document: "query", responseType: Located.self, decodePath: "a.b")
        let userInfo: [CodingUserInfoKey: any Sendable] = [Located.marker: "here"]
        let body = #"{"data": {"a": {"z": 1, "b": {"x": 7}}}}"#
        let response = try decoder.decode(Data(body.utf8), status: 200, request: request, userInfo: userInfo)
        #expect(try response.get() == Located(codingPath: ["data", "a", "b"], sawUserInfo: true, x: 7))

        let mismatch = try decoder.decode(
            Data(#"{"data": {"a": {"b": {"x": "seven"}}}}"#.utf8), status: 200, request: request)
        guard case .failure(.transformationError(let raw, let error)) = mismatch else {
            Issue.record("\(mismatch)")
            return
        }
        #expect(raw == #"{"x": "seven"}"#)
        #expect("\(error)".contains("expected Int at data.a.b.x"), "\(error)")

        let scalarOnPath = try decoder.decode(Data(#"{"data": {"a": 3}}"#.utf8), status: 200, request: request)
        guard case .failure(.transformationError) = scalarOnPath else {
            Issue.record("\(scalarOnPath)")
            return
        }
        let withErrors = try decoder.decode(
            Data(#"{"data": {"a": {"b": {"x": 1}}}, "errors": [{"message": "partly"}]}"#.utf8), status: 200,
            request: request)
        guard case .failure(.partial(let value, let errors)) = withErrors else {
            Issue.record("\(withErrors)")
            return
        }
        #expect(value.x == 1)
        #expect(errors.map(\.message) == ["partly"])
    }

    @Test func errorsOnlyIsError() throws {
        let response = try decode(#"{"errors": [{"message": "boom"}]}"#, as: Todo.self)
        guard case .failure(.error(let errors)) = response else {
            Issue.record("\(response)")
            return
        }
        #expect(errors.map(\.message) == ["boom"])
    }

    @Test func bothWithNullValueIsError() throws {
        let response = try decode(#"{"data": {"getTodo": null}, "errors": [{"message": "denied"}]}"#, as: Todo?.self)
        guard case .failure(.error(let errors)) = response else {
            Issue.record("\(response)")
            return
        }
        #expect(errors.first?.message == "denied")
    }

    @Test func bothWithNullDataIsError() throws {
        let response = try decode(#"{"data": null, "errors": [{"message": "denied"}]}"#, as: Todo.self)
        guard case .failure(.error) = response else {
            Issue.record("\(response)")
            return
        }
    }

    @Test func bothWithValueIsPartialKeepingDataAndErrors() throws {
        let body =
            #"{"data": {"getTodo": {"id": "1", "name": "a", "priority": null}}, "errors": [{"message": "priority failed", "path": ["getTodo", "priority"]}]}"#
        let response = try decode(body, as: Todo.self)
        guard case .failure(.partial(let todo, let errors)) = response else {
            Issue.record("\(response)")
            return
        }
        #expect(todo == Todo(id: "1", name: "a"))
        #expect(errors.first?.path == ["getTodo", "priority"])
    }

    @Test func multiRootPartialWithoutPathKeepsNonNullFields() throws {
        let body = #"{"data": {"getPost": null, "getTodo": {"id": "1"}}, "errors": [{"message": "no post"}]}"#
        let response = try decode(body, as: JSONValue.self, path: nil)
        guard case .failure(.partial(let value, let errors)) = response else {
            Issue.record("\(response)")
            return
        }
        #expect(value.value(at: "getTodo.id") == "1")
        #expect(errors.count == 1)
        let allNull = try decode(
            #"{"data": {"a": null, "b": null}, "errors": [{"message": "x"}]}"#, as: JSONValue.self, path: nil)
        guard case .failure(.error) = allNull else {
            Issue.record("\(allNull)")
            return
        }
    }

    @Test func decodingFailureIsTransformationErrorWithRawJSON() throws {
        let response = try decode(#"{"data": {"getTodo": {"id": "1", "name": 5}}}"#, as: Todo.self)
        guard case .failure(.transformationError(let raw, let error)) = response else {
            Issue.record("\(response)")
            return
        }
        #expect(raw == #"{"id": "1", "name": 5}"#)
        #expect(error.errorDescription.contains("data.getTodo.name"))
    }

    @Test func neitherKeyThrowsUnknown() {
        #expect(throws: APIError.self) { try decode(#"{"message": "Internal server error"}"#, as: Todo.self) }
        do {
            _ = try decode(#"{"message": "x"}"#, as: Todo.self)
        } catch {
            guard case .unknown(_, _, let underlying) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(underlying is InvalidResponseError)
        }
    }

    @Test func nullDataWithoutErrorsIsUnknownFailure() throws {
        let response = try decode(#"{"data": null}"#, as: Todo?.self)
        guard case .failure(.unknown(let description, _, _)) = response else {
            Issue.record("\(response)")
            return
        }
        #expect(description.contains("no errors"))
    }

    @Test func stringResponseTypeYieldsRawJSONText() throws {
        let body = #"{"data": {"listTodos": {"items": [ {"id": "1"} ], "nextToken": null}}}"#
        let items = try decode(body, as: String.self, path: "listTodos.items")
        #expect(try items.get() == #"[ {"id": "1"} ]"#)
        let whole = try decode(body, as: String.self, path: nil)
        #expect(try whole.get() == #"{"listTodos": {"items": [ {"id": "1"} ], "nextToken": null}}"#)
        let optional = try decode(#"{"data": {"getTodo": null}}"#, as: String?.self)
        #expect(try optional.get() == nil)
    }

    @Test func jsonValueResponseTypeYieldsValue() throws {
        let response = try decode(
            #"{"data": {"getPost": {"id": "p"}, "getTodo": {"id": "t"}}}"#, as: JSONValue.self, path: nil)
        let value = try response.get()
        #expect(value.value(at: "getPost.id") == "p")
        #expect(value.value(at: "getTodo.id") == "t")
    }

    @Test func missingDecodePathKeyIsTransformationError() throws {
        let response = try decode(#"{"data": {"other": {}}}"#, as: Todo.self)
        guard case .failure(.transformationError(_, let error)) = response else {
            Issue.record("\(response)")
            return
        }
        #expect(error.errorDescription.contains("\"getTodo\""))
    }

    @Test func errorsAsSingleObjectAreAccepted() throws {
        let response = try decode(#"{"errors": {"message": "one"}}"#, as: Todo.self)
        guard case .failure(.error(let errors)) = response else {
            Issue.record("\(response)")
            return
        }
        #expect(errors.first?.message == "one")
    }

    @Test func errorsWithoutLocationsDecode() throws {
        let response = try decode(#"{"errors": [{"message": "m", "extensions": {"code": "X"}}]}"#, as: Todo.self)
        guard case .failure(.error(let errors)) = response else {
            Issue.record("\(response)")
            return
        }
        #expect(errors.first?.locations == nil)
        #expect(errors.first?.extensions?["code"] == "X")
    }

    /// Bodies that are not GraphQL responses, the reason and byte offset reported for each.
    static let badBodies: [(body: [UInt8], reason: String, offset: Int?)] = [
        (Array("".utf8), "the body is empty", 0),
        (Array("<html><body>502 Bad Gateway</body></html>".utf8), "expected a value, found character '<'", 0),
        (Array(#"{"data": {"getTodo": {"id": "1""#.utf8), "expected ',' or '}'", 31),
        ([0x7B, 0x22, 0x64, 0xFF, 0x22, 0x3A, 0x31, 0x7D], "invalid UTF-8", 3),
        (Array("[1, 2]".utf8), "not a GraphQL response object", nil),
        (Array(#"{"data": {}} trailing"#.utf8), "after the JSON value", 13),
    ]

    @Test(arguments: 0..<badBodies.count)
    func badBodyIsTypedErrorWithOffsetAndExcerpt(index: Int) {
        let (body, reason, offset) = Self.badBodies[index]
        do {
            _ = try decoder.decode(
                Data(body), status: 200,
                request: GraphQLRequest(document: "q", responseType: Todo.self, decodePath: "getTodo"))
            Issue.record("accepted bad body #\(index)")
        } catch {
            guard case .operationError(let description, _, let underlying) = error,
                let problem = underlying as? InvalidResponseError
            else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(problem.reason.contains(reason), "\(problem.reason)")
            #expect(problem.byteOffset == offset)
            #expect(problem.bodySize == body.count)
            #expect(description.contains("HTTP 200"))
        }
    }

    @Test func tenMegabyteBodyDecodes() throws {
        let item = #"{"id": "1", "name": "\#(String(repeating: "x", count: 1000))"}"#
        let items = Array(repeating: item, count: 10_000).joined(separator: ",")
        let body = #"{"data": {"listTodos": {"items": [\#(items)]}}}"#
        #expect(body.utf8.count > 10_000_000)
        let response = try decode(body, as: [Todo].self, path: "listTodos.items")
        #expect(try response.get().count == 10_000)
    }
}
