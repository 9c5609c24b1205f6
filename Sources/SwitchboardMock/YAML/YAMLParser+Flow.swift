/// Quoted scalars and flow collections (`[a, b]`, `{a: 1}`), which also cover JSON.
extension YAMLParser {
    /// A single- or double-quoted scalar, possibly spanning lines (folded as YAML specifies).
    mutating func parseQuoted() throws(YAMLError) -> String {
        let open = position
        let quote = peek()!
        position += 1
        var scalars: [Unicode.Scalar] = []
        while true {
            guard let scalar = peek() else {
                throw error("unterminated \(quote == "\"" ? "double" : "single")-quoted string", at: open)
            }
            position += 1
            switch scalar {
            case quote where quote == "'" && peek() == "'":
                scalars.append("'")
                position += 1
            case quote:
                return String(String.UnicodeScalarView(scalars))
            case "\\" where quote == "\"":
                if peek() == "\n" {
                    position += 1
                    skipSpaces()
                    continue
                }
                scalars.append(contentsOf: try parseEscape(start: position - 1))
            case "\n":
                while scalars.last == " " || scalars.last == "\t" { scalars.removeLast() }
                var emptyLines = 0
                while true {
                    skipSpaces()
                    if peek() == "\n" {
                        emptyLines += 1
                        position += 1
                    } else {
                        break
                    }
                }
                if emptyLines == 0 {
                    scalars.append(" ")
                } else {
                    scalars.append(contentsOf: repeatElement("\n", count: emptyLines))
                }
            default:
                scalars.append(scalar)
            }
        }
    }

    private mutating func parseEscape(start: Int) throws(YAMLError) -> [Unicode.Scalar] {
        guard let code = peek() else { throw error("unterminated escape sequence", at: start) }
        position += 1
        switch code {
        case "0": return ["\0"]
        case "a": return ["\u{07}"]
        case "b": return ["\u{08}"]
        case "t", "\t": return ["\t"]
        case "n": return ["\n"]
        case "v": return ["\u{0B}"]
        case "f": return ["\u{0C}"]
        case "r": return ["\r"]
        case "e": return ["\u{1B}"]
        case " ": return [" "]
        case "\"": return ["\""]
        case "/": return ["/"]
        case "\\": return ["\\"]
        case "N": return ["\u{85}"]
        case "_": return ["\u{A0}"]
        case "x": return [try parseHexEscape(digits: 2, start: start)]
        case "u":
            let first = try parseHexEscape(digits: 4, start: start)
            // JSON-style surrogate pairs: \uD83D\uDE00.
            if (0xD800...0xDBFF).contains(first.value) || (0xDC00...0xDFFF).contains(first.value) {
                throw error("invalid unicode escape (surrogate); use \\U with 8 digits", at: start)
            }
            return [first]
        case "U": return [try parseHexEscape(digits: 8, start: start)]
        default: throw error("invalid escape sequence \"\\\(code)\"", at: start)
        }
    }

    private mutating func parseHexEscape(digits: Int, start: Int) throws(YAMLError) -> Unicode.Scalar {
        var value: UInt32 = 0
        for _ in 0..<digits {
            guard let scalar = peek(), let digit = Int(String(scalar), radix: 16) else {
                throw error("invalid escape: expected \(digits) hexadecimal digits", at: start)
            }
            value = value << 4 | UInt32(digit)
            position += 1
        }
        // Surrogate halves are reported by the caller with a better message.
        if (0xD800...0xDFFF).contains(value) { return Unicode.Scalar(0xD800 as UInt16) ?? "?" }
        guard let scalar = Unicode.Scalar(value) else {
            throw error("invalid escape: U+\(String(value, radix: 16, uppercase: true)) is not a character", at: start)
        }
        return scalar
    }

    /// Skips spaces, line breaks and comments inside a flow collection.
    private mutating func skipFlowSpace() throws(YAMLError) {
        while let scalar = peek() {
            if scalar == " " || scalar == "\t" || scalar == "\n" {
                position += 1
            } else if scalar == "#" {
                while let next = peek(), next != "\n" { position += 1 }
            } else {
                return
            }
        }
    }

    /// A flow node: `[…]`, `{…}`, a quoted scalar, or a plain scalar ending at a flow indicator.
    mutating func parseFlowNode() throws(YAMLError) -> YAMLNode {
        try skipFlowSpace()
        let start = mark(at: position)
        switch peek() {
        case "[": return try parseFlowSequence()
        case "{": return try parseFlowMapping()
        case "\"", "'": return .scalar(try parseQuoted(), isQuoted: true, mark: start)
        case nil: throw error("unexpected end of input in a flow collection")
        case "&", "*", "!": throw error("anchors, aliases and tags are not supported; quote the value if it is text")
        case ",", "]", "}", ":": throw error("expected a value, found \"\(peek()!)\"")
        default: return .scalar(parsePlainFlowScalar(), isQuoted: false, mark: start)
        }
    }

    private mutating func parsePlainFlowScalar() -> String {
        var scalars: [Unicode.Scalar] = []
        while let scalar = peek(), scalar != "\n", !",[]{}".unicodeScalars.contains(scalar) {
            if scalar == ":" && (isBlankOrEnd(1) || ",[]{}".unicodeScalars.contains(peek(1) ?? " ")) { break }
            if scalar == "#" && (scalars.last == " " || scalars.last == "\t") { break }
            scalars.append(scalar)
            position += 1
        }
        while scalars.last == " " || scalars.last == "\t" { scalars.removeLast() }
        return String(String.UnicodeScalarView(scalars))
    }

    private mutating func parseFlowSequence() throws(YAMLError) -> YAMLNode {
        try enterCollection()
        defer { depth -= 1 }
        let open = position
        let start = mark(at: position)
        position += 1
        var items: [YAMLNode] = []
        while true {
            try skipFlowSpace()
            guard let scalar = peek() else { throw error("unterminated flow sequence; expected \"]\"", at: open) }
            if scalar == "]" {
                position += 1
                return .sequence(items, mark: start)
            }
            items.append(try parseFlowNode())
            try skipFlowSpace()
            switch peek() {
            case ",": position += 1
            case "]": continue
            case nil: throw error("unterminated flow sequence; expected \"]\"", at: open)
            default: throw error("expected \",\" or \"]\" in a flow sequence")
            }
        }
    }

    private mutating func parseFlowMapping() throws(YAMLError) -> YAMLNode {
        try enterCollection()
        defer { depth -= 1 }
        let open = position
        let start = mark(at: position)
        position += 1
        var members: [(key: String, value: YAMLNode)] = []
        var keys = Set<String>()
        while true {
            try skipFlowSpace()
            guard let scalar = peek() else { throw error("unterminated flow mapping; expected \"}\"", at: open) }
            if scalar == "}" {
                position += 1
                return .mapping(members, mark: start)
            }
            let keyStart = position
            let key: String
            switch peek() {
            case "\"", "'": key = try parseQuoted()
            case "[", "{": throw error("collection keys are not supported")
            default: key = parsePlainFlowScalar()
            }
            guard keys.insert(key).inserted else { throw error("duplicate key \"\(key)\"", at: keyStart) }
            try skipFlowSpace()
            let value: YAMLNode
            if peek() == ":" {
                position += 1
                try skipFlowSpace()
                value =
                    (peek() == "," || peek() == "}")
                    ? .scalar("", isQuoted: false, mark: mark(at: position)) : try parseFlowNode()
            } else if peek() == "," || peek() == "}" {
                value = .scalar("", isQuoted: false, mark: mark(at: position))
            } else if peek() == nil {
                throw error("unterminated flow mapping; expected \"}\"", at: open)
            } else {
                throw error("expected \":\" after the key \"\(key)\"")
            }
            members.append((key: key, value: value))
            try skipFlowSpace()
            switch peek() {
            case ",": position += 1
            case "}": continue
            case nil: throw error("unterminated flow mapping; expected \"}\"", at: open)
            default: throw error("expected \",\" or \"}\" in a flow mapping")
            }
        }
    }
}
