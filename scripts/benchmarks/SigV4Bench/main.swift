// scripts/bench sigv4: SHA-256 throughput beside OpenSSL's (libcrypto) on the same buffer in the same
// run, and SigV4 signatures per second for a typical 1 KB AppSync request.
import COpenSSL
import Foundation
import SwitchboardSigV4

/// The best of `rounds` timings of `body`, in seconds (the minimum is the least disturbed run).
func bestTime(rounds: Int, _ body: () -> Void) -> Double {
    var best = Double.infinity
    let clock = ContinuousClock()
    for _ in 0..<rounds {
        let start = clock.now
        body()
        let elapsed = clock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        best = min(best, seconds)
    }
    return best
}

// Options: --signing-only skips the SHA-256 comparison; --signatures N sets the batch size (for
// instruction-counting runs under valgrind, which need few).
let arguments = CommandLine.arguments
let signingOnly = arguments.contains("--signing-only")
let signatureBatch = arguments.firstIndex(of: "--signatures").flatMap { index in
    index + 1 < arguments.count ? Int(arguments[index + 1]) : nil
}

let bufferSize = signingOnly ? 0 : 16 << 20
// xorshift64*: fast, and the content does not matter as long as both hashers see the same bytes.
var state: UInt64 = 0x9E37_79B9_7F4A_7C15
let buffer = (0..<bufferSize).map { _ -> UInt8 in
    state ^= state >> 12
    state ^= state << 25
    state ^= state >> 27
    return UInt8(truncatingIfNeeded: (state &* 0x2545_F491_4F6C_DD1D) >> 56)
}
var sink: UInt8 = 0

// The two hashers alternate, round by round, so that both see the same machine load; the best
// round of each is the least disturbed one.
let rounds = signingOnly ? 0 : 15
var switchboardSeconds = Double.infinity
var openSSLSeconds = Double.infinity
for _ in 0..<rounds {
    switchboardSeconds = min(
        switchboardSeconds,
        bestTime(rounds: 1) {
            buffer.withUnsafeBytes { sink ^= SHA256.hash(bytes: $0).bytes[0] }
        })
    openSSLSeconds = min(
        openSSLSeconds,
        bestTime(rounds: 1) {
            var digest = [UInt8](repeating: 0, count: 32)
            var length: UInt32 = 0
            buffer.withUnsafeBytes { bytes in
                _ = EVP_Digest(bytes.baseAddress, bytes.count, &digest, &length, EVP_sha256(), nil)
            }
            sink ^= digest[0]
        })
}
// Both must agree before their speeds mean anything.
var openSSLDigest = [UInt8](repeating: 0, count: 32)
var digestLength: UInt32 = 0
buffer.withUnsafeBytes { _ = EVP_Digest($0.baseAddress, $0.count, &openSSLDigest, &digestLength, EVP_sha256(), nil) }
guard signingOnly || SHA256.hash(buffer).bytes == openSSLDigest else {
    print("SHA-256 digests differ from OpenSSL's: benchmark aborted")
    exit(1)
}

let megabytes = Double(bufferSize) / 1_000_000
let switchboardRate = megabytes / switchboardSeconds
let openSSLRate = megabytes / openSSLSeconds
if !signingOnly {
    print("SHA-256 over \(bufferSize >> 20) MiB (best of \(rounds) alternating rounds)")
    print(String(format: "  Switchboard SHA256      %8.1f MB/s", switchboardRate))
    print(String(format: "  OpenSSL EVP_sha256      %8.1f MB/s", openSSLRate))
    print(String(format: "  ratio                   %8.2fx OpenSSL (target >= 0.30x)", switchboardRate / openSSLRate))
}

// A typical AppSync query: 1 KB JSON body, the pipeline's headers, temporary credentials.
let query =
    "query ListTodos($filter: ModelTodoFilterInput, $limit: Int) { listTodos(filter: $filter, limit: $limit) "
    + "{ items { id name description owner createdAt updatedAt __typename } nextToken __typename } }"
var bodyText = #"{"query":"\#(query)","variables":{"limit":100,"filter":{"name":{"beginsWith":""#
bodyText += String(repeating: "x", count: 1024 - bodyText.utf8.count - 5) + #""}}}}"#
let body = Array(bodyText.utf8)
let template = try SigV4Request(
    method: "POST", url: URL(string: "https://abcdefghijklmnopqrstuvwxyz.appsync-api.us-east-1.amazonaws.com/graphql")!,
    headers: [
        SigV4HeaderField("content-type", "application/json"),
        SigV4HeaderField("accept", "application/graphql-response+json, application/json"),
        SigV4HeaderField("user-agent", "switchboard/0.1"),
    ], body: body)
let credentials = AWSCredentials(
    accessKeyId: "ASIAEXAMPLEEXAMPLE01", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY",
    sessionToken: String(repeating: "IQoJb3JpZ2luX2VjEXAMPLE", count: 30))
let signer = SigV4Signer()
let signingDate = Date()
let signatures = signatureBatch ?? 50_000
var lastSignature = ""

/// Microseconds per signature of `template` with `credentials`, best of 7 batches.
@MainActor func microsecondsPerSignature(_ credentials: AWSCredentials) -> Double {
    var last = ""
    let seconds = bestTime(rounds: 7) {
        for _ in 0..<signatures {
            var request = template
            if let signature = try? signer.sign(
                &request, credentials: credentials, region: "us-east-1", service: "appsync", date: signingDate)
            {
                last = signature.signature
            }
        }
    }
    lastSignature = last
    return seconds / Double(signatures) * 1e6
}

let longTermKeys = AWSCredentials(
    accessKeyId: credentials.accessKeyId, secretAccessKey: credentials.secretAccessKey)
let withToken = microsecondsPerSignature(credentials)
let withoutToken = microsecondsPerSignature(longTermKeys)
print("")
print("SigV4 signing of a \(body.count)-byte AppSync request (\(signatures) signatures, best of 7)")
print(
    String(
        format: "  temporary credentials (%d-byte session token)  %8.0f signatures/s  %6.2f µs (target < 10 µs)",
        credentials.sessionToken?.utf8.count ?? 0, 1e6 / withToken, withToken))
print(
    String(
        format: "  long-term access key                           %8.0f signatures/s  %6.2f µs (target < 10 µs)",
        1e6 / withoutToken, withoutToken))
print("(sink \(sink) \(lastSignature.prefix(8)))")
