import Foundation
import Testing

@testable import Switchboard

@Suite struct ConfigurationTests {
    static let twoAPIs = """
        {
          "UserAgent": "aws-amplify-cli/2.0",
          "Version": "1.0",
          "api": {
            "plugins": {
              "awsAPIPlugin": {
                "todo": {
                  "endpointType": "GraphQL",
                  "endpoint": "https://abc.appsync-api.us-east-1.amazonaws.com/graphql",
                  "region": "us-east-1",
                  "authorizationType": "API_KEY",
                  "apiKey": "da2-SECRETKEY1234567890"
                },
                "admin": {
                  "endpointType": "GraphQL",
                  "endpoint": "https://api.example.com/graphql",
                  "region": "eu-west-1",
                  "authorizationType": "AWS_IAM"
                },
                "rest": {
                  "endpointType": "REST",
                  "endpoint": "https://rest.example.com/prod",
                  "region": "eu-west-1",
                  "authorizationType": "NONE"
                }
              }
            }
          }
        }
        """

    func apiConfiguration(_ text: String) throws(ConfigurationError) -> APICategoryConfiguration? {
        try SwitchboardConfiguration(data: Data(text.utf8)).apiCategory(pluginKey: "awsAPIPlugin")
    }

    @Test func parsesSeveralNamedAPIs() throws {
        let configuration = try #require(try apiConfiguration(Self.twoAPIs))
        #expect(configuration.endpoints.count == 3)
        let todo = try #require(configuration.endpoints["todo"])
        #expect(todo.authorizationType == .apiKey)
        #expect(todo.apiKey == "da2-SECRETKEY1234567890")
        #expect(todo.endpoint.host == "abc.appsync-api.us-east-1.amazonaws.com")
        #expect(configuration.endpoints["admin"]?.region == "eu-west-1")
        #expect(configuration.endpoints["rest"]?.endpointType == .rest)
    }

    @Test func acceptsAllSixAuthorizationTypes() throws {
        for type in AuthorizationType.allCases {
            let extra = type == .apiKey ? #", "apiKey": "k""# : ""
            let text = """
                {"api": {"plugins": {"awsAPIPlugin": {"a": {"endpointType": "GraphQL",
                "endpoint": "https://x.example/graphql", "region": "r", "authorizationType": "\(type.rawValue)"\(extra)}}}}}
                """
            let configuration = try #require(try apiConfiguration(text))
            #expect(configuration.endpoints["a"]?.authorizationType == type)
        }
    }

    @Test func selectionUsesTheNamedOrTheOnlyGraphQLAPI() throws {
        let configuration = try #require(try apiConfiguration(Self.twoAPIs))
        #expect(try configuration.graphQLEndpoint(named: "admin").name == "admin")
        #expect(throws: APISelectionError.ambiguous(.graphQL, candidates: ["admin", "todo"])) {
            try configuration.graphQLEndpoint(named: nil)
        }
        #expect(throws: APISelectionError.unknownAPI(name: "nope", configured: ["admin", "rest", "todo"])) {
            try configuration.graphQLEndpoint(named: "nope")
        }
        #expect(throws: APISelectionError.wrongType(name: "rest", expected: .graphQL)) {
            try configuration.graphQLEndpoint(named: "rest")
        }
        let single = APICategoryConfiguration(endpoints: [try #require(configuration.endpoints["todo"])])
        #expect(try single.graphQLEndpoint(named: nil).name == "todo")
        let restOnly = APICategoryConfiguration(endpoints: [try #require(configuration.endpoints["rest"])])
        #expect(throws: APISelectionError.noAPI(.graphQL)) { try restOnly.graphQLEndpoint(named: nil) }
    }

    @Test func ambiguousSelectionMessageAsksForAPIName() {
        #expect(APISelectionError.ambiguous(.graphQL, candidates: ["a", "b"]).description.contains("set apiName"))
    }

    @Test func gen2OutputsBecomeDefaultGraphQLAPI() throws {
        let text = """
            {"version": "1", "auth": {}, "data": {"url": "https://x.appsync-api.eu-west-1.amazonaws.com/graphql",
             "aws_region": "eu-west-1", "default_authorization_type": "AMAZON_COGNITO_USER_POOLS",
             "authorization_types": ["API_KEY", "AWS_IAM"], "api_key": "da2-secret", "model_introspection": {}}}
            """
        let parsed = try SwitchboardConfiguration(data: Data(text.utf8))
        #expect(parsed.format == .amplifyOutputs)
        let configuration = try #require(try parsed.apiCategory(pluginKey: "awsAPIPlugin"))
        let endpoint = try configuration.graphQLEndpoint(named: nil)
        #expect(endpoint.name == "defaultGraphQLAPI")
        #expect(endpoint.authorizationType == .amazonCognitoUserPools)
        #expect(endpoint.additionalAuthorizationTypes == [.apiKey, .awsIAM])
        #expect(endpoint.apiKey == "da2-secret")
        #expect(endpoint.region == "eu-west-1")
    }

    /// Each malformed file and the exact message the user sees.
    static let malformed: [(String, String)] = [
        ("not json {", "not valid JSON: line 1, column 1: expected a value, found character 'n'"),
        (
            "{\n  \"api\": {\n    \"plugins\" {}}}",
            "not valid JSON: line 3, column 15: expected ':', found character '{'"
        ),
        // Strict on every platform, whatever Foundation's JSONDecoder accepts here.
        (
            "{\"api\": {\"plugins\": {},\n}}",
            "not valid JSON: line 1, column 23: trailing comma before '}' (JSON does not allow trailing commas)"
        ),
        (
            "{\"api\": [1, 2, ]}",
            "not valid JSON: line 1, column 14: trailing comma before ']' (JSON does not allow trailing commas)"
        ),
        (
            "{\n  // the API\n  \"api\": {}}",
            "not valid JSON: line 2, column 3: expected a string key, found character '/' (JSON does not allow comments)"
        ),
        (
            "{\"api\": {} /* trailing */}",
            "not valid JSON: line 1, column 12: expected ',' or '}', found character '/' (JSON does not allow comments)"
        ),
        ("[1, 2]", "expected an object, found an array"),
        (
            #"{"api": {"plugins": {"awsAPIPlugin": []}}}"#,
            "api.plugins.awsAPIPlugin: expected an object, found an array"
        ),
        (#"{"api": {"plugins": {"awsAPIPlugin": {}}}}"#, "api.plugins.awsAPIPlugin: no API is configured"),
        (#"{"api": {}}"#, "api.plugins: required key is missing"),
        (
            #"{"api": {"plugins": {"awsAPIPlugin": {"t": {"endpointType": "GraphQL", "endpoint": "https://x/graphql", "authorizationType": "APIKEY"}}}}}"#,
            #"api.plugins.awsAPIPlugin.t.authorizationType: unknown value "APIKEY" (expected one of NONE, API_KEY, AWS_IAM, OPENID_CONNECT, AMAZON_COGNITO_USER_POOLS, AWS_LAMBDA)"#
        ),
        (
            #"{"api": {"plugins": {"awsAPIPlugin": {"t": {"endpointType": "GraphQL", "authorizationType": "NONE"}}}}}"#,
            "api.plugins.awsAPIPlugin.t.endpoint: required key is missing"
        ),
        (
            #"{"api": {"plugins": {"awsAPIPlugin": {"t": {"endpointType": "GraphQL", "endpoint": "https://x/graphql", "authorizationType": "API_KEY"}}}}}"#,
            "api.plugins.awsAPIPlugin.t.apiKey: required because authorizationType is API_KEY"
        ),
        (
            #"{"api": {"plugins": {"awsAPIPlugin": {"t": {"endpointType": "GraphQL", "endpoint": "https://x/graphql", "authorizationType": "AWS_IAM"}}}}}"#,
            "api.plugins.awsAPIPlugin.t.region: required because authorizationType is AWS_IAM"
        ),
        (
            #"{"api": {"plugins": {"awsAPIPlugin": {"t": {"endpointType": "GraphQL", "endpoint": "ftp://x/graphql", "authorizationType": "NONE"}}}}}"#,
            #"api.plugins.awsAPIPlugin.t.endpoint: invalid URL "ftp://x/graphql": the scheme must be http or https"#
        ),
        (
            #"{"api": {"plugins": {"awsAPIPlugin": {"t": {"endpointType": "GraphQL", "endpoint": "not a url", "authorizationType": "NONE"}}}}}"#,
            #"api.plugins.awsAPIPlugin.t.endpoint: invalid URL "not a url""#
        ),
        (
            #"{"api": {"plugins": {"awsAPIPlugin": {"t": {"endpointType": "GraphQL", "endpoint": 42, "authorizationType": "NONE"}}}}}"#,
            "api.plugins.awsAPIPlugin.t.endpoint: expected a string, found number 42"
        ),
        (
            #"{"api": {"plugins": {"awsAPIPlugin": {"t": {"endpointType": "SOAP", "endpoint": "https://x/graphql", "authorizationType": "NONE"}}}}}"#,
            #"api.plugins.awsAPIPlugin.t.endpointType: unknown value "SOAP" (expected one of GraphQL, REST)"#
        ),
        (
            #"{"api": {"plugins": {"awsAPIPlugin": {"t": {"endpoint": "https://x/graphql", "authorizationType": "NONE"}}}}}"#,
            "api.plugins.awsAPIPlugin.t.endpointType: required key is missing"
        ),
        (
            #"{"api": {"plugins": {"awsAPIPlugin": {"t": {"endpointType": "GraphQL", "endpoint": "", "authorizationType": "NONE"}}}}}"#,
            "api.plugins.awsAPIPlugin.t.endpoint: must not be empty"
        ),
        (
            #"{"version": "1", "data": {"url": "https://x/graphql", "default_authorization_type": "NONE"}}"#,
            #"data.default_authorization_type: unknown value "NONE""#
        ),
        (
            #"{"version": "1", "data": {"url": "https://x/graphql", "default_authorization_type": "API_KEY"}}"#,
            "data.api_key: required because API_KEY is an authorization type"
        ),
    ]

    @Test(arguments: 0..<malformed.count)
    func malformedConfigurationNamesPathAndValue(index: Int) {
        let (text, expected) = Self.malformed[index]
        do {
            _ = try apiConfiguration(text)
            Issue.record("accepted malformed configuration #\(index)")
        } catch {
            #expect(error.description.contains(expected), "got: \(error.description)")
        }
    }

    @Test func apiKeyNeverAppearsInErrorsOrDescriptions() throws {
        let text =
            #"{"api": {"plugins": {"awsAPIPlugin": {"t": {"endpointType": "GraphQL", "endpoint": "https://x/graphql", "authorizationType": "API_KEY", "apiKey": 12345678}}}}}"#
        do {
            _ = try apiConfiguration(text)
            Issue.record("accepted a numeric apiKey")
        } catch {
            #expect(error.description == "api.plugins.awsAPIPlugin.t.apiKey: expected a string, found number")
            #expect(!error.description.contains("12345678"))
        }
        let configuration = try #require(try apiConfiguration(Self.twoAPIs))
        let todo = try #require(configuration.endpoints["todo"])
        #expect(!todo.description.contains("SECRETKEY"))
        #expect(!String(reflecting: todo).contains("SECRETKEY"))
        var dumped = ""
        dump(todo, to: &dumped)
        #expect(!dumped.contains("SECRETKEY"))
        #expect(todo.description.contains("<redacted>"))
    }

    @Test func aLeadingByteOrderMarkIsIgnored() throws {
        let configuration = try #require(try apiConfiguration("\u{FEFF}" + Self.twoAPIs))
        #expect(configuration.endpoints.count == 3)
    }

    @Test func loadingAFileNamesTheFile() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bad-\(UUID()).json")
        try Data(#"{"api": {"plugins": {"awsAPIPlugin": {"t": {}}}}}"#.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let configuration = try SwitchboardConfiguration.load(from: url)
        do {
            _ = try configuration.apiCategory(pluginKey: "awsAPIPlugin")
            Issue.record("accepted an API without keys")
        } catch {
            #expect(error.description.hasPrefix("\(url.lastPathComponent): api.plugins.awsAPIPlugin.t.endpointType"))
        }
        let missing = url.appendingPathExtension("missing")
        #expect(throws: ConfigurationError.self) { try SwitchboardConfiguration.load(from: missing) }
    }

    @Test func codeBuiltEndpointChecksTheSameRules() throws {
        #expect(throws: ConfigurationError.self) {
            try APIEndpointConfiguration(
                name: "x", endpoint: URL(string: "https://x/graphql")!, authorizationType: .apiKey)
        }
        #expect(throws: ConfigurationError.self) {
            try APIEndpointConfiguration(
                name: "x", endpoint: URL(string: "https://x/graphql")!, authorizationType: .awsIAM)
        }
        let endpoint = try APIEndpointConfiguration(
            name: "x", endpoint: URL(string: "http://127.0.0.1:9/graphql")!, authorizationType: .none)
        #expect(endpoint.endpointType == .graphQL)
    }
}
