import SwitchboardNet

/// Request headers an endpoint requires: each name must be present with the given value, or
/// with any value when the value is `*`.
///
/// They are match criteria like the endpoint's selector or path: a request without them goes on to
/// the next endpoint, so a later endpoint without requirements can answer anonymous requests.
/// Explanations name the header that is missing or different, never a value (expected or
/// actual), so API keys and tokens stay out of test logs.
package struct RequiredHeaders: Sendable, ExpressibleByDictionaryLiteral {
    /// Name → required value (`*` for any).
    package var values: [String: String]

    /// Creates the requirement from a literal such as `["x-api-key": "*"]`.
    package init(dictionaryLiteral elements: (String, String)...) {
        values = Dictionary(elements, uniquingKeysWith: { _, last in last })
    }

    /// Creates the requirement from a dictionary.
    package init(_ values: [String: String]) { self.values = values }

    /// Why `request` does not satisfy the requirement, or `nil` when it does.
    func mismatch(in request: HTTPRequest) -> String? { mismatch(in: request.headers) }

    /// Why `headers` do not satisfy the requirement (every header that is missing or has a
    /// different value, by name only), or `nil` when they do.
    func mismatch(in headers: HTTPHeaders) -> String? {
        var problems: [String] = []
        for (name, expected) in values.sorted(by: { $0.key < $1.key }) {
            if let actual = headers[name] {
                if expected != "*" && actual != expected { problems.append("header \(name) has a different value") }
            } else {
                problems.append("header \(name) is missing")
            }
        }
        return problems.isEmpty ? nil : problems.joined(separator: "; ")
    }
}
