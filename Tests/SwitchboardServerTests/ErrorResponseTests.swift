import Testing

@testable import SwitchboardServer

/// AppSync's request-level errors over HTTP: 401 bodies for missing or wrong keys, validation
/// errors in graphql-java's words, variable coercion, malformed bodies and syntax errors.
@Suite struct ErrorResponseTests {
    @Test func missingOrWrongCredentialsGet401UnauthorizedException() async throws {
        let harness = try await ServerHarness.start()
        defer { Task { await harness.stop() } }
        let query = "{ listBlogs { items { id } } }"
        let wrong = try await harness.post(query, headers: ["x-api-key": "da2-wrong"])
        #expect(wrong.status == 401)
        #expect(
            wrong.body == [
                "errors": [
                    ["errorType": "UnauthorizedException", "message": "You are not authorized to make this call."]
                ]
            ])
        let missing = try await harness.post(query, headers: [:])
        #expect(missing.status == 401)
        #expect(
            missing.body == [
                "errors": [
                    ["errorType": "UnauthorizedException", "message": "Valid authorization header not provided."]
                ]
            ])
        let token = try await harness.post(query, headers: ["Authorization": "eyJhbGciOiJub25lIn0.e30."])
        #expect(token.status == 401)
    }

    @Test func expiredKeysAreRefused() async throws {
        let harness = try await ServerHarness.start(
            configuration: .init(apiKeys: [.init("da2-old", expires: .distantPast), .init("da2-test")]))
        defer { Task { await harness.stop() } }
        #expect(
            try await harness.post("{ listBlogs { items { id } } }", headers: ["x-api-key": "da2-old"]).status == 401)
        #expect(try await harness.post("{ listBlogs { items { id } } }").status == 200)
    }

    @Test func unknownFieldsAreFieldUndefinedValidationErrors() async throws {
        let harness = try await ServerHarness.start()
        defer { Task { await harness.stop() } }
        let (status, body) = try await harness.post("query {\n  getPost(id: \"1\") { id foo }\n}")
        #expect(status == 200)
        #expect(
            body
                == [
                    "data": nil,
                    "errors": [
                        [
                            "path": nil, "locations": [["line": 2, "column": 25, "sourceName": nil]],
                            "message":
                                "Validation error of type FieldUndefined: Field 'foo' in type 'Post' is undefined @ 'getPost/foo'",
                        ]
                    ],
                ])
        let missingArgument = try await harness.post("{ getPost { id } }")
        #expect(
            missingArgument.body["errors"]?[0]?["message"]
                == "Validation error of type MissingFieldArgument: Missing field argument id @ 'getPost'")
        let unknownArgument = try await harness.post("{ listPosts(sortDirection: ASC) { items { id } } }")
        #expect(
            unknownArgument.body["errors"]?[0]?["message"]
                == "Validation error of type UnknownArgument: Unknown field argument sortDirection @ 'listPosts'")
    }

    @Test func nullForANonNullVariableIsACoercedNullError() async throws {
        let harness = try await ServerHarness.start()
        defer { Task { await harness.stop() } }
        let (_, body) = try await harness.post(
            "mutation C($input: CreatePostInput!) { createPost(input: $input) { id } }",
            variables: ["input": ["title": nil]])
        #expect(body["data"] == JSON.null)
        #expect(body["errors"]?[0]?["message"] == "Variable 'input' has coerced Null value for NonNull type 'String!'")
        #expect(body["errors"]?[0]?["path"] == JSON.null)
        let (_, scalar) = try await harness.post(
            "mutation C($input: CreatePostInput!) { createPost(input: $input) { id } }",
            variables: ["input": ["title": "x", "metadata": "{not json"]])
        #expect(
            scalar["errors"]?[0]?["message"]?.stringValue?.hasPrefix(
                "Variable 'input' has an invalid value: Unable to parse") == true)
    }

    @Test func malformedBodiesAndSyntaxErrors() async throws {
        let harness = try await ServerHarness.start()
        defer { Task { await harness.stop() } }
        let garbage = try await harness.send(body: Array("{\"query\": ".utf8), headers: ["x-api-key": "da2-test"])
        #expect(garbage.status == 400 && garbage.body["errors"]?[0]?["errorType"] == "MalformedHttpRequestException")
        let (_, body) = try await harness.post("{ listPosts { items { id } }")
        #expect(body["errors"]?[0]?["message"] == "Invalid Syntax : offending token '<EOF>' at line 1 column 29")
        // The server keeps serving after bad input.
        #expect(try await harness.data("{ listPosts { items { id } } }") == ["items": []])
    }

    /// A document past the parser's limits is told which limit, not given the token where the
    /// parse stopped (which read as a typo: `offending token 'Name "a"'`).
    @Test func documentsPastTheParsersLimitsAreToldWhichLimit() async throws {
        let harness = try await ServerHarness.start()
        defer { Task { await harness.stop() } }
        let (_, nested) = try await harness.post(
            String(repeating: "{ a ", count: 300) + String(repeating: "}", count: 300))
        let nesting = nested["errors"]?[0]?["message"]?.stringValue ?? ""
        #expect(
            nesting.hasPrefix("Invalid Syntax : the document nests more than 256 levels deep; to protect the server, "),
            "\(nesting)")
        #expect(nesting.hasSuffix("stopped at line 1 column 1027"), "\(nesting)")
        // Two bytes a token: 400 KB, within the request body limit.
        let (_, wide) = try await harness.post("{ " + String(repeating: "a ", count: 200_001) + "}")
        let tokens = wide["errors"]?[0]?["message"]?.stringValue ?? ""
        #expect(tokens.hasPrefix("Invalid Syntax : the document has more than 200000 tokens"), "\(tokens)")
        #expect(wide["data"] == .null)
        #expect(try await harness.data("{ listPosts { items { id } } }") == ["items": []])
    }
}
