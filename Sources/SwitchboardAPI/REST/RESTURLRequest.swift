import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension RESTRequest {
    /// The HTTP request for `method` to `endpoint`: the endpoint's URL with ``path`` appended and
    /// the query parameters encoded, the caller's headers, the body, and `user-agent`.
    func urlRequest(method: RESTOperationType, endpoint: URL, userAgent: String) throws -> URLRequest {
        guard var components = URLComponents(url: endpoint, resolvingAgainstBaseURL: false) else {
            throw APIError.invalidURL(
                "The REST endpoint \(endpoint.absoluteString) is not a valid URL.", "Fix the API's endpoint.")
        }
        var basePath = components.percentEncodedPath
        while basePath.hasSuffix("/") { basePath.removeLast() }
        if let path, !path.isEmpty {
            components.percentEncodedPath =
                basePath + (path.hasPrefix("/") ? "" : "/") + Self.percentEncoded(path, keeping: "/")
        }
        if let queryParameters, !queryParameters.isEmpty {
            let existing = components.percentEncodedQuery.map { [$0] } ?? []
            let encoded = queryParameters.sorted { $0.key < $1.key }.map {
                Self.percentEncoded($0.key) + "=" + Self.percentEncoded($0.value)
            }
            components.percentEncodedQuery = (existing + encoded).joined(separator: "&")
        }
        guard let url = components.url else {
            throw APIError.invalidURL(
                "The REST request's path \"\(path ?? "")\" does not make a URL with \(endpoint.absoluteString).",
                "Check the request's path.")
        }
        var request = URLRequest(url: url)
        request.httpMethod = method.rawValue
        request.setValue(userAgent, forHTTPHeaderField: "user-agent")
        for (name, value) in headers ?? [:] { request.setValue(value, forHTTPHeaderField: name) }
        if let body {
            request.httpBody = body
            if request.value(forHTTPHeaderField: "content-type") == nil {
                request.setValue("application/json", forHTTPHeaderField: "content-type")
            }
        }
        return request
    }

    /// `text` with every UTF-8 byte but `A–Z a–z 0–9 - _ . ~` (and `keeping`) as `%XX`: SigV4's
    /// encoding, and botocore's `percent_encode`.
    static func percentEncoded(_ text: String, keeping kept: Unicode.Scalar? = nil) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."),
                UInt8(ascii: "~"):
                bytes.append(byte)
            case _ where kept.map({ UInt8(ascii: $0) == byte }) == true:
                bytes.append(byte)
            default:
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0x0F)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
