import Foundation
import SwitchboardCore
import SwitchboardNet
import SwitchboardSigV4
import Testing

@testable import SwitchboardAPI

/// `USER_SRP_AUTH` against a Cognito stand-in on 127.0.0.1 that plays the server's side of SRP-6a
/// with a verifier for the password `right-password`: a sign-in succeeds only with a password
/// claim that proves the password, which never crosses the wire.
@Suite struct CognitoSRPSignInTests {
    static let poolId = "us-east-1_SRPpool"
    static let userID = "0d7e-user"
    static let salt = "9f1c2a77e0b34d5c"
    static let secretBlock = Data("secret block".utf8).base64EncodedString()

    /// The server's side: `B = k·v + g^b`, `S = (A·v^u)^b`, the same key derivation and signature.
    final class SRPServer: Sendable {
        let b = SRPInteger(hex: "8d3f0e6a5b4c3d2e1f00112233445566778899aabbccddeeff0011223344556677")!
        let verifier: SRPInteger
        let requests = Locked<[JSONValue]>([])

        init(password: String) {
            let group = CognitoSRP.group
            let poolName = CognitoSRPSignInTests.poolId.split(separator: "_")[1]
            let inner = CognitoSRP.hash(Array("\(poolName)\(CognitoSRPSignInTests.userID):\(password)".utf8))
            let x = SRPInteger(
                hex: CognitoSRP.hexHash(CognitoSRP.paddedHex(CognitoSRPSignInTests.salt) + CognitoSRP.hex(inner)))!
            verifier = group.power(CognitoSRP.generator, x)
        }

        var largeB: SRPInteger {
            let group = CognitoSRP.group
            let kv = group.multiply(CognitoSRP.multiplier, verifier)
            let gb = group.power(CognitoSRP.generator, b)
            let sum = kv + gb
            return sum < group.modulus ? sum : sum - group.modulus
        }

        func expectedSignature(largeA: SRPInteger, timestamp: String) -> String {
            let group = CognitoSRP.group
            let u = SRPInteger(hex: CognitoSRP.hexHash(CognitoSRP.paddedHex(largeA) + CognitoSRP.paddedHex(largeB)))!
            let secret = group.power(group.multiply(largeA, group.power(verifier, u)), b)
            let key = CognitoSRP.hkdf(
                inputKey: CognitoSRP.bytes(hex: CognitoSRP.paddedHex(secret)),
                salt: CognitoSRP.bytes(hex: CognitoSRP.paddedHex(u)), info: Array("Caldera Derived Key".utf8) + [1])
            var hmac = HMACSHA256(key: key)
            hmac.update(Array("SRPpool\(CognitoSRPSignInTests.userID)".utf8))
            hmac.update(Array(Data(base64Encoded: CognitoSRPSignInTests.secretBlock)!))
            hmac.update(Array(timestamp.utf8))
            return Data(hmac.finalize().bytes).base64EncodedString()
        }

        func answer(_ request: HTTPRequest) throws -> HTTPResponse {
            let body = try JSONValue(parsing: Data(request.body))
            requests.withLock { $0.append(body) }
            let target = request.headers["x-amz-target"] ?? ""
            if target.hasSuffix("InitiateAuth") {
                guard body["AuthFlow"] == "USER_SRP_AUTH", body["AuthParameters"]?["PASSWORD"] == nil else {
                    return .json(#"{"__type":"InvalidParameterException","message":"flow"}"#, status: 400)
                }
                let parameters: JSONValue = [
                    "SALT": .string(CognitoSRPSignInTests.salt), "SRP_B": .string(largeB.hex),
                    "SECRET_BLOCK": .string(CognitoSRPSignInTests.secretBlock),
                    "USER_ID_FOR_SRP": .string(CognitoSRPSignInTests.userID),
                    "USERNAME": .string(CognitoSRPSignInTests.userID),
                ]
                return .json(
                    JSONValue.object(["ChallengeName": "PASSWORD_VERIFIER", "ChallengeParameters": parameters]).jsonText
                )
            }
            let responses = body["ChallengeResponses"]
            guard let aHex = requests.withLock({ $0.first?["AuthParameters"]?["SRP_A"]?.stringValue }),
                let largeA = SRPInteger(hex: aHex), let timestamp = responses?["TIMESTAMP"]?.stringValue,
                responses?["PASSWORD_CLAIM_SIGNATURE"]?.stringValue
                    == expectedSignature(largeA: largeA, timestamp: timestamp),
                responses?["USERNAME"]?.stringValue == CognitoSRPSignInTests.userID
            else {
                return .json(
                    #"{"__type":"NotAuthorizedException","message":"Incorrect username or password."}"#, status: 400)
            }
            return .json(
                #"{"AuthenticationResult":{"IdToken":"id","AccessToken":"access","RefreshToken":"refresh","ExpiresIn":3600}}"#
            )
        }
    }

    func signIn(password: String) async throws -> (CognitoTokens, [JSONValue]) {
        let server = SRPServer(password: "right-password")
        let cognito = try await LoopbackGraphQLServer { try server.answer($0) }
        defer { Task { await cognito.stop() } }
        let provider = CognitoUserPoolsTokenProvider(
            userPoolId: Self.poolId, clientId: "client", region: "us-east-1", endpoint: cognito.server.url)
        let tokens = try await provider.signIn(username: "alice", password: password)
        return (tokens, server.requests.withLock { $0 })
    }

    @Test func theRightPasswordProvesItselfWithoutBeingSent() async throws {
        let (tokens, requests) = try await signIn(password: "right-password")
        #expect(tokens.accessToken == "access")
        #expect(requests.count == 2)
        #expect(requests[1]["ChallengeName"] == "PASSWORD_VERIFIER")
        #expect(!requests.map(\.jsonText).joined().contains("right-password"))
    }

    @Test func aWrongPasswordIsRefused() async throws {
        await #expect {
            _ = try await signIn(password: "wrong-password")
        } throws: { error in
            (error as? CognitoError)?.serviceErrorType == "NotAuthorizedException"
        }
    }
}
