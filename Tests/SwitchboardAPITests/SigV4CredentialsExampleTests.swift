import Foundation
import SwitchboardAPI
import SwitchboardNet
import SwitchboardSigV4
import Testing

/// The AWS_IAM example of the *IAM authorization* article, compiled and run against a
/// loopback server that verifies the signature.
@Suite struct SigV4CredentialsExampleTests {
    @Test func readmeExampleSignsAndVerifies() async throws {
        let accessKeyId = "AKIDEXAMPLE"
        let secret = "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY"
        let sessionToken: String? = nil
        let keys = [accessKeyId: AWSCredentials(accessKeyId: accessKeyId, secretAccessKey: secret)]
        let server = try await LoopbackGraphQLServer { request in
            let verifier = SigV4Verifier(region: "us-east-1", service: "appsync") { keys[$0] }
            let signable = SigV4Request(
                method: request.method, target: request.target,
                headers: request.headers.map { SigV4HeaderField($0.name, $0.value) }, body: request.body)
            guard (try? verifier.verify(signable)) != nil else { return .json(#"{"errors":[]}"#, status: 403) }
            return .json(#"{"data":{"ping":"pong"}}"#)
        }
        defer { Task { await server.stop() } }
        let endpoint = server.graphQLURL

        // --- the example starts here ---
        // AWS_IAM requests are signed with SigV4. By default the credentials come from
        // AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY / AWS_SESSION_TOKEN, then ~/.aws (AWS_PROFILE).
        // Credentials you already hold can be given directly:
        let credentials = AWSCredentials(accessKeyId: accessKeyId, secretAccessKey: secret, sessionToken: sessionToken)
        let plugin = try APIPlugin(
            iamSigner: SigV4RequestSigner(credentialsProvider: StaticCredentialsProvider(credentials)))
        try plugin.configure(
            APICategoryConfiguration(endpoints: [
                try APIEndpointConfiguration(
                    name: "todo", endpoint: endpoint, region: "us-east-1", authorizationType: .awsIAM)
            ]))
        let response = try await plugin.query(
            request: GraphQLRequest(document: "{ ping }", responseType: String.self, decodePath: "ping"))

        // Any request can be signed by hand, and the report shows exactly what was signed:
        var request = try SigV4Request(
            method: "POST", url: endpoint, headers: [SigV4HeaderField("content-type", "application/json")],
            body: Array(#"{"query":"{ ping }"}"#.utf8))
        let signature = try SigV4Signer().sign(
            &request, credentials: credentials, region: "us-east-1", service: "appsync")
        print(signature.debugReport)
        // --- the example ends here ---

        #expect(try response.get() == #""pong""#)
        #expect(signature.debugReport.hasPrefix("Canonical request:\nPOST\n/graphql\n"))
        #expect(request.value(forHeader: "Authorization") == signature.authorization)
    }
}
