import Foundation
import Switchboard
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `switchboard serve --jwks … --token-issuer … --token-client-id …`: the banner says what
/// happens to Cognito and OIDC tokens, tokens are verified with the file's keys, and bad
/// options or key files stop it before it serves.
@Suite struct ServeTokenVerificationTests {
    static let schema = """
        type Note @model @auth(rules: [{allow: owner}]) {
          id: ID!
          text: String
        }
        """
    /// The public keys of RFC 7515's examples (A.2 RS256, A.3 ES256): nothing private.
    static let keySet = """
        {"keys": [
          {"kty": "RSA", "kid": "a2", "e": "AQAB", "n": "ofgWCuLjybRlzo0tZWJjNiuSfb4p4fAkd_wWJcyQoTbji9k0l8W26mPddxHmfHQp-Vaw-4qPCJrcS2mJPMEzP1Pt0Bm4d4QlL-yRT-SFd2lZS-pCgNMsD1W_YpRPEwOWvG6b32690r2jZ47soMZo9wGzjb_7OMg0LOL-bSf63kpaSHSXndS5z5rexMdbBYUsLA9e-KXBdQOS-UTo7WTBEMa2R2CapHg665xsmtdVMTBQY4uDZlxvb3qCo5ZwKh9kG4LT6_I5IhlJH7aGhyxXFvUK-DWNmoudF8NAco9_h9iaGNj8q2ethFkMLs91kzk2PAcDTW9gb54h4FRWyuXpoQ"},
          {"kty": "EC", "kid": "a3", "crv": "P-256", "x": "f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU", "y": "x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0"},
          {"kty": "oct", "kid": "shared", "k": "c2VjcmV0"}
        ]}
        """
    /// RFC 7515 A.2's token: a good RS256 signature over `{"iss":"joe","exp":1300819380,…}`, long expired.
    static let expiredToken =
        "eyJhbGciOiJSUzI1NiJ9.eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0"
        + "cnVlfQ.cC4hiUPoj9Eetdgtv3hF80EGrhuB__dzERat0XF9g2VtQgr9PJbu3XOiZj5RZmh7AAuHIm4Bh-0Qc_lF5YKt_O8W2Fp5jujGbds9uJ"
        + "dbF9CUAr7t1dnZcAcQjbKBYNX4BAynRFdiuB--f_nZLgrnbyTyWzO75vRK5h6xBArLIARNPvkSjtQBMHlb1L07Qe7K0GarZRmB_eSN9383LcO"
        + "Ln6_dO--xi12jzDwusC-eOkHWEsqtFZESc6BfI7noOPqvhJ1phCnvWh6IeYI2w9QOYEUipUTI8np6LbgGY9Fs98rqVt5AXLIhWkWywlVmtVrBp"
        + "0igcN_IoypGlUPQGe77Rw"

    /// POSTs a query with `token` and returns the status and the first error's message.
    static func post(token: String, to endpoint: URL) async throws -> (status: Int, message: String?) {
        var request = URLRequest(url: endpoint)
        request.httpMethod = "POST"
        request.httpBody = Data(#"{"query":"{ listNotes { items { id } } }"}"#.utf8)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue(token, forHTTPHeaderField: "Authorization")
        let (data, response) = try await URLSession.shared.data(for: request)
        let body = try JSONValue(parsing: data)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, body["errors"]?[0]?["message"]?.stringValue)
    }

    @Test func jwksKeysVerifyTokensAndTheBannerSaysSo() async throws {
        guard let switchboard = CommandRunner.executable("switchboard") else { return }
        let directory = try ServeProcess.directory(schema: Self.schema, prefix: "sb-serve-jwks")
        defer { try? FileManager.default.removeItem(at: directory) }
        let keys = directory.appendingPathComponent("jwks.json")
        try Data(Self.keySet.utf8).write(to: keys)
        let serve = try await ServeProcess.start(
            switchboard,
            [
                "--schema", directory.appendingPathComponent("model.graphql").path, "--port", "0", "--in-memory",
                "--jwks", keys.path, "--token-issuer", "joe", "--token-issuer", "https://issuer.example",
            ])
        defer { serve.process.terminate() }
        #expect(serve.banner["Tokens"] == "verified (2 keys; issuer joe, https://issuer.example; client ID any)")
        let endpoint = try serve.graphQLEndpoint
        // The RFC's signature verifies, so what refuses the token is its expiry.
        let expired = try await Self.post(token: Self.expiredToken, to: endpoint)
        #expect(expired.status == 401)
        #expect(expired.message == "You are not authorized to make this call. The token has expired (exp).")
        let forged = try await Self.post(
            token: Self.expiredToken.replacingOccurrences(of: "cC4hiUPoj9", with: "cC4hiUPoj8"), to: endpoint)
        #expect(forged.message == "You are not authorized to make this call. The token's signature does not verify.")
    }

    @Test(arguments: [
        ("127.0.0.1", "NOT verified (no --jwks): accepted as sent, on loopback only"),
        ("0.0.0.0", "refused (no --jwks to verify them with, and 0.0.0.0 is not loopback)"),
    ])
    func withoutKeysTheBannerSaysWhetherTokensAreTrusted(_ host: String, _ line: String) async throws {
        guard let switchboard = CommandRunner.executable("switchboard") else { return }
        let directory = try ServeProcess.directory(schema: Self.schema, prefix: "sb-serve-nokeys")
        defer { try? FileManager.default.removeItem(at: directory) }
        let serve = try await ServeProcess.start(
            switchboard,
            [
                "--schema", directory.appendingPathComponent("model.graphql").path, "--port", "0", "--in-memory",
                "--host", host,
            ])
        defer { serve.process.terminate() }
        #expect(serve.banner["Tokens"] == line)
    }

    @Test(arguments: [
        (["--jwks", "KEYS"], "--jwks needs --token-issuer, the iss verified tokens must carry"),
        (["--token-issuer", "joe"], "--token-issuer and --token-client-id need --jwks"),
        (["--jwks", "KEYS", "--token-issuer", ""], "--token-issuer and --token-client-id must not be empty"),
        (
            ["--jwks", "NOT-JSON", "--token-issuer", "joe"],
            "Invalid configuration: the JWKS file NOT-JSON is not a JWKS document: it is not JSON"
        ),
        (
            ["--jwks", "MISSING", "--token-issuer", "joe"],
            "Invalid configuration: the JWKS file MISSING cannot be read"
        ),
    ])
    func badTokenOptionsAndKeyFilesStopItBeforeItServes(_ extra: [String], _ message: String) async throws {
        guard let switchboard = CommandRunner.executable("switchboard") else { return }
        let directory = try ServeProcess.directory(schema: Self.schema, prefix: "sb-serve-badkeys")
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = [
            "KEYS": directory.appendingPathComponent("jwks.json").path,
            "NOT-JSON": directory.appendingPathComponent("model.graphql").path,
            "MISSING": directory.appendingPathComponent("missing.json").path,
        ]
        try Data(Self.keySet.utf8).write(to: URL(fileURLWithPath: files["KEYS"]!))
        let data = directory.appendingPathComponent("data")
        let replace = { (text: String) in files.reduce(text) { $0.replacingOccurrences(of: $1.key, with: $1.value) } }
        let result = try await CommandRunner.run(
            switchboard,
            ["serve", "--schema", directory.appendingPathComponent("model.graphql").path, "--data", data.path]
                + extra.map(replace))
        #expect(result.status == 2)
        #expect(result.standardError.contains(replace(message)), "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: data.path), "a refused command created its data directory")
    }
}
