import Foundation
import SwitchboardCore
import SwitchboardNet
import SwitchboardSigV4
import Testing

@testable import SwitchboardAPI

/// The Cognito providers against a scripted Cognito on 127.0.0.1 that answers `InitiateAuth`,
/// `GetId` and `GetCredentialsForIdentity` as the service does: what they send, what they cache,
/// when they refresh, and what their errors say. `scripts/interop cognito-moto` runs them against
/// moto, a local Cognito.
@Suite struct CognitoProvidersTests {
    /// A scripted Cognito: one user `alice` with password `right-password`, short-lived tokens
    /// and credentials, and counters of each call.
    final class FakeCognito: Sendable {
        let server: LoopbackGraphQLServer
        let calls = Locked<[String: Int]>([:])
        let lifetime: Int

        init(lifetime: Int = 3600, delay: Duration = .zero) async throws {
            self.lifetime = lifetime
            let calls = self.calls
            server = try await LoopbackGraphQLServer { request in
                let target = request.headers["x-amz-target"] ?? ""
                let operation = String(target.split(separator: ".").last ?? "")
                let count = calls.withLock { calls -> Int in
                    calls[operation, default: 0] += 1
                    return calls[operation, default: 0]
                }
                if delay > .zero { try await Task.sleep(for: delay) }
                let body = try JSONValue(parsing: Data(request.body))
                return Self.answer(operation, body, count: count, lifetime: lifetime)
            }
        }

        var url: URL { server.server.url }

        func count(_ operation: String) -> Int { calls.withLock { $0[operation] ?? 0 } }

        static func answer(_ operation: String, _ body: JSONValue, count: Int, lifetime: Int) -> HTTPResponse {
            func error(_ type: String, _ message: String) -> HTTPResponse {
                .json(JSONValue.object(["__type": .string(type), "message": .string(message)]).jsonText, status: 400)
            }
            switch operation {
            case "InitiateAuth":
                let parameters = body["AuthParameters"]
                switch body["AuthFlow"]?.stringValue {
                case "USER_PASSWORD_AUTH":
                    guard parameters?["USERNAME"] == "alice", parameters?["PASSWORD"] == "right-password" else {
                        return error("NotAuthorizedException", "Incorrect username or password.")
                    }
                    return .json(
                        JSONValue.object([
                            "AuthenticationResult": [
                                "IdToken": .string("id-\(count)"), "AccessToken": .string("access-\(count)"),
                                "RefreshToken": "refresh-1", "ExpiresIn": .number(Double(lifetime)),
                                "TokenType": "Bearer",
                            ]
                        ]).jsonText)
                case "REFRESH_TOKEN_AUTH":
                    guard parameters?["REFRESH_TOKEN"] == "refresh-1" else {
                        return error("NotAuthorizedException", "Invalid Refresh Token")
                    }
                    return .json(
                        JSONValue.object([
                            "AuthenticationResult": [
                                "IdToken": .string("id-refreshed-\(count)"),
                                "AccessToken": .string("access-refreshed-\(count)"),
                                "ExpiresIn": .number(Double(lifetime)),
                            ]
                        ]).jsonText)
                default:
                    return error("InvalidParameterException", "unsupported flow")
                }
            case "GetId":
                guard body["IdentityPoolId"] == "us-east-1:pool" else {
                    return error("ResourceNotFoundException", "IdentityPool 'us-east-1:nope' not found.")
                }
                let signedIn = body["Logins"]?.objectValue?.isEmpty == false
                return .json(#"{"IdentityId":"us-east-1:\#(signedIn ? "user" : "guest")-\#(count)"}"#)
            case "GetCredentialsForIdentity":
                let expiration = Date().timeIntervalSince1970 + Double(lifetime)
                return .json(
                    JSONValue.object([
                        "IdentityId": body["IdentityId"] ?? .null,
                        "Credentials": [
                            "AccessKeyId": .string("ASIA\(count)"), "SecretKey": "secret-key",
                            "SessionToken": "session-token", "Expiration": .number(expiration),
                        ],
                    ]).jsonText)
            default:
                return error("UnknownOperationException", operation)
            }
        }
    }

    /// A clock tests move by hand.
    final class TestClock: Sendable {
        private let offset = Locked<TimeInterval>(0)
        func advance(_ seconds: TimeInterval) { offset.withLock { $0 += seconds } }
        var now: @Sendable () -> Date { { [offset] in Date().addingTimeInterval(offset.withLock { $0 }) } }
    }

    func userPool(
        _ cognito: FakeCognito, clock: TestClock = TestClock(), secret: String? = nil,
        flow: CognitoAuthenticationFlow = .userPassword
    ) -> CognitoUserPoolsTokenProvider {
        CognitoUserPoolsTokenProvider(
            userPoolId: "us-east-1_pool", clientId: "client-1", region: "us-east-1", clientSecret: secret,
            authenticationFlow: flow, endpoint: cognito.url, now: clock.now)
    }

    @Test func guestCredentialsAreFetchedOnceAndSharedByConcurrentCallers() async throws {
        let cognito = try await FakeCognito(delay: .milliseconds(50))
        defer { Task { await cognito.server.stop() } }
        let identity = CognitoIdentityCredentialsProvider(
            identityPoolId: "us-east-1:pool", region: "us-east-1", endpoint: cognito.url)
        let all = try await withThrowingTaskGroup(of: AWSCredentials.self) { group in
            for _ in 0..<20 { group.addTask { try await identity.credentials() } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(Set(all.map(\.accessKeyId)) == ["ASIA1"])
        #expect(all[0].sessionToken == "session-token" && all[0].expiration != nil)
        #expect(cognito.count("GetId") == 1 && cognito.count("GetCredentialsForIdentity") == 1)
        _ = try await identity.credentials()
        #expect(cognito.count("GetCredentialsForIdentity") == 1)
        #expect(try await identity.identityId() == "us-east-1:guest-1")
        let request = try #require(cognito.server.requests.first)
        #expect(request.headers["content-type"] == "application/x-amz-json-1.1")
        #expect(request.headers["x-amz-target"] == "AWSCognitoIdentityService.GetId")
    }

    @Test func credentialsAreRefreshedShortlyBeforeTheyExpire() async throws {
        let cognito = try await FakeCognito(lifetime: 3600)
        defer { Task { await cognito.server.stop() } }
        let clock = TestClock()
        let identity = CognitoIdentityCredentialsProvider(
            identityPoolId: "us-east-1:pool", region: "us-east-1", endpoint: cognito.url, refreshMargin: 300,
            now: clock.now)
        #expect(try await identity.credentials().accessKeyId == "ASIA1")
        clock.advance(3000)  // 10 minutes left: still good
        #expect(try await identity.credentials().accessKeyId == "ASIA1")
        clock.advance(400)  // within the 5-minute margin
        #expect(try await identity.credentials().accessKeyId == "ASIA2")
        // The identity id stays: only the credentials are renewed.
        #expect(cognito.count("GetId") == 1)
    }

    @Test func signingInGivesTheUserPoolsLoginToTheIdentityPool() async throws {
        let cognito = try await FakeCognito()
        defer { Task { await cognito.server.stop() } }
        let userPool = userPool(cognito)
        let identity = CognitoIdentityCredentialsProvider(
            identityPoolId: "us-east-1:pool", region: "us-east-1", userPool: userPool, endpoint: cognito.url)
        #expect(try await identity.identityId() == "us-east-1:guest-1")
        try await userPool.signIn(username: "alice", password: "right-password")
        #expect(try await identity.identityId() == "us-east-1:user-2")
        _ = try await identity.credentials()
        let getCredentials = try #require(
            cognito.server.requests.last { $0.headers["x-amz-target"]?.hasSuffix("GetCredentialsForIdentity") == true })
        let body = try JSONValue(parsing: Data(getCredentials.body))
        #expect(body["Logins"] == ["cognito-idp.us-east-1.amazonaws.com/us-east-1_pool": "id-1"])
        try await userPool.signOut()
        #expect(try await identity.identityId() == "us-east-1:guest-3")
    }

    @Test func userPoolTokensAreRefreshedOnceWhenTheyExpireAndAfterA401() async throws {
        let cognito = try await FakeCognito(lifetime: 3600, delay: .milliseconds(20))
        defer { Task { await cognito.server.stop() } }
        let clock = TestClock()
        let provider = userPool(cognito, clock: clock)
        await #expect(throws: CognitoError.notSignedIn) { try await provider.latestToken() }
        let tokens = try await provider.signIn(username: "alice", password: "right-password")
        #expect(!tokens.description.contains("access-1") && !tokens.description.contains("refresh-1"))
        #expect(try await provider.latestToken() == "access-1")
        clock.advance(3590)
        let renewed = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<10 { group.addTask { try await provider.latestToken() } }
            return try await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        #expect(renewed == ["access-refreshed-2"])
        #expect(cognito.count("InitiateAuth") == 2)
        #expect(try await provider.refreshedToken() == "access-refreshed-3")
        #expect(try await provider.currentTokens()?.refreshToken == "refresh-1")
    }

    @Test func aWrongPasswordIsAClearErrorWithoutThePassword() async throws {
        let cognito = try await FakeCognito()
        defer { Task { await cognito.server.stop() } }
        do {
            try await userPool(cognito).signIn(username: "alice", password: "hunter2-secret")
            Issue.record("signed in with a wrong password")
        } catch let error as CognitoError {
            #expect(error.serviceErrorType == "NotAuthorizedException")
            #expect(
                "\(error)"
                    == "Cognito InitiateAuth failed: NotAuthorizedException (HTTP 400): Incorrect username or password."
            )
            #expect(!"\(error)".contains("hunter2"))
        }
        let unknown = CognitoIdentityCredentialsProvider(
            identityPoolId: "us-east-1:nope", region: "us-east-1", endpoint: cognito.url)
        await #expect {
            try await unknown.credentials()
        } throws: { error in
            (error as? CognitoError)?.serviceErrorType == "ResourceNotFoundException"
        }
    }

    @Test func anAppClientSecretIsSentAsItsHash() async throws {
        let cognito = try await FakeCognito()
        defer { Task { await cognito.server.stop() } }
        try await userPool(cognito, secret: "client-secret").signIn(username: "alice", password: "right-password")
        let body = try JSONValue(parsing: Data(try #require(cognito.server.requests.first).body))
        // Base64(HMAC-SHA256("client-secret", "alice" + "client-1")), computed with Python's hmac.
        #expect(body["AuthParameters"]?["SECRET_HASH"] == "VrKyJnctAb3gzx57pN4jVNKaoWnC7JG6n97E6TFfj8Q=")
        #expect(body["ClientId"] == "client-1" && body["AuthFlow"] == "USER_PASSWORD_AUTH")
    }

    @Test func aUserPoolTokenAuthorizesAPluginsRequestsAndA401RefreshesIt() async throws {
        let cognito = try await FakeCognito()
        defer { Task { await cognito.server.stop() } }
        let provider = userPool(cognito)
        try await provider.signIn(username: "alice", password: "right-password")
        let api = try await LoopbackGraphQLServer { request in
            request.headers["authorization"] == "access-refreshed-2"
                ? .json(#"{"data":{"ping":"pong"}}"#) : .json(#"{"errors":[{"message":"Unauthorized"}]}"#, status: 401)
        }
        defer { Task { await api.stop() } }
        let plugin = try await api.makePlugin(
            authorizationType: "AMAZON_COGNITO_USER_POOLS", tokenProviders: [.amazonCognitoUserPools: provider])
        let ping = GraphQLRequest(document: "{ ping }", responseType: String.self, decodePath: "ping")
        #expect(try await plugin.query(request: ping).get() == #""pong""#)
        #expect(api.requests.map { $0.headers["authorization"] } == ["access-1", "access-refreshed-2"])
    }
}
