import Foundation
import SwitchboardAPI

/// One `-H 'Name: value'` argument of `query` or `subscribe`.
struct CommandLineHeader: Sendable, Equatable {
    let name: String
    let value: String

    /// Parses `Name: value`. Errors name the argument's position (and the header name once it is
    /// known to be one), never the value: it is often a token.
    init(parsing argument: String, position: Int) throws(UsageError) {
        guard let colon = argument.firstIndex(of: ":") else {
            throw UsageError("-H number \(position) has no ':'; write it as 'Name: value'")
        }
        let name = String(argument[..<colon])
        guard !name.isEmpty, name.utf8.allSatisfy(Self.isTokenByte) else {
            // Not shown: with a misplaced ':' the "name" may hold part of a token.
            throw UsageError(
                "-H number \(position): the text before ':' is not a header name "
                    + "(letters, digits and !#$%&'*+-.^_`|~ only)")
        }
        let value = argument[argument.index(after: colon)...].drop(while: { $0 == " " || $0 == "\t" })
        guard !value.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" }) else {
            throw UsageError("-H \(name): the value must not contain line breaks")
        }
        self.name = name
        self.value = String(value.reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed())
    }

    /// RFC 9110 `tchar`: the bytes a header name may contain.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default: "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }
}

/// Adds the `-H` headers to every request and real-time handshake of an API. As an interceptor it
/// runs after the API key or token is set (so `-H` can replace them) and before IAM signing (so
/// the headers are signed).
struct HeaderInterceptor: RequestInterceptor {
    let headers: [CommandLineHeader]

    func intercept(_ request: URLRequest) async throws -> URLRequest {
        var request = request
        var replaced: Set<String> = []
        for header in headers {
            // The first -H of a name replaces what the earlier stages set; later ones add values.
            if replaced.insert(header.name.lowercased()).inserted {
                request.setValue(header.value, forHTTPHeaderField: header.name)
            } else {
                request.addValue(header.value, forHTTPHeaderField: header.name)
            }
        }
        return request
    }
}
