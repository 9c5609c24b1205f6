import Foundation

/// The outcome of signing: the signature, its inputs (for debugging "signature does not match")
/// and the header or query values that carry it.
package struct SigV4Signature: Sendable {
    /// The signature in lowercase hexadecimal.
    package let signature: String
    /// The `Authorization` header value (for presigned requests, the same fields for reference).
    package let authorization: String
    /// The `;`-separated lowercase names of the signed headers.
    package let signedHeaders: String
    /// `YYYYMMDD/region/service/aws4_request`.
    package let credentialScope: String
    /// The request time.
    package let timestamp: SigV4Timestamp
    let canonicalRequestBytes: [UInt8]
    let stringToSignBytes: [UInt8]
    let sessionToken: String?

    /// The canonical request exactly as hashed (it includes the session token when one is signed).
    package var canonicalRequest: String { String(decoding: canonicalRequestBytes, as: UTF8.self) }

    /// The string to sign exactly as signed.
    package var stringToSign: String { String(decoding: stringToSignBytes, as: UTF8.self) }

    /// The canonical request with any session token replaced by a placeholder, safe to log.
    package var redactedCanonicalRequest: String {
        SigV4Redaction.redacting(sessionToken, in: canonicalRequest)
    }

    /// A report for people: canonical request (session token redacted), string to sign and the
    /// `Authorization` value. Contains no secret.
    package var debugReport: String {
        """
        Canonical request:
        \(redactedCanonicalRequest)

        String to sign:
        \(stringToSign)

        Authorization: \(authorization)
        """
    }
}

/// Keeps session tokens out of reports and errors.
enum SigV4Redaction {
    static func redacting(_ token: String?, in text: String) -> String {
        guard let token, !token.isEmpty else { return text }
        var encoded: [UInt8] = []
        SigV4Encoding.appendEncoded(token.utf8, keepingSlash: false, to: &encoded)
        let placeholder = "<session token redacted, \(token.utf8.count) bytes>"
        return text.replacingAll(token, with: placeholder)
            .replacingAll(String(decoding: encoded, as: UTF8.self), with: placeholder)
    }
}

extension String {
    fileprivate func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var result = ""
        var rest = self[...]
        while let range = rest.range(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        result += rest
        return result
    }
}
