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

let bufferSize = 16 << 20
var generator = SystemRandomNumberGenerator()
let buffer = (0..<bufferSize).map { _ in UInt8.random(in: 0...255, using: &generator) }
var sink: UInt8 = 0

let switchboardSeconds = bestTime(rounds: 7) {
    buffer.withUnsafeBytes { sink ^= SHA256.hash(bytes: $0).bytes[0] }
}
let openSSLSeconds = bestTime(rounds: 7) {
    var digest = [UInt8](repeating: 0, count: 32)
    var length: UInt32 = 0
    buffer.withUnsafeBytes { bytes in
        _ = EVP_Digest(bytes.baseAddress, bytes.count, &digest, &length, EVP_sha256(), nil)
    }
    sink ^= digest[0]
}
// Both must agree before their speeds mean anything.
var openSSLDigest = [UInt8](repeating: 0, count: 32)
var digestLength: UInt32 = 0
buffer.withUnsafeBytes { _ = EVP_Digest($0.baseAddress, $0.count, &openSSLDigest, &digestLength, EVP_sha256(), nil) }
guard SHA256.hash(buffer).bytes == openSSLDigest else {
    print("SHA-256 digests differ from OpenSSL's: benchmark aborted")
    exit(1)
}

let megabytes = Double(bufferSize) / 1_000_000
let switchboardRate = megabytes / switchboardSeconds
let openSSLRate = megabytes / openSSLSeconds
print("SHA-256 over \(bufferSize >> 20) MiB (best of 7)")
print(String(format: "  Switchboard SHA256      %8.1f MB/s", switchboardRate))
print(String(format: "  OpenSSL EVP_sha256      %8.1f MB/s", openSSLRate))
print(String(format: "  ratio                   %8.2fx OpenSSL (target >= 0.30x)", switchboardRate / openSSLRate))
print("(sink \(sink))")
