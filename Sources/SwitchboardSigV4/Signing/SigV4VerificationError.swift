/// Why a signed request was refused, with what a client developer needs to fix it (never a secret).
package enum SigV4VerificationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Neither an `Authorization` header nor presigning query parameters.
    case missingAuthorization
    /// The `Authorization` header or a presigning parameter cannot be parsed.
    case malformedAuthorization(String)
    /// Only `AWS4-HMAC-SHA256` is accepted.
    case unsupportedAlgorithm(String)
    /// No `X-Amz-Date`.
    case missingDate
    /// `X-Amz-Date` is not `YYYYMMDD'T'HHMMSS'Z'`.
    case malformedDate(String)
    /// The request time is further from the server's clock than the allowed skew.
    case clockSkew(requestTime: String, serverTime: String, allowedSeconds: Int)
    /// A presigned URL used after its `X-Amz-Expires`.
    case expired(requestTime: String, expiresInSeconds: Int, serverTime: String)
    /// The credential scope names another day, region or service than expected.
    case credentialScopeMismatch(expected: String, received: String)
    /// No credentials are known for the access key id.
    case unknownAccessKey(String)
    /// A header that must be signed (`host`, `x-amz-date`, `x-amz-security-token`) is not.
    case requiredHeaderNotSigned(String)
    /// `SignedHeaders` names a header the request does not carry.
    case signedHeaderMissing(String)
    /// The session token is missing or is not the one issued with the access key.
    case sessionTokenMismatch
    /// `x-amz-content-sha256` does not match the body.
    case payloadHashMismatch
    /// The signature differs: this is what the server computed, for comparison with the client's
    /// canonical request (session token redacted).
    case signatureMismatch(canonicalRequest: String, stringToSign: String)

    /// What was wrong and how to fix it.
    package var description: String {
        switch self {
        case .missingAuthorization:
            "The request is not signed: it has no Authorization header and no X-Amz-Signature query parameter."
        case .malformedAuthorization(let detail):
            "The SigV4 authorization is malformed: \(detail)."
        case .unsupportedAlgorithm(let algorithm):
            "The signing algorithm \"\(algorithm)\" is not supported; use AWS4-HMAC-SHA256."
        case .missingDate:
            "The request has no X-Amz-Date header (or parameter)."
        case .malformedDate(let value):
            "X-Amz-Date \"\(value)\" is not in the form YYYYMMDDTHHMMSSZ."
        case .clockSkew(let requestTime, let serverTime, let allowed):
            "Signature expired or not yet valid: the request time \(requestTime) is more than \(allowed) s from the "
                + "server time \(serverTime). Check the client's clock."
        case .expired(let requestTime, let expires, let serverTime):
            "The presigned request signed at \(requestTime) expired \(expires) s later; the server time is \(serverTime)."
        case .credentialScopeMismatch(let expected, let received):
            "The credential scope \"\(received)\" does not match \"\(expected)\" (day, region and service must match)."
        case .unknownAccessKey(let accessKeyId):
            "The access key id \"\(accessKeyId)\" is not known to this server."
        case .requiredHeaderNotSigned(let name):
            "The header \"\(name)\" must be signed but is not in SignedHeaders."
        case .signedHeaderMissing(let name):
            "SignedHeaders lists \"\(name)\", which the request does not carry."
        case .sessionTokenMismatch:
            "The security token is missing or does not belong to the access key."
        case .payloadHashMismatch:
            "x-amz-content-sha256 does not match the SHA-256 of the body."
        case .signatureMismatch(let canonicalRequest, let stringToSign):
            """
            The request signature does not match the signature the server calculated. The server's canonical request:
            \(canonicalRequest)
            The server's string to sign:
            \(stringToSign)
            """
        }
    }
}
