import Foundation
import SwitchboardCore

/// Signs requests with AWS Signature Version 4 (`AWS4-HMAC-SHA256`), in the `Authorization`
/// header or as a presigned URL, following AWS's rules for every service but S3.
///
/// ```swift
/// var request = try SigV4Request(method: "POST", url: endpoint, headers: [.init("content-type", "application/json")], body: body)
/// let signature = try SigV4Signer().sign(&request, credentials: credentials, region: "us-east-1", service: "appsync")
/// print(signature.debugReport)
/// ```
///
/// Derived signing keys are cached per secret, day, region and service, so a signer should be
/// kept and reused.
package struct SigV4Signer: Sendable {
    /// The signing algorithm's name.
    package static let algorithm = "AWS4-HMAC-SHA256"
    /// The payload hash of presigned requests whose body is not signed.
    package static let unsignedPayload = "UNSIGNED-PAYLOAD"

    /// How a request is canonicalized and which headers are added.
    package struct Options: Sendable, Hashable {
        /// Remove `.`/`..` and empty path segments before encoding (false only for S3-like services).
        package var normalizesPath: Bool
        /// Add and sign `x-amz-content-sha256` with the payload hash.
        package var addsContentSHA256Header: Bool
        /// Sign `X-Amz-Security-Token`; when false it is added after signing (as some services require).
        package var signsSessionToken: Bool
        /// Lowercase names of headers never signed, because proxies and clients change them.
        package var unsignedHeaders: Set<String>

        /// botocore's hop-by-hop and client-controlled headers, plus any existing `authorization`.
        package static let defaultUnsignedHeaders: Set<String> = [
            "authorization", "connection", "expect", "keep-alive", "proxy-authenticate", "proxy-authorization", "te",
            "trailer", "transfer-encoding", "upgrade", "user-agent", "x-amzn-trace-id",
        ]

        /// Creates options; the defaults suit AppSync and every non-S3 service.
        package init(
            normalizesPath: Bool = true, addsContentSHA256Header: Bool = false, signsSessionToken: Bool = true,
            unsignedHeaders: Set<String> = Options.defaultUnsignedHeaders
        ) {
            self.normalizesPath = normalizesPath
            self.addsContentSHA256Header = addsContentSHA256Header
            self.signsSessionToken = signsSessionToken
            self.unsignedHeaders = unsignedHeaders
        }
    }

    /// What a presigned request's canonical request uses as the payload hash.
    package enum PresignedPayload: Sendable, Hashable {
        /// The SHA-256 of the body (aws-c-auth's choice).
        case bodyHash
        /// `UNSIGNED-PAYLOAD` (botocore's choice, and S3's).
        case unsigned
    }

    /// The canonicalization options.
    package let options: Options
    private let keyCache = SigningKeyCache()

    /// Creates a signer.
    package init(options: Options = Options()) {
        self.options = options
    }

    // MARK: - Authorization header

    /// Signs `request` in place: sets `X-Amz-Date`, `X-Amz-Security-Token` (temporary credentials)
    /// and `Authorization`, and returns the signature with its inputs.
    @discardableResult
    package func sign(
        _ request: inout SigV4Request, credentials: AWSCredentials, region: String, service: String,
        date: Date = Date()
    ) throws(SigV4Error) -> SigV4Signature {
        try checkScope(region: region, service: service)
        let timestamp = SigV4Timestamp(date)
        request.removeHeader("authorization")
        request.setHeader("x-amz-date", timestamp.amzDate)
        let token = credentials.sessionToken
        if let token {
            request.removeHeader("x-amz-security-token")
            if options.signsSessionToken { request.headers.append(SigV4HeaderField("x-amz-security-token", token)) }
        }
        let payloadHash: String
        if let declared = request.value(forHeader: "x-amz-content-sha256") {
            payloadHash = declared
        } else {
            payloadHash = SHA256.hash(request.body).hexString
            if options.addsContentSHA256Header {
                request.headers.append(SigV4HeaderField("x-amz-content-sha256", payloadHash))
            }
        }
        let signature = try compute(
            request: request, query: SigV4Encoding.queryParameters(request.query), payloadHash: payloadHash,
            credentials: credentials, timestamp: timestamp, region: region, service: service, sessionToken: token)
        request.headers.append(SigV4HeaderField("Authorization", signature.authorization))
        if let token, !options.signsSessionToken {
            request.headers.append(SigV4HeaderField("x-amz-security-token", token))
        }
        return signature
    }

    // MARK: - Presigned URL

    /// Presigns `request` in place: appends `X-Amz-Algorithm`, `X-Amz-Credential`, `X-Amz-Date`,
    /// `X-Amz-Expires`, `X-Amz-SignedHeaders`, `X-Amz-Security-Token` and `X-Amz-Signature` to its
    /// query, so that the URL alone authorizes the request for `expires` seconds.
    @discardableResult
    package func presign(
        _ request: inout SigV4Request, credentials: AWSCredentials, region: String, service: String,
        expires: Int, date: Date = Date(), payload: PresignedPayload = .bodyHash
    ) throws(SigV4Error) -> SigV4Signature {
        try checkScope(region: region, service: service)
        guard (1...604_800).contains(expires) else { throw SigV4Error.invalidExpiration(expires) }
        let timestamp = SigV4Timestamp(date)
        request.removeHeader("authorization")
        let scope = Self.credentialScope(timestamp: timestamp, region: region, service: service)
        let signedHeaders = try canonicalHeaders(request.headers).signedHeaders
        var authParameters: [(String, String)] = [
            ("X-Amz-Algorithm", Self.algorithm),
            ("X-Amz-Credential", "\(credentials.accessKeyId)/\(scope)"),
            ("X-Amz-Date", timestamp.amzDate),
            ("X-Amz-Expires", String(expires)),
            ("X-Amz-SignedHeaders", signedHeaders),
        ]
        if let token = credentials.sessionToken, options.signsSessionToken {
            authParameters.append(("X-Amz-Security-Token", token))
        }
        var query = SigV4Encoding.queryParameters(request.query)
        var appended = request.query
        for (name, value) in authParameters {
            var parameter = SigV4Encoding.QueryParameter(name: Array(name.utf8), value: [])
            SigV4Encoding.appendEncoded(value.utf8, keepingSlash: false, to: &parameter.value)
            query.append(parameter)
            appended += (appended.isEmpty ? "" : "&") + name + "=" + String(decoding: parameter.value, as: UTF8.self)
        }
        let payloadHash =
            switch payload {
            case .bodyHash: request.value(forHeader: "x-amz-content-sha256") ?? SHA256.hash(request.body).hexString
            case .unsigned: Self.unsignedPayload
            }
        let signature = try compute(
            request: request, query: query, payloadHash: payloadHash, credentials: credentials, timestamp: timestamp,
            region: region, service: service, sessionToken: credentials.sessionToken)
        if let token = credentials.sessionToken, !options.signsSessionToken {
            var encoded: [UInt8] = []
            SigV4Encoding.appendEncoded(token.utf8, keepingSlash: false, to: &encoded)
            appended += "&X-Amz-Security-Token=" + String(decoding: encoded, as: UTF8.self)
        }
        request.query = appended + "&X-Amz-Signature=" + signature.signature
        return signature
    }

    // MARK: - Shared steps

    /// `YYYYMMDD/region/service/aws4_request`.
    static func credentialScope(timestamp: SigV4Timestamp, region: String, service: String) -> String {
        "\(timestamp.dateStamp)/\(region)/\(service)/aws4_request"
    }

    private func checkScope(region: String, service: String) throws(SigV4Error) {
        if region.isEmpty { throw SigV4Error.emptyScope(field: "region") }
        if service.isEmpty { throw SigV4Error.emptyScope(field: "service") }
    }

    /// The canonical header block and signed-header list of `headers`, minus the unsigned ones.
    func canonicalHeaders(_ headers: [SigV4HeaderField]) throws(SigV4Error) -> CanonicalHeaders {
        let canonical = CanonicalHeaders(headers, excluding: options.unsignedHeaders)
        guard canonical.includesHost else { throw SigV4Error.missingHostHeader }
        return canonical
    }

    /// Builds the canonical request and string to sign and computes the signature.
    func compute(
        request: SigV4Request, query: [SigV4Encoding.QueryParameter], payloadHash: String,
        credentials: AWSCredentials, timestamp: SigV4Timestamp, region: String, service: String,
        sessionToken: String?
    ) throws(SigV4Error) -> SigV4Signature {
        let headers = try canonicalHeaders(request.headers)
        let canonicalRequest = Self.canonicalRequest(
            method: request.method, path: request.path, query: query, headers: headers, payloadHash: payloadHash,
            normalizingPath: options.normalizesPath)
        let scope = Self.credentialScope(timestamp: timestamp, region: region, service: service)
        var stringToSign: [UInt8] = []
        stringToSign.reserveCapacity(128)
        stringToSign.append(contentsOf: Self.algorithm.utf8)
        stringToSign.append(UInt8(ascii: "\n"))
        stringToSign.append(contentsOf: timestamp.amzDate.utf8)
        stringToSign.append(UInt8(ascii: "\n"))
        stringToSign.append(contentsOf: scope.utf8)
        stringToSign.append(UInt8(ascii: "\n"))
        stringToSign.append(contentsOf: SHA256.hash(canonicalRequest).hexString.utf8)
        var mac = signingKey(
            secretAccessKey: credentials.secretAccessKey, dateStamp: timestamp.dateStamp, region: region,
            service: service)
        mac.update(stringToSign)
        let signature = mac.finalize().hexString
        return SigV4Signature(
            signature: signature,
            authorization:
                "\(Self.algorithm) Credential=\(credentials.accessKeyId)/\(scope), SignedHeaders=\(headers.signedHeaders), Signature=\(signature)",
            signedHeaders: headers.signedHeaders, credentialScope: scope, timestamp: timestamp,
            canonicalRequestBytes: canonicalRequest, stringToSignBytes: stringToSign, sessionToken: sessionToken)
    }

    /// `method \n uri \n query \n headers \n signed-headers \n payload-hash`.
    static func canonicalRequest(
        method: String, path: String, query: [SigV4Encoding.QueryParameter], headers: CanonicalHeaders,
        payloadHash: String, normalizingPath: Bool
    ) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(256 + headers.block.count + path.utf8.count * 3)
        for byte in method.utf8 { output.append(byte >= 97 && byte <= 122 ? byte - 32 : byte) }
        output.append(UInt8(ascii: "\n"))
        SigV4Encoding.appendCanonicalURI(path, normalizing: normalizingPath, to: &output)
        output.append(UInt8(ascii: "\n"))
        SigV4Encoding.appendCanonicalQuery(query, to: &output)
        output.append(UInt8(ascii: "\n"))
        output.append(contentsOf: headers.block)
        output.append(UInt8(ascii: "\n"))
        output.append(contentsOf: headers.signedHeaders.utf8)
        output.append(UInt8(ascii: "\n"))
        output.append(contentsOf: payloadHash.utf8)
        return output
    }

    /// HMAC keyed with `kSigning = HMAC(HMAC(HMAC(HMAC("AWS4" + secret, date), region), service), "aws4_request")`,
    /// derived once per secret, day, region and service.
    package func signingKey(secretAccessKey: String, dateStamp: Substring, region: String, service: String)
        -> HMACSHA256
    {
        let key = SigningKeyCache.Key(
            secretAccessKey: secretAccessKey, dateStamp: String(dateStamp), region: region, service: service)
        if let cached = keyCache.entries.withLock({ $0[key] }) { return cached }
        let kDate = HMACSHA256.authenticationCode(for: dateStamp.utf8, key: Array("AWS4\(secretAccessKey)".utf8))
        var mac = HMACSHA256(key: kDate)
        mac.update(region)
        let kRegion = mac.finalize()
        mac = HMACSHA256(key: kRegion)
        mac.update(service)
        let kService = mac.finalize()
        mac = HMACSHA256(key: kService)
        mac.update("aws4_request")
        let signing = HMACSHA256(key: mac.finalize())
        keyCache.entries.withLock { entries in
            // Keys change daily; a small bound keeps a long-lived signer from growing.
            if entries.count >= 64 { entries.removeAll() }
            entries[key] = signing
        }
        return signing
    }
}

/// Derived signing keys, shared by copies of a signer.
final class SigningKeyCache: Sendable {
    struct Key: Hashable, Sendable {
        let secretAccessKey: String
        let dateStamp: String
        let region: String
        let service: String
    }

    let entries = Locked<[Key: HMACSHA256]>([:])
}

/// The canonical header block (`name:value\n` per header, sorted, duplicates joined with `,`) and
/// the matching signed-header list.
struct CanonicalHeaders {
    let block: [UInt8]
    let signedHeaders: String
    /// Whether `host` is among the signed headers (SigV4 requires it).
    let includesHost: Bool

    init(_ headers: [SigV4HeaderField], excluding unsigned: Set<String>) {
        var entries: [(name: String, index: Int)] = []
        entries.reserveCapacity(headers.count)
        for (index, field) in headers.enumerated() {
            let name = SigV4Encoding.lowercased(field.name)
            if !unsigned.contains(name) { entries.append((name, index)) }
        }
        // Header names are ASCII tokens, for which String ordering is byte ordering.
        entries.sort { $0.name != $1.name ? $0.name < $1.name : $0.index < $1.index }
        var block: [UInt8] = []
        block.reserveCapacity(headers.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count + 2 })
        var names: [UInt8] = []
        var previous: String?
        var includesHost = false
        for entry in entries {
            if entry.name == previous {
                block.append(UInt8(ascii: ","))
            } else {
                if previous != nil {
                    block.append(UInt8(ascii: "\n"))
                    names.append(UInt8(ascii: ";"))
                }
                block.append(contentsOf: entry.name.utf8)
                block.append(UInt8(ascii: ":"))
                names.append(contentsOf: entry.name.utf8)
                previous = entry.name
                if entry.name == "host" { includesHost = true }
            }
            SigV4Encoding.appendTrimmedHeaderValue(headers[entry.index].value, to: &block)
        }
        if previous != nil { block.append(UInt8(ascii: "\n")) }
        self.block = block
        self.includesHost = includesHost
        signedHeaders = String(decoding: names, as: UTF8.self)
    }
}
