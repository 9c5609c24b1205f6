import Foundation
import Testing

@testable import SwitchboardServer

/// Token verification without sockets: the public test vectors of RFC 7515 (A.2 RS256, A.3
/// ES256) through the platform's crypto, the DER handed to it, JWKS documents good and bad, and
/// which hosts count as loopback.
@Suite struct TokenVerifierTests {
    /// RFC 7515 A.2's header and the payload A.1 to A.3 share (`{"iss":"joe","exp":1300819380,…}`).
    static let rfcPayload =
        "eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0cnVlfQ"
    static let rfcRS256Token =
        "eyJhbGciOiJSUzI1NiJ9." + rfcPayload + "."
        + "cC4hiUPoj9Eetdgtv3hF80EGrhuB__dzERat0XF9g2VtQgr9PJbu3XOiZj5RZmh7AAuHIm4Bh-0Qc_lF5YKt_O8W2Fp5jujGbds9uJdbF9CUAr7t"
        + "1dnZcAcQjbKBYNX4BAynRFdiuB--f_nZLgrnbyTyWzO75vRK5h6xBArLIARNPvkSjtQBMHlb1L07Qe7K0GarZRmB_eSN9383LcOLn6_dO--xi12j"
        + "zDwusC-eOkHWEsqtFZESc6BfI7noOPqvhJ1phCnvWh6IeYI2w9QOYEUipUTI8np6LbgGY9Fs98rqVt5AXLIhWkWywlVmtVrBp0igcN_IoypGlUPQG"
        + "e77Rw"
    static let rfcES256Token =
        "eyJhbGciOiJFUzI1NiJ9." + rfcPayload + "."
        + "DtEhU3ljbEg8L38VWAfUAqOyKAM6-Xx-F4GawxaepmXFCgfTjDxw5djxLa8ISlSApmWQxfKTUJqPP3-Kg6NU1Q"
    /// The public halves of RFC 7515 A.2's RSA key and A.3's P-256 key.
    static let rfcRSAKey: JSON = [
        "kty": "RSA", "e": "AQAB",
        "n": .string(
            "ofgWCuLjybRlzo0tZWJjNiuSfb4p4fAkd_wWJcyQoTbji9k0l8W26mPddxHmfHQp-Vaw-4qPCJrcS2mJPMEzP1Pt0Bm4d4QlL-yRT-SFd2lZS-pC"
                + "gNMsD1W_YpRPEwOWvG6b32690r2jZ47soMZo9wGzjb_7OMg0LOL-bSf63kpaSHSXndS5z5rexMdbBYUsLA9e-KXBdQOS-UTo7WTBEMa2R2CapHg6"
                + "65xsmtdVMTBQY4uDZlxvb3qCo5ZwKh9kG4LT6_I5IhlJH7aGhyxXFvUK-DWNmoudF8NAco9_h9iaGNj8q2ethFkMLs91kzk2PAcDTW9gb54h4FR"
                + "WyuXpoQ"),
    ]
    static let rfcECKey: JSON = [
        "kty": "EC", "crv": "P-256", "x": "f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU",
        "y": "x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0",
    ]
    /// A.3's key as the PEM SubjectPublicKeyInfo the RFC's examples are commonly given in.
    static let rfcECSubjectPublicKeyInfo =
        "MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEf83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEXH8UTNG72bfocs3+257rn0s2ldbqkLJK2K"
        + "RiMohYjlrQ=="
    /// Before the vectors' `exp`.
    static let rfcNow = Date(timeIntervalSince1970: 1_300_819_000)

    static func verifier(_ keys: [JSON], issuers: [String] = ["joe"], clientIDs: [String] = []) throws -> TokenVerifier
    {
        let document = JSON.object(["keys": .array(keys)])
        return TokenVerifier(
            keys: try JSONWebKeySet.keys(in: Array(document.text.utf8), file: "test.json"), issuers: issuers,
            clientIDs: clientIDs)
    }

    static func rejection(_ result: Result<JSONObject, TokenRejection>) -> TokenRejection? {
        if case .failure(let rejection) = result { return rejection }
        return nil
    }

    @Test func theRFC7515ExamplesVerifyUntilTheirExpiryAndItsLeeway() throws {
        let verifier = try Self.verifier([Self.rfcRSAKey, Self.rfcECKey])
        for token in [Self.rfcRS256Token, Self.rfcES256Token] {
            let claims = try verifier.verify(token, now: Self.rfcNow).get()
            #expect(claims["iss"] == "joe" && claims["http://example.com/is_root"] == true)
            #expect((try? verifier.verify(token, now: Date(timeIntervalSince1970: 1_300_819_380 + 59)).get()) != nil)
            #expect(
                Self.rejection(verifier.verify(token, now: Date(timeIntervalSince1970: 1_300_819_380 + 61))) == .expired
            )
        }
        let other = try Self.verifier([Self.rfcRSAKey, Self.rfcECKey], issuers: ["jane"])
        #expect(Self.rejection(other.verify(Self.rfcRS256Token, now: Self.rfcNow)) == .wrongIssuer)
        let audience = try Self.verifier([Self.rfcRSAKey], clientIDs: ["app"])
        #expect(Self.rejection(audience.verify(Self.rfcRS256Token, now: Self.rfcNow)) == .wrongAudience)
    }

    @Test func aChangedSignatureOrPayloadOrAKeyOfTheOtherTypeDoesNotVerify() throws {
        let verifier = try Self.verifier([Self.rfcRSAKey, Self.rfcECKey])
        for token in [Self.rfcRS256Token, Self.rfcES256Token] {
            var parts = token.split(separator: ".").map(String.init)
            var signature = try #require(Base64URL.decode(parts[2]))
            signature[7] ^= 0x01
            parts[2] = Data(signature).base64EncodedString().replacingOccurrences(of: "=", with: "")
                .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            #expect(Self.rejection(verifier.verify(parts.joined(separator: "."), now: Self.rfcNow)) == .badSignature)
            // exp one second later: the claims the signature covers changed.
            let payload = String(decoding: try #require(Base64URL.decode(Self.rfcPayload)), as: UTF8.self)
            let later = Data(payload.replacingOccurrences(of: "1300819380", with: "1300819381").utf8)
                .base64EncodedString().replacingOccurrences(of: "=", with: "")
                .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            #expect(later != Self.rfcPayload)
            let forged = token.replacingOccurrences(of: Self.rfcPayload, with: later)
            #expect(Self.rejection(verifier.verify(forged, now: Self.rfcNow)) == .badSignature)
        }
        let rsaOnly = try Self.verifier([Self.rfcRSAKey])
        #expect(Self.rejection(rsaOnly.verify(Self.rfcES256Token, now: Self.rfcNow)) == .noKeyForAlgorithm)
        #expect(Self.rejection(rsaOnly.verify("a.b", now: Self.rfcNow)) == .malformed)
        #expect(Self.rejection(rsaOnly.verify("e30.e30.", now: Self.rfcNow)) == .malformed)
        #expect(Self.rejection(rsaOnly.verify(Self.rfcRS256Token + "=", now: Self.rfcNow)) == .malformed)
    }

    @Test func theDERHandedToTheCryptoIsTheStandardEncoding() throws {
        guard case .p256(let x, let y) = try JSONWebKey(Self.rfcECKey).material else {
            Issue.record("not read as a P-256 key")
            return
        }
        #expect(DER.p256SubjectPublicKeyInfo(x: x, y: y) == Array(Data(base64Encoded: Self.rfcECSubjectPublicKeyInfo)!))
        // Integers are minimal and non-negative: a leading 0x00 only before a high bit.
        #expect(DER.unsignedInteger([0x00, 0x00, 0x7F]) == [0x02, 0x01, 0x7F])
        #expect(DER.unsignedInteger([0x80]) == [0x02, 0x02, 0x00, 0x80])
        #expect(DER.unsignedInteger([0x00]) == [0x02, 0x01, 0x00])
        let signature = [UInt8](repeating: 0xFF, count: 32) + [UInt8](repeating: 0, count: 31) + [1]
        #expect(
            DER.ecdsaSignature(jws: signature)
                == [0x30, 0x26, 0x02, 0x21, 0x00] + [UInt8](repeating: 0xFF, count: 32) + [0x02, 0x01, 0x01])
        #expect(DER.ecdsaSignature(jws: Array(signature.dropLast())) == nil)
        // Long-form lengths: a 2048-bit modulus makes a SubjectPublicKeyInfo of 294 bytes (30 82 01 22 …).
        guard case .rsa(let modulus, let exponent) = try JSONWebKey(Self.rfcRSAKey).material else {
            Issue.record("not read as an RSA key")
            return
        }
        let info = DER.rsaSubjectPublicKeyInfo(modulus: modulus, exponent: exponent)
        #expect(info.count == 294 && info.prefix(4) == [0x30, 0x82, 0x01, 0x22])
    }

    @Test func keysOfOtherKindsAreSkippedAndBrokenDocumentsNameTheFileAndTheProblem() throws {
        func load(_ text: String) -> Result<Int, TokenKeyError> {
            Result { () throws(TokenKeyError) in
                try JSONWebKeySet.keys(in: Array(text.utf8), file: "/keys/jwks.json").count
            }
        }
        let rsa = Self.rfcRSAKey.text
        #expect(try load(#"{"keys":[{"kty":"oct","k":"c2VjcmV0"},\#(rsa)]}"#).get() == 1)
        #expect(load("nope") == .failure(.notKeySet(file: "/keys/jwks.json", reason: "it is not JSON")))
        #expect(load(rsa) == .failure(.notKeySet(file: "/keys/jwks.json", reason: "it has no \"keys\" array")))
        #expect(load(#"{"keys":[]}"#) == .failure(.noUsableKey(file: "/keys/jwks.json", skipped: [])))
        let short = TokenKeyError.noUsableKey(
            file: "/keys/jwks.json",
            skipped: [
                #"key "a": its kty "oct" is not RSA or EC"#, "key #2: its curve P-384 is not P-256",
                #"key "c": its use is "enc", not "sig""#, #"key "d": its alg "RS512" is not RS256"#,
                "key #5: its 1024-bit modulus is shorter than the 2048 bits RS256 requires",
            ])
        let skippedOnly = """
            {"keys":[{"kid":"a","kty":"oct","k":"c2VjcmV0"},{"kty":"EC","crv":"P-384","x":"AA","y":"AA"},
            {"kid":"c","kty":"RSA","use":"enc","n":"AQAB","e":"AQAB"},{"kid":"d","kty":"RSA","alg":"RS512","n":"AQAB","e":"AQAB"},
            {"kty":"RSA","n":"\(String(repeating: "_", count: 170))8","e":"AQAB"}]}
            """
        #expect(load(skippedOnly) == .failure(short))
        #expect(
            short.description.hasPrefix(
                #"the JWKS file /keys/jwks.json has no RS256 or ES256 signing key (skipped: key "a": its kty "oct""#))
        let notBase64 = #"{"keys":[{"kid":"k1","kty":"RSA","n":"a+b/","e":"AQAB"}]}"#
        #expect(
            load(notBase64)
                == .failure(.malformedKey(file: "/keys/jwks.json", key: #"key "k1""#, reason: "its n is not base64url"))
        )
        // 32-byte coordinates of a point that is not on P-256: the platform's crypto refuses it.
        let offCurve =
            #"{"keys":[{"kty":"EC","crv":"P-256","x":"\#(String(repeating: "A", count: 42))Q","y":"\#(String(repeating: "A", count: 42))Q"}]}"#
        guard case .failure(.malformedKey(_, let key, let reason)) = load(offCurve) else {
            Issue.record("a point off the curve was accepted")
            return
        }
        #expect(key == "key #1" && reason.contains("ES256 public key"))
        #expect(
            load(#"{"keys":[{"kty":"EC","crv":"P-256","x":"AA","y":"AA"}]}"#)
                == .failure(
                    .malformedKey(file: "/keys/jwks.json", key: "key #1", reason: "its x and y are not 32 bytes each")))
        let missing = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)/jwks.json")
        guard
            case .failure(.unreadable(let file, _)) = Result(catching: { () throws(TokenKeyError) in
                try JSONWebKeySet.load(missing)
            })
        else {
            Issue.record("a missing file was read")
            return
        }
        #expect(file == missing.path)
    }

    @Test func aBadKeySetOrNoIssuerStopsTheServerFromStarting() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("jwks-\(UUID().uuidString).json")
        try Data(#"{"keys":[{"kty":"oct","k":"c2VjcmV0"}]}"#.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        var configuration = LocalServer.Configuration()
        configuration.tokenVerification = .init(keySetFiles: [file], issuers: ["https://issuer.example"])
        await #expect {
            _ = try await LocalServer.start(schema: ServerHarness.blogSchema, configuration: configuration)
        } throws: { error in
            "\(error)" == "Invalid configuration: the JWKS file \(file.path) has no RS256 or ES256 signing key "
                + #"(skipped: key #1: its kty "oct" is not RSA or EC)"#
        }
        configuration.tokenVerification = .init(keySetFiles: [file], issuers: [])
        await #expect {
            _ = try await LocalServer.start(schema: ServerHarness.blogSchema, configuration: configuration)
        } throws: { error in
            "\(error)"
                == "Invalid configuration: token verification needs at least one issuer, the iss value tokens must carry"
        }
    }

    @Test(arguments: [
        ("127.0.0.1", true), ("127.1.2.3", true), ("localhost", true), ("LocalHost", true), ("::1", true),
        ("[::1]", true), ("0:0:0:0:0:0:0:1", true), ("::ffff:127.0.0.1", true), ("0.0.0.0", false), ("::", false),
        ("192.168.1.20", false), ("128.0.0.1", false), ("example.com", false), ("", false), ("::ffff:10.0.0.1", false),
    ])
    func onlyLoopbackHostsCount(_ host: String, _ isLoopback: Bool) {
        #expect(TokenPolicy.isLoopback(host: host) == isLoopback)
    }
}
