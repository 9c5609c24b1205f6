import Foundation
import Testing

@testable import Switchboard

/// The Cognito pools of both configuration formats' `auth` sections.
@Suite struct CognitoConfigurationTests {
    @Test func amplifyConfigurationsAuthPluginGivesBothPools() throws {
        let text = """
            {"UserAgent": "aws-amplify-cli/2.0", "Version": "1.0",
             "auth": {"plugins": {"awsCognitoAuthPlugin": {
               "UserAgent": "aws-amplify/cli", "Version": "0.1.0",
               "IdentityManager": {"Default": {}},
               "CredentialsProvider": {"CognitoIdentity": {"Default": {"PoolId": "us-east-1:1d2c-pool", "Region": "us-east-1"}}},
               "CognitoUserPool": {"Default": {"PoolId": "us-east-1_Ab12", "AppClientId": "6p1client",
                                               "AppClientSecret": "top-secret", "Region": "us-east-1"}},
               "Auth": {"Default": {"authenticationFlowType": "USER_SRP_AUTH"}}}}}}
            """
        let cognito = try #require(try SwitchboardConfiguration(data: Data(text.utf8)).cognito())
        #expect(
            cognito.userPool
                == .init(
                    poolId: "us-east-1_Ab12", appClientId: "6p1client", appClientSecret: "top-secret",
                    region: "us-east-1"))
        #expect(cognito.identityPool == .init(poolId: "us-east-1:1d2c-pool", region: "us-east-1"))
        #expect(!cognito.description.contains("top-secret") && cognito.description.contains("<redacted>"))
    }

    @Test func gen2OutputsAuthGivesBothPools() throws {
        let text = """
            {"version": "1", "auth": {"aws_region": "eu-west-1", "user_pool_id": "eu-west-1_X",
              "user_pool_client_id": "client", "identity_pool_id": "eu-west-1:ip", "unauthenticated_identities_enabled": true}}
            """
        let cognito = try #require(try SwitchboardConfiguration(data: Data(text.utf8)).cognito())
        #expect(cognito.userPool == .init(poolId: "eu-west-1_X", appClientId: "client", region: "eu-west-1"))
        #expect(cognito.identityPool == .init(poolId: "eu-west-1:ip", region: "eu-west-1"))
    }

    @Test func noAuthSectionIsNoCognitoAndAMissingKeyIsNamed() throws {
        #expect(try SwitchboardConfiguration(data: Data(#"{"api": {"plugins": {}}}"#.utf8)).cognito() == nil)
        let missing = """
            {"auth": {"plugins": {"awsCognitoAuthPlugin": {"CognitoUserPool": {"Default": {"PoolId": "p", "Region": "r"}}}}}}
            """
        do {
            _ = try SwitchboardConfiguration(data: Data(missing.utf8), source: "amplifyconfiguration.json").cognito()
            Issue.record("accepted a user pool without AppClientId")
        } catch {
            #expect(
                error.path
                    == "amplifyconfiguration.json: auth.plugins.awsCognitoAuthPlugin.CognitoUserPool.Default.AppClientId"
            )
        }
    }
}
