import Foundation
import Testing

@testable import Switchboard

/// REST APIs from both configuration formats: `endpointType: REST` entries of
/// `amplifyconfiguration.json` (with an optional SigV4 `service`) and Gen 2's `custom.API` outputs.
@Suite struct RESTConfigurationTests {
    func apiConfiguration(_ text: String) throws(ConfigurationError) -> APICategoryConfiguration? {
        try SwitchboardConfiguration(data: Data(text.utf8)).apiCategory(pluginKey: "awsAPIPlugin")
    }

    @Test func aRESTEntryIsChosenByNameOrAsTheOnlyRESTAPI() throws {
        let configuration = try #require(try apiConfiguration(ConfigurationTests.twoAPIs))
        #expect(try configuration.endpoint(named: nil, type: .rest).name == "rest")
        #expect(
            try configuration.endpoint(named: "rest", type: .rest).endpoint.absoluteString
                == "https://rest.example.com/prod")
        #expect(throws: APISelectionError.wrongType(name: "todo", expected: .rest)) {
            try configuration.endpoint(named: "todo", type: .rest)
        }
        let graphQLOnly = APICategoryConfiguration(endpoints: [try #require(configuration.endpoints["todo"])])
        #expect(throws: APISelectionError.noAPI(.rest)) { try graphQLOnly.endpoint(named: nil, type: .rest) }
        #expect(APISelectionError.noAPI(.rest).description.contains("endpointType REST"))
    }

    @Test func anEntryMayNameTheServiceItIsSignedFor() throws {
        let text = """
            {"api": {"plugins": {"awsAPIPlugin": {"fn": {"endpointType": "REST",
             "endpoint": "https://fn.lambda-url.us-east-1.on.aws", "region": "us-east-1",
             "authorizationType": "AWS_IAM", "service": "lambda"}}}}}
            """
        let endpoint = try #require(try apiConfiguration(text)?.endpoints["fn"])
        #expect(endpoint.signingService == "lambda")
        #expect(endpoint.description.contains("service: lambda"))
    }

    @Test func gen2CustomAPIOutputsAreRESTAPIsBesideTheDataAPI() throws {
        let text = """
            {"version": "1",
             "data": {"url": "https://x.appsync-api.eu-west-1.amazonaws.com/graphql", "aws_region": "eu-west-1",
                      "default_authorization_type": "AWS_IAM"},
             "custom": {"API": {
               "myRestApi": {"endpoint": "https://abc.execute-api.eu-west-1.amazonaws.com/dev/",
                             "region": "eu-west-1", "apiName": "myRestApi"},
               "keyed": {"endpoint": "https://api.example.com/v1", "authorization_type": "API_KEY",
                         "api_key": "k-secret"}}}}
            """
        let configuration = try #require(try apiConfiguration(text))
        #expect(configuration.endpoints.count == 3)
        let rest = try configuration.endpoint(named: "myRestApi", type: .rest)
        #expect(rest.authorizationType == .awsIAM)
        #expect(rest.region == "eu-west-1")
        let keyed = try configuration.endpoint(named: "keyed", type: .rest)
        #expect(keyed.authorizationType == .apiKey && keyed.apiKey == "k-secret")
        #expect(!keyed.description.contains("k-secret"))
        #expect(try configuration.graphQLEndpoint(named: nil).name == APICategoryConfiguration.gen2APIName)
    }

    @Test func gen2RESTOutputsWithoutWhatTheirAuthorizationNeedsAreErrorsAtTheirPath() {
        let noRegion = #"{"version": "1", "custom": {"API": {"r": {"endpoint": "https://api.example.com"}}}}"#
        #expect(throws: ConfigurationError.self) { try apiConfiguration(noRegion) }
        do {
            _ = try apiConfiguration(noRegion)
        } catch {
            #expect(error.path == "custom.API.r.region")
        }
        let noKey =
            #"{"version": "1", "custom": {"API": {"r": {"endpoint": "https://a.b", "authorization_type": "API_KEY"}}}}"#
        do {
            _ = try apiConfiguration(noKey)
            Issue.record("accepted API_KEY without api_key")
        } catch {
            #expect(error.path == "custom.API.r.api_key")
        }
    }
}
