// libFuzzer over HTTPRequestParser (request heads, Content-Length and chunked bodies, trailers),
// built by scripts/fuzz http-request. The first input byte chooses how the rest is split into
// reads; parsing it whole and in those pieces must give the same requests and the same error
// (status, reason, offset). Anything else (a crash, a difference) is a finding.

@testable import SwitchboardNet

/// What parsing a whole input produced, comparable across ways of feeding it.
struct Outcome: Equatable {
    struct Request: Equatable {
        let method: String
        let target: String
        let version: [Int]
        let headers: HTTPHeaders
        let trailers: HTTPHeaders
        let body: [UInt8]
    }

    var requests: [Request] = []
    var error: HTTPParseError?
}

func parse(_ bytes: ArraySlice<UInt8>, pieceSize: Int) -> Outcome {
    var parser = HTTPRequestParser(limits: .init(maxHeadBytes: 2048, maxBodyBytes: 8192))
    var outcome = Outcome()
    var offset = bytes.startIndex
    do {
        while offset < bytes.endIndex {
            let end = min(offset + pieceSize, bytes.endIndex)
            parser.append(Array(bytes[offset..<end]))
            offset = end
            while let request = try parser.nextRequest() {
                outcome.requests.append(
                    .init(
                        method: request.method, target: request.target,
                        version: [request.version.major, request.version.minor], headers: request.headers,
                        trailers: request.trailers, body: request.body))
                if parser.expectsContinue { parser.continueSent() }
                _ = request.path
                _ = request.queryItems
                _ = request.keepAlive
            }
            if parser.expectsContinue { parser.continueSent() }
        }
    } catch {
        outcome.error = error
    }
    return outcome
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTPRequest(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    let pieceSize = Int(input[0] % 64) + 1
    let bytes = input[1...]
    let whole = parse(bytes, pieceSize: max(bytes.count, 1))
    let split = parse(bytes, pieceSize: pieceSize)
    if whole != split {
        fatalError("feeding in \(pieceSize)-byte pieces changed the outcome:\n\(whole)\nvs\n\(split)")
    }
    return 0
}
