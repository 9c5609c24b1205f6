import Foundation

/// Checks SigV4-signed requests on the server side: recomputes the signature from the request as
/// received and compares in constant time; checks the clock skew (±5 minutes by default), the
/// credential scope, the session token and, for presigned URLs, the expiry.
///
/// ```swift
/// let verifier = SigV4Verifier(region: "us-east-1", service: "appsync") { accessKeyId in keys[accessKeyId] }
/// let caller = try verifier.verify(SigV4Request(method: "POST", target: target, headers: headers, body: body))
/// ```
package struct SigV4Verifier: Sendable {
    /// Looks up the credentials issued with an access key id.
    package typealias CredentialsLookup = @Sendable (_ accessKeyId: String) -> AWSCredentials?

    /// Who signed an accepted request, and how.
    package struct VerifiedRequest: Sendable, Hashable {
        /// The signer's access key id.
        package let accessKeyId: String
        /// The region of the credential scope.
        package let region: String
        /// The service of the credential scope.
        package let service: String
        /// The signing time.
        package let timestamp: SigV4Timestamp
        /// The lowercase names of the signed headers.
        package let signedHeaders: [String]
        /// Whether the signature came in the query string.
        package let presigned: Bool
    }

    private let region: String?
    private let service: String?
    private let allowedClockSkew: TimeInterval
    private let signer: SigV4Signer
    private let lookup: CredentialsLookup

    /// A verifier accepting `region` and `service` (any, when `nil`), with `allowedClockSkew`
    /// seconds of tolerance, and `normalizesPath` matching the clients' signers.
    package init(
        region: String? = nil, service: String? = nil, allowedClockSkew: TimeInterval = 300,
        normalizesPath: Bool = true, credentials: @escaping CredentialsLookup
    ) {
        self.region = region
        self.service = service
        self.allowedClockSkew = allowedClockSkew
        // The client decides what it signs; the verifier signs exactly the headers it listed.
        signer = SigV4Signer(options: .init(normalizesPath: normalizesPath, unsignedHeaders: []))
        lookup = credentials
    }

    /// Accepts `request` (as received: path and query exactly as sent) or says why not.
    package func verify(_ request: SigV4Request, now: Date = Date()) throws(SigV4VerificationError) -> VerifiedRequest {
        let authorizations = request.values(forHeader: "authorization")
        if authorizations.count > 1 { throw .malformedAuthorization("more than one Authorization header") }
        if let authorization = authorizations.first {
            return try verifyHeader(request, authorization: authorization, now: now)
        }
        let parameters = Self.rawQueryParameters(request.query)
        if parameters.contains(where: { $0.name == "X-Amz-Signature" }) {
            return try verifyPresigned(request, parameters: parameters, now: now)
        }
        throw .missingAuthorization
    }

    // MARK: - Authorization header

    private func verifyHeader(_ request: SigV4Request, authorization: String, now: Date) throws(SigV4VerificationError)
        -> VerifiedRequest
    {
        let fields = try Self.authorizationFields(authorization)
        guard let dateValue = request.value(forHeader: "x-amz-date") else { throw .missingDate }
        let timestamp = try checkedTimestamp(dateValue, now: now)
        let scope = try checkedScope(fields.credential, timestamp: timestamp)
        let signedHeaders = try checkedSignedHeaders(fields.signedHeaders, request: request)
        guard signedHeaders.contains("x-amz-date") else { throw .requiredHeaderNotSigned("x-amz-date") }
        let credentials = try checkedCredentials(
            scope.accessKeyId, token: request.value(forHeader: "x-amz-security-token"))
        var payloadHash = SHA256.hash(request.body).hexString
        if let declared = request.value(forHeader: "x-amz-content-sha256") {
            if declared != SigV4Signer.unsignedPayload && declared.lowercased() != payloadHash {
                throw .payloadHashMismatch
            }
            payloadHash = declared
        }
        _ = try recompute(
            request, signedHeaders: signedHeaders, query: SigV4Encoding.queryParameters(request.query),
            payloadHashes: [payloadHash], credentials: credentials, timestamp: timestamp, scope: scope,
            expected: fields.signature)
        return VerifiedRequest(
            accessKeyId: scope.accessKeyId, region: scope.region, service: scope.service, timestamp: timestamp,
            signedHeaders: signedHeaders, presigned: false)
    }

    /// `AWS4-HMAC-SHA256 Credential=…, SignedHeaders=…, Signature=…`.
    static func authorizationFields(_ value: String) throws(SigV4VerificationError) -> (
        credential: String, signedHeaders: String, signature: String
    ) {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        guard let space = trimmed.firstIndex(of: " ") else {
            throw .malformedAuthorization("expected \"AWS4-HMAC-SHA256 Credential=…, SignedHeaders=…, Signature=…\"")
        }
        let algorithm = String(trimmed[..<space])
        guard algorithm == SigV4Signer.algorithm else { throw .unsupportedAlgorithm(algorithm) }
        var values: [String: String] = [:]
        for part in trimmed[trimmed.index(after: space)...].split(separator: ",") {
            let pair = part.trimmingCharacters(in: .whitespaces)
            guard let equals = pair.firstIndex(of: "=") else {
                throw .malformedAuthorization("\"\(pair.prefix(40))\" is not Name=Value")
            }
            values[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
        }
        guard let credential = values["Credential"], let signedHeaders = values["SignedHeaders"],
            let signature = values["Signature"]
        else { throw .malformedAuthorization("Credential, SignedHeaders and Signature are all required") }
        return (credential, signedHeaders, signature)
    }

    // MARK: - Presigned query

    private func verifyPresigned(
        _ request: SigV4Request, parameters: [(name: String, value: String, raw: Substring)], now: Date
    ) throws(SigV4VerificationError) -> VerifiedRequest {
        func parameter(_ name: String) throws(SigV4VerificationError) -> String {
            let matches = parameters.filter { $0.name == name }
            guard matches.count == 1 else {
                throw .malformedAuthorization("the query must carry exactly one \(name) (it has \(matches.count))")
            }
            return matches[0].value
        }
        let algorithm = try parameter("X-Amz-Algorithm")
        guard algorithm == SigV4Signer.algorithm else { throw .unsupportedAlgorithm(algorithm) }
        let timestamp = try checkedTimestamp(try parameter("X-Amz-Date"), now: now, futureOnly: true)
        guard let expires = Int(try parameter("X-Amz-Expires")), (1...604_800).contains(expires) else {
            throw .malformedAuthorization("X-Amz-Expires must be 1 to 604800 seconds")
        }
        if now.timeIntervalSince(timestamp.date) > TimeInterval(expires) {
            throw .expired(
                requestTime: timestamp.amzDate, expiresInSeconds: expires, serverTime: SigV4Timestamp(now).amzDate)
        }
        let scope = try checkedScope(try parameter("X-Amz-Credential"), timestamp: timestamp)
        let signedHeaders = try checkedSignedHeaders(try parameter("X-Amz-SignedHeaders"), request: request)
        let token = parameters.first { $0.name == "X-Amz-Security-Token" }?.value
        let credentials = try checkedCredentials(scope.accessKeyId, token: token)
        let signature = try parameter("X-Amz-Signature")
        let unsignedQuery = parameters.filter { $0.name != "X-Amz-Signature" }.map(\.raw).joined(separator: "&")
        // Presigners disagree on the payload: aws-c-auth hashes the body, S3-style ones do not.
        _ = try recompute(
            request, signedHeaders: signedHeaders, query: SigV4Encoding.queryParameters(unsignedQuery),
            payloadHashes: [SHA256.hash(request.body).hexString, SigV4Signer.unsignedPayload],
            credentials: credentials, timestamp: timestamp, scope: scope, expected: signature)
        return VerifiedRequest(
            accessKeyId: scope.accessKeyId, region: scope.region, service: scope.service, timestamp: timestamp,
            signedHeaders: signedHeaders, presigned: true)
    }

    static func rawQueryParameters(_ query: String) -> [(name: String, value: String, raw: Substring)] {
        query.split(separator: "&").map { piece in
            let equals = piece.firstIndex(of: "=")
            let name = equals.map { piece[..<$0] } ?? piece
            let value = equals.map { piece[piece.index(after: $0)...] } ?? ""
            return (
                String(decoding: SigV4Encoding.percentDecoded(name.utf8), as: UTF8.self),
                String(decoding: SigV4Encoding.percentDecoded(value.utf8), as: UTF8.self), piece
            )
        }
    }

    // MARK: - Shared checks

    private struct Scope {
        let accessKeyId: String
        let region: String
        let service: String
    }

    private func checkedTimestamp(_ value: String, now: Date, futureOnly: Bool = false) throws(SigV4VerificationError)
        -> SigV4Timestamp
    {
        guard let timestamp = SigV4Timestamp(amzDate: value) else { throw .malformedDate(value) }
        let offset = timestamp.date.timeIntervalSince(now)
        if offset > allowedClockSkew || (!futureOnly && -offset > allowedClockSkew) {
            throw .clockSkew(
                requestTime: timestamp.amzDate, serverTime: SigV4Timestamp(now).amzDate,
                allowedSeconds: Int(allowedClockSkew))
        }
        return timestamp
    }

    private func checkedScope(_ credential: String, timestamp: SigV4Timestamp) throws(SigV4VerificationError) -> Scope {
        let parts = credential.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 5, parts.last == "aws4_request" else {
            throw .malformedAuthorization("Credential must be ACCESS_KEY/YYYYMMDD/region/service/aws4_request")
        }
        let tail = parts.suffix(4)
        let received = tail.joined(separator: "/")
        let accessKeyId = parts.dropLast(4).joined(separator: "/")
        let scopeRegion = String(tail[tail.startIndex + 1])
        let scopeService = String(tail[tail.startIndex + 2])
        let expected = "\(timestamp.dateStamp)/\(region ?? scopeRegion)/\(service ?? scopeService)/aws4_request"
        guard received == expected, !accessKeyId.isEmpty else {
            throw .credentialScopeMismatch(expected: expected, received: received)
        }
        return Scope(accessKeyId: accessKeyId, region: scopeRegion, service: scopeService)
    }

    private func checkedSignedHeaders(_ list: String, request: SigV4Request) throws(SigV4VerificationError) -> [String]
    {
        let names = list.split(separator: ";").map(String.init)
        guard !names.isEmpty else { throw .malformedAuthorization("SignedHeaders is empty") }
        guard names.contains("host") else { throw .requiredHeaderNotSigned("host") }
        let present = Set(request.headers.map { SigV4Encoding.lowercased($0.name) })
        for name in names where !present.contains(name) { throw .signedHeaderMissing(name) }
        if present.contains("x-amz-security-token") && !names.contains("x-amz-security-token")
            && request.value(forHeader: "authorization") != nil
        {
            throw .requiredHeaderNotSigned("x-amz-security-token")
        }
        return names
    }

    private func checkedCredentials(_ accessKeyId: String, token: String?) throws(SigV4VerificationError)
        -> AWSCredentials
    {
        guard let credentials = lookup(accessKeyId) else { throw .unknownAccessKey(accessKeyId) }
        switch (credentials.sessionToken, token) {
        case (nil, nil): break
        case (let issued?, let presented?) where Self.constantTimeEquals(Array(issued.utf8), Array(presented.utf8)):
            break
        default: throw .sessionTokenMismatch
        }
        return credentials
    }

    private func recompute(
        _ request: SigV4Request, signedHeaders: [String], query: [SigV4Encoding.QueryParameter],
        payloadHashes: [String], credentials: AWSCredentials, timestamp: SigV4Timestamp, scope: Scope,
        expected: String
    ) throws(SigV4VerificationError) -> SigV4Signature {
        var signed = request
        let names = Set(signedHeaders)
        signed.headers = request.headers.filter { names.contains(SigV4Encoding.lowercased($0.name)) }
        var last: SigV4Signature?
        for payloadHash in payloadHashes {
            let signature: SigV4Signature
            do {
                signature = try signer.compute(
                    request: signed, query: query, payloadHash: payloadHash, credentials: credentials,
                    timestamp: timestamp, region: scope.region, service: scope.service,
                    sessionToken: credentials.sessionToken)
            } catch {
                throw .malformedAuthorization("\(error)")
            }
            if Self.constantTimeEquals(Array(signature.signature.utf8), Array(expected.lowercased().utf8)) {
                return signature
            }
            last = signature
        }
        throw .signatureMismatch(
            canonicalRequest: last?.redactedCanonicalRequest ?? "", stringToSign: last?.stringToSign ?? "")
    }

    /// Compares without an early exit, so the time taken does not reveal how many bytes matched.
    static func constantTimeEquals(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        var difference: UInt8 = 0
        for index in lhs.indices { difference |= lhs[index] ^ rhs[index] }
        return difference == 0
    }
}
