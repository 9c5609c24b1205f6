import Switchboard

/// How a template body's placeholders are escaped, chosen from the response's content type, so a
/// substituted value can never break the document around it.
enum MockTemplateEscaping: Sendable, Equatable {
    /// JSON (`application/json`, `…+json`): inside a string literal the value is escaped as string
    /// content; elsewhere it is written as a JSON value (a string value that is itself a JSON number,
    /// `true`, `false` or `null`, as path and query parameters often are, is written as that literal).
    case json
    /// HTML and XML: `&`, `<`, `>`, `"` and `'` become character references.
    case markup
    /// Any other type (plain text): the value as it is.
    case none

    /// The escaping for a `Content-Type` value.
    init(contentType: String) {
        let type = contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        let lowered = type.lowercased()
        if lowered == "application/json" || lowered == "text/json" || lowered.hasSuffix("+json") {
            self = .json
        } else if lowered == "text/html" || lowered.hasSuffix("/xml") || lowered.hasSuffix("+xml") {
            self = .markup
        } else {
            self = .none
        }
    }

    /// The text that replaces a placeholder whose value is `value`; `insideString` says whether
    /// the placeholder sits inside a JSON string literal of the template.
    func text(for value: JSONValue, insideString: Bool) -> String {
        switch self {
        case .none:
            if case .string(let string) = value { return string }
            return value.jsonText
        case .markup:
            let raw: String
            if case .string(let string) = value { raw = string } else { raw = value.jsonText }
            return Self.escapeMarkup(raw)
        case .json:
            if insideString {
                let raw: String
                if case .string(let string) = value { raw = string } else { raw = value.jsonText }
                return Self.jsonStringContent(raw)
            }
            if case .string(let string) = value, Self.isJSONLiteral(string) { return string }
            return value.jsonText
        }
    }

    /// `text` escaped as the inside of a JSON string (no surrounding quotes).
    static func jsonStringContent(_ text: String) -> String {
        var bytes: [UInt8] = []
        JSONValue.appendQuoted(text, to: &bytes)
        return String(decoding: bytes.dropFirst().dropLast(), as: UTF8.self)
    }

    static func escapeMarkup(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// Whether `text` is a JSON number, `true`, `false` or `null`, exactly.
    static func isJSONLiteral(_ text: String) -> Bool {
        if text == "true" || text == "false" || text == "null" { return true }
        var bytes = text.utf8[...]
        func digits() -> Int {
            let count = bytes.prefix { $0 >= 48 && $0 <= 57 }.count
            bytes = bytes.dropFirst(count)
            return count
        }
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        if bytes.first == UInt8(ascii: "0") {
            bytes = bytes.dropFirst()
        } else if digits() == 0 {
            return false
        }
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            if digits() == 0 { return false }
        }
        if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
            if digits() == 0 { return false }
        }
        return bytes.isEmpty
    }
}
