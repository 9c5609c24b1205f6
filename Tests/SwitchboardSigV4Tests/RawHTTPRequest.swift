import Foundation
import SwitchboardSigV4

/// Reads the raw HTTP requests of the AWS test suites (`.req`, `request.txt`), which a strict
/// parser would refuse: raw spaces and UTF-8 in the target, obsolete header folding, no final newline.
enum RawHTTPRequest {
    struct ParseError: Error, CustomStringConvertible {
        let description: String
    }

    static func parse(_ data: Data) throws -> SigV4Request {
        let bytes = [UInt8](data)
        var lines: [[UInt8]] = []
        var bodyStart = bytes.count
        var lineStart = 0
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\n") {
                let line = Array(bytes[lineStart..<index])
                if line.isEmpty || line == [UInt8(ascii: "\r")] {
                    bodyStart = index + 1
                    break
                }
                lines.append(line)
                lineStart = index + 1
            }
            index += 1
        }
        if index == bytes.count && lineStart < bytes.count { lines.append(Array(bytes[lineStart...])) }
        guard let requestLine = lines.first.map({ String(decoding: $0, as: UTF8.self) }),
            let firstSpace = requestLine.firstIndex(of: " "),
            let versionStart = requestLine.range(of: " HTTP/", options: .backwards)
        else { throw ParseError(description: "no request line") }
        let method = String(requestLine[..<firstSpace])
        let target = String(requestLine[requestLine.index(after: firstSpace)..<versionStart.lowerBound])
        var headers: [SigV4HeaderField] = []
        for line in lines.dropFirst() {
            let text = String(decoding: line, as: UTF8.self)
            if text.first == " " || text.first == "\t", var last = headers.popLast() {
                last.value += "\n" + text
                headers.append(last)
                continue
            }
            guard let colon = text.firstIndex(of: ":") else { throw ParseError(description: "bad header \(text)") }
            headers.append(SigV4HeaderField(String(text[..<colon]), String(text[text.index(after: colon)...])))
        }
        let body = bodyStart < bytes.count ? Array(bytes[bodyStart...]) : []
        return SigV4Request(method: method, target: target, headers: headers, body: body)
    }
}

extension Date {
    /// The AWS test suites' request time, 2015-08-30T12:36:00Z.
    static let suiteTime = Date(timeIntervalSince1970: 1_440_938_160)
}

extension AWSCredentials {
    /// The AWS test suites' example key pair.
    static func suite(token: String? = nil) -> AWSCredentials {
        AWSCredentials(
            accessKeyId: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY", sessionToken: token
        )
    }
}

func readText(_ url: URL) throws -> String {
    String(decoding: try Data(contentsOf: url), as: UTF8.self)
}
