// scripts/interop sigv4-botocore: signs the requests described in a JSON-lines file with
// SwitchboardSigV4 and prints one JSON line per request, for comparison with botocore.
//
// Usage: sigv4-interop CASES.jsonl BODIES.bin
// Each case: {"id", "mode": "header"|"presign", "method", "url", "headers": [[name, value]...],
// "bodyOffset", "bodyLength", "accessKeyId", "secretAccessKey", "sessionToken"?, "region",
// "service", "timestamp" (YYYYMMDDTHHMMSSZ), "expires"?}; bodies are slices of BODIES.bin.
import Foundation
import SwitchboardSigV4

struct Case: Decodable {
    let id: Int
    let mode: String
    let method: String
    let url: String
    let headers: [[String]]
    let bodyOffset: Int
    let bodyLength: Int
    let accessKeyId: String
    let secretAccessKey: String
    let sessionToken: String?
    let region: String
    let service: String
    let timestamp: String
    let expires: Int?
}

struct Output: Encodable {
    let id: Int
    let canonicalRequest: String
    let stringToSign: String
    let authorization: String?
    let headers: [[String]]
    let url: String?
    let error: String?
}

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: sigv4-interop CASES.jsonl BODIES.bin\n".utf8))
    exit(2)
}
let bodies = try [UInt8](Data(contentsOf: URL(fileURLWithPath: arguments[2])))
let lines = try String(decoding: Data(contentsOf: URL(fileURLWithPath: arguments[1])), as: UTF8.self)
    .split(separator: "\n")
let signer = SigV4Signer()
let encoder = JSONEncoder()
encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
var output = Data()
for line in lines {
    let item = try JSONDecoder().decode(Case.self, from: Data(line.utf8))
    let result: Output
    do {
        guard let url = URL(string: item.url), let timestamp = SigV4Timestamp(amzDate: item.timestamp) else {
            throw SigV4Error.invalidURL(item.url)
        }
        var request = try SigV4Request(
            method: item.method, url: url, headers: item.headers.map { SigV4HeaderField($0[0], $0[1]) },
            body: Array(bodies[item.bodyOffset..<(item.bodyOffset + item.bodyLength)]))
        let credentials = AWSCredentials(
            accessKeyId: item.accessKeyId, secretAccessKey: item.secretAccessKey, sessionToken: item.sessionToken)
        if item.mode == "presign" {
            let signature = try signer.presign(
                &request, credentials: credentials, region: item.region, service: item.service,
                expires: item.expires ?? 3600, date: timestamp.date)
            var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
            components?.percentEncodedQuery = request.query
            result = Output(
                id: item.id, canonicalRequest: signature.canonicalRequest, stringToSign: signature.stringToSign,
                authorization: nil, headers: [], url: components?.url?.absoluteString, error: nil)
        } else {
            let signature = try signer.sign(
                &request, credentials: credentials, region: item.region, service: item.service, date: timestamp.date)
            result = Output(
                id: item.id, canonicalRequest: signature.canonicalRequest, stringToSign: signature.stringToSign,
                authorization: signature.authorization, headers: request.headers.map { [$0.name, $0.value] },
                url: nil, error: nil)
        }
    } catch {
        result = Output(
            id: item.id, canonicalRequest: "", stringToSign: "", authorization: nil, headers: [], url: nil,
            error: "\(error)")
    }
    output.append(try encoder.encode(result))
    output.append(UInt8(ascii: "\n"))
}
FileHandle.standardOutput.write(output)
