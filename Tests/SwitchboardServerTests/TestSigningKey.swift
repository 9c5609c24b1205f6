#if canImport(COpenSSL)
    import COpenSSL
    import Foundation

    @testable import SwitchboardServer

    /// A key pair made with OpenSSL when the tests run (no private key is committed): an RSA-2048
    /// or P-256 key, its public half as a JWK, and JWTs it signs, as Cognito or an OIDC provider would.
    final class TestSigningKey: @unchecked Sendable {
        enum Kind { case rsa, p256 }

        let kind: Kind
        let kid: String
        /// The EVP_PKEY; only read after `init`.
        private let key: OpaquePointer

        /// The two keys most tests use, made once per test run (RSA key generation takes a while).
        static let rsa = TestSigningKey(.rsa, kid: "rsa-key")
        static let p256 = TestSigningKey(.p256, kid: "ec-key")

        init(_ kind: Kind, kid: String, rsaBits: Int32 = 2048) {
            self.kind = kind
            self.kid = kid
            let context = EVP_PKEY_CTX_new_from_name(nil, kind == .rsa ? "RSA" : "EC", nil)
            defer { EVP_PKEY_CTX_free(context) }
            precondition(EVP_PKEY_keygen_init(context) == 1)
            switch kind {
            case .rsa: precondition(EVP_PKEY_CTX_set_rsa_keygen_bits(context, rsaBits) == 1)
            case .p256: precondition(EVP_PKEY_CTX_set_group_name(context, "P-256") == 1)
            }
            var key: OpaquePointer?
            precondition(EVP_PKEY_generate(context, &key) == 1)
            self.key = key!
        }

        deinit { EVP_PKEY_free(key) }

        /// OpenSSL's own SubjectPublicKeyInfo (DER) of the public key.
        var subjectPublicKeyInfo: [UInt8] {
            let count = Int(i2d_PUBKEY(key, nil))
            var bytes = [UInt8](repeating: 0, count: count)
            bytes.withUnsafeMutableBufferPointer { buffer in
                var cursor = buffer.baseAddress
                _ = i2d_PUBKEY(key, &cursor)
            }
            return bytes
        }

        /// RSA's `n` and `e`; for P-256, `x` and `y` (the end of the SubjectPublicKeyInfo: 04 || x || y).
        var numbers: (first: [UInt8], second: [UInt8]) {
            switch kind {
            case .rsa: return (parameter("n"), parameter("e"))
            case .p256:
                let point = subjectPublicKeyInfo.suffix(64)
                return (Array(point.prefix(32)), Array(point.suffix(32)))
            }
        }

        /// The public key as a JWK (`kid`, and `alg`/`use` unless left out).
        func jwk(kid: String? = nil, withAlgorithm: Bool = true) -> JSON {
            let (first, second) = numbers
            var members: JSONObject = ["kid": .string(kid ?? self.kid)]
            switch kind {
            case .rsa:
                members["kty"] = "RSA"
                members["n"] = .string(Self.base64URL(first))
                members["e"] = .string(Self.base64URL(second))
                if withAlgorithm { members["alg"] = "RS256" }
            case .p256:
                members["kty"] = "EC"
                members["crv"] = "P-256"
                members["x"] = .string(Self.base64URL(first))
                members["y"] = .string(Self.base64URL(second))
                if withAlgorithm { members["alg"] = "ES256" }
            }
            if withAlgorithm { members["use"] = "sig" }
            return .object(members)
        }

        /// A JWKS document of `keys`, written to a new temporary file.
        static func keySetFile(_ keys: [JSON]) throws -> URL {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("jwks-\(UUID().uuidString).json")
            try Data(JSON.object(["keys": .array(keys)]).text.utf8).write(to: file)
            return file
        }

        /// A compact JWS of `claims`: the header says `alg` (this key's by default) and `kid`
        /// (this key's by default; `.null` leaves it out), and the signature is this key's.
        func token(_ claims: JSON, alg: String? = nil, kid: JSON? = nil) -> String {
            var header: JSONObject = ["alg": .string(alg ?? (kind == .rsa ? "RS256" : "ES256"))]
            switch kid {
            case nil: header["kid"] = .string(self.kid)
            case .null?: break
            case let value?: header["kid"] = value
            }
            let input =
                Self.base64URL(Array(JSON.object(header).text.utf8)) + "."
                + Self.base64URL(Array(claims.text.utf8))
            return input + "." + Self.base64URL(sign(Array(input.utf8)))
        }

        /// The JWS signature of `message`: PKCS #1 v1.5 for RSA, `r || s` for P-256.
        func sign(_ message: [UInt8]) -> [UInt8] {
            let context = EVP_MD_CTX_new()
            defer { EVP_MD_CTX_free(context) }
            precondition(EVP_DigestSignInit(context, nil, EVP_sha256(), nil, key) == 1)
            var length = 0
            precondition(EVP_DigestSign(context, nil, &length, message, message.count) == 1)
            var signature = [UInt8](repeating: 0, count: length)
            precondition(EVP_DigestSign(context, &signature, &length, message, message.count) == 1)
            signature.removeSubrange(length...)
            guard kind == .p256 else { return signature }
            // OpenSSL signs ECDSA in DER; JWS wants the two 32-byte numbers.
            let parsed = signature.withUnsafeBufferPointer { buffer -> OpaquePointer? in
                var cursor = buffer.baseAddress
                return d2i_ECDSA_SIG(nil, &cursor, buffer.count)
            }
            defer { ECDSA_SIG_free(parsed) }
            var r: OpaquePointer?
            var s: OpaquePointer?
            ECDSA_SIG_get0(parsed, &r, &s)
            var raw = [UInt8](repeating: 0, count: 64)
            raw.withUnsafeMutableBufferPointer { buffer in
                _ = BN_bn2binpad(r, buffer.baseAddress, 32)
                _ = BN_bn2binpad(s, buffer.baseAddress! + 32, 32)
            }
            return raw
        }

        /// A big-endian RSA parameter (`n`, `e`).
        private func parameter(_ name: String) -> [UInt8] {
            var number: OpaquePointer?
            precondition(EVP_PKEY_get_bn_param(key, name, &number) == 1)
            defer { BN_free(number) }
            let count = (Int(BN_num_bits(number)) + 7) / 8
            var bytes = [UInt8](repeating: 0, count: count)
            _ = BN_bn2binpad(number, &bytes, Int32(count))
            return bytes
        }

        static func base64URL(_ bytes: [UInt8]) -> String {
            Data(bytes).base64EncodedString().replacingOccurrences(of: "=", with: "")
                .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        }
    }
#endif
