// scripts/interop rest-sigv4-botocore: sends the REST requests described in a JSON-lines file
// through an APIPlugin configured for AWS_IAM, whose transport records what would go on the wire
// instead of sending it, and prints one JSON line per request: the URL and the headers.
//
// Usage: rest-sigv4-interop CASES.jsonl
// Each case: {"id", "method", "endpoint", "path", "queryParameters": {…}, "headers": {…},
// "body" (base64) or null, "accessKeyId", "secretAccessKey", "sessionToken"?, "region",
// "service"? (the entry's SigV4 service), "timestamp" (seconds since 1970)}.
import Foundation
import SwitchboardAPI

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

struct Case: Decodable {
    let id: Int
    let method: String
    let endpoint: String
    let path: String
    let queryParameters: [String: String]
    let headers: [String: String]
    let body: String?
    let accessKeyId: String
    let secretAccessKey: String
    let sessionToken: String?
    let region: String
    let service: String?
    let timestamp: Double
}

struct Output: Encodable {
    let id: Int
    let url: String?
    let headers: [String: String]
    let error: String?
}

/// Keeps the request the chain hands to the network and answers 200.
final class RecordingTransport: HTTPTransport, @unchecked Sendable {
    // Unchecked: the cases run one after the other, each awaited before the next starts.
    var last: URLRequest?

    func send(_ request: URLRequest) async throws -> HTTPTransportResponse {
        last = request
        return HTTPTransportResponse(statusCode: 200, headers: [:], body: Data())
    }
}

let arguments = CommandLine.arguments
guard arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: rest-sigv4-interop CASES.jsonl\n".utf8))
    exit(2)
}
let lines = try String(decoding: Data(contentsOf: URL(fileURLWithPath: arguments[1])), as: UTF8.self)
    .split(separator: "\n")
let encoder = JSONEncoder()
encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
var output = Data()
for line in lines {
    let item = try JSONDecoder().decode(Case.self, from: Data(line.utf8))
    let transport = RecordingTransport()
    let result: Output
    do {
        let credentials = AWSCredentials(
            accessKeyId: item.accessKeyId, secretAccessKey: item.secretAccessKey, sessionToken: item.sessionToken)
        let when = Date(timeIntervalSince1970: item.timestamp)
        let plugin = try APIPlugin(
            transport: transport,
            iamSigner: SigV4RequestSigner(credentialsProvider: StaticCredentialsProvider(credentials), now: { when }))
        try plugin.configure(
            APICategoryConfiguration(endpoints: [
                APIEndpointConfiguration(
                    name: "rest", endpointType: .rest, endpoint: URL(string: item.endpoint)!, region: item.region,
                    authorizationType: .awsIAM, signingService: item.service)
            ]))
        let request = RESTRequest(
            path: item.path, headers: item.headers, queryParameters: item.queryParameters,
            body: item.body.flatMap { Data(base64Encoded: $0) })
        _ = try await plugin.send(request, method: RESTOperationType(rawValue: item.method)!)
        let sent = transport.last
        result = Output(
            id: item.id, url: sent?.url?.absoluteString, headers: sent?.allHTTPHeaderFields ?? [:], error: nil)
    } catch {
        result = Output(id: item.id, url: nil, headers: [:], error: "\(error)")
    }
    output.append(try encoder.encode(result))
    output.append(UInt8(ascii: "\n"))
}
FileHandle.standardOutput.write(output)
