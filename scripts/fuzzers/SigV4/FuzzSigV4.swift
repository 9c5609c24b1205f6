// libFuzzer over AWS Signature Version 4, built by scripts/fuzz sigv4. The input is a request:
// its first byte chooses the mode, then lines `METHOD`, `TARGET`, `name: value` header lines, an
// empty line and the body. Mode 0 verifies the request as received (Authorization headers and
// presigned queries the fuzzer writes): it must be accepted or refused with a
// SigV4VerificationError. Modes 1 and 2 sign (or presign) a well-formed request with fixed
// credentials and verify it: the canonical requests of signer and verifier must agree.

import Foundation

@testable import SwitchboardSigV4

let credentials = AWSCredentials(
    accessKeyId: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY", sessionToken: "token")
let date = Date(timeIntervalSince1970: 1_704_067_200)  // 2024-01-01T00:00:00Z
let verifier = SigV4Verifier(region: "us-east-1", service: "appsync") { key in
    key == credentials.accessKeyId ? credentials : nil
}

/// RFC 9110 `tchar`: what a method or header name received over HTTP can hold.
func isToken(_ text: Substring) -> Bool {
    !text.isEmpty && text.utf8.allSatisfy { byte in
        (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte)
            || Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
    }
}

/// The request the input describes, and whether it is one an HTTP server could have received.
func request(from bytes: ArraySlice<UInt8>) -> (SigV4Request, wellFormed: Bool)? {
    let text = String(decoding: bytes, as: UTF8.self)
    let parts = text.split(separator: "\n\n", maxSplits: 1, omittingEmptySubsequences: false)
    let lines = parts[0].split(separator: "\n", omittingEmptySubsequences: false)
    guard lines.count >= 2 else { return nil }
    var wellFormed = isToken(lines[0]) && !lines[1].isEmpty && lines[1].utf8.allSatisfy { $0 > 32 && $0 < 127 }
    var headers: [SigV4HeaderField] = []
    for line in lines.dropFirst(2) {
        guard let colon = line.firstIndex(of: ":") else { return nil }
        let name = line[..<colon]
        let value = line[line.index(after: colon)...]
        wellFormed = wellFormed && isToken(name) && !value.utf8.contains { $0 < 32 && $0 != 9 || $0 == 127 }
        headers.append(SigV4HeaderField(String(name), String(value)))
    }
    let body = parts.count > 1 ? Array(parts[1].utf8) : []
    return (SigV4Request(method: String(lines[0]), target: String(lines[1]), headers: headers, body: body), wellFormed)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSigV4(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 1 else { return 0 }
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    guard var (request, wellFormed) = request(from: input[1...]) else { return 0 }
    _ = try? SigV4Verifier.authorizationFields(request.value(forHeader: "authorization") ?? "")
    _ = SigV4Verifier.rawQueryParameters(request.query)
    switch input[0] % 3 {
    case 0:
        _ = try? verifier.verify(request, now: date)
    default:
        // Signing only makes sense for what a server could receive, and it must carry a Host.
        guard wellFormed, request.value(forHeader: "host") != nil,
            !request.headers.contains(where: { ["authorization", "x-amz-date", "x-amz-security-token",
                "x-amz-content-sha256"].contains($0.name.lowercased()) }),
            !request.query.contains("X-Amz-")
        else { return 0 }
        let signer = SigV4Signer()
        do {
            if input[0] % 3 == 1 {
                try signer.sign(&request, credentials: credentials, region: "us-east-1", service: "appsync", date: date)
            } else {
                try signer.presign(
                    &request, credentials: credentials, region: "us-east-1", service: "appsync", expires: 300, date: date)
            }
        } catch {
            return 0
        }
        do {
            _ = try verifier.verify(request, now: date)
        } catch {
            fatalError("a request signed by SigV4Signer fails verification: \(error)\n\(request)")
        }
    }
    return 0
}
