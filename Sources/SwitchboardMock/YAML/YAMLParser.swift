/// A parser for the YAML that configuration files use: block and flow mappings and sequences,
/// plain, single- and double-quoted scalars, literal (`|`) and folded (`>`) block scalars, and
/// comments. JSON is a subset of what it accepts. Anchors, aliases, tags and multiple documents
/// are rejected with a clear error rather than misread, and so is nesting deeper than
/// ``defaultMaximumDepth`` levels. Parsing time is linear in the size of the input.
///
/// ```swift
/// let node = try YAMLParser.parse("graphQL:\n  - operations: [getTodo]\n", file: "mock.yaml")
/// ```
package struct YAMLParser {
    let text: [Unicode.Scalar]
    let file: String?
    var position = 0
    var lineStarts: [Int] = [0]
    /// Collections (mappings and sequences, block or flow) open around the current position.
    var depth = 0
    let maximumDepth: Int

    /// How deeply collections may nest by default: 128 levels, far more than configuration needs,
    /// and few enough that no parser, converter or renderer that walks the tree can run out of stack.
    package static let defaultMaximumDepth = 128

    /// Parses one YAML document; an empty document is a null scalar. Collections nested deeper than
    /// `maximumDepth` are an error at the first one too deep.
    package static func parse(_ source: String, file: String? = nil, maximumDepth: Int = defaultMaximumDepth)
        throws(YAMLError) -> YAMLNode
    {
        var parser = YAMLParser(source: source, file: file, maximumDepth: maximumDepth)
        return try parser.parseDocument()
    }

    private init(source: String, file: String?, maximumDepth: Int) {
        self.maximumDepth = maximumDepth
        var scalars = Array(source.unicodeScalars)
        if scalars.first == "\u{FEFF}" { scalars.removeFirst() }
        // Normalize CRLF so columns and folding see one kind of line break.
        var normalized: [Unicode.Scalar] = []
        normalized.reserveCapacity(scalars.count)
        for (index, scalar) in scalars.enumerated()
        where !(scalar == "\r" && index + 1 < scalars.count && scalars[index + 1] == "\n") {
            normalized.append(scalar)
        }
        text = normalized
        self.file = file
        for (index, scalar) in text.enumerated() where scalar == "\n" { lineStarts.append(index + 1) }
    }

    // MARK: Positions and errors

    func mark(at index: Int) -> SourceMark {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= index { low = middle } else { high = middle - 1 }
        }
        return SourceMark(line: low + 1, column: index - lineStarts[low] + 1)
    }

    func column(at index: Int) -> Int { mark(at: index).column - 1 }

    func error(_ message: String, at index: Int? = nil) -> YAMLError {
        YAMLError(file: file, mark: mark(at: index ?? position), message: message)
    }

    /// Enters a collection; callers leave it with `depth -= 1` (a `defer`).
    mutating func enterCollection() throws(YAMLError) {
        depth += 1
        if depth > maximumDepth {
            throw error("collections nest deeper than \(maximumDepth) levels; flatten the document")
        }
    }

    func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        position + offset < text.count ? text[position + offset] : nil
    }

    var atEnd: Bool { position >= text.count }

    func isBlankOrEnd(_ offset: Int) -> Bool {
        guard let scalar = peek(offset) else { return true }
        return scalar == " " || scalar == "\n" || scalar == "\t"
    }

    // MARK: Whitespace and comments

    mutating func skipSpaces() {
        while let scalar = peek(), scalar == " " || scalar == "\t" { position += 1 }
    }

    /// Skips spaces, comments and line breaks up to the next content; rejects tab indentation.
    mutating func skipToNextContent() throws(YAMLError) {
        while !atEnd {
            let lineStart = position == 0 || text[position - 1] == "\n"
            if lineStart {
                var index = position
                while index < text.count, text[index] == " " { index += 1 }
                if index < text.count, text[index] == "\t" {
                    var rest = index
                    while rest < text.count, text[rest] == " " || text[rest] == "\t" { rest += 1 }
                    if rest < text.count, text[rest] != "\n", text[rest] != "#" {
                        throw error("tabs are not allowed for indentation", at: index)
                    }
                }
            }
            switch peek() {
            case " ", "\t", "\n": position += 1
            case "#":
                while let scalar = peek(), scalar != "\n" { position += 1 }
            default: return
            }
        }
    }

    /// After a value on a line: only spaces and a comment may follow before the line break.
    mutating func expectEndOfLine() throws(YAMLError) {
        skipSpaces()
        if peek() == "#" {
            guard position > 0, text[position - 1] == " " || text[position - 1] == "\t" else {
                throw error("a comment needs a space before #")
            }
            while let scalar = peek(), scalar != "\n" { position += 1 }
        }
        guard atEnd || peek() == "\n" else { throw error("unexpected content after the value") }
    }

    // MARK: Document and block structure

    mutating func parseDocument() throws(YAMLError) -> YAMLNode {
        try skipToNextContent()
        if isDocumentMarker("---") {
            position += 3
            try skipToNextContent()
        }
        if atEnd { return .scalar("", isQuoted: false, mark: mark(at: 0)) }
        let node = try parseBlock(parentIndent: -1)
        try skipToNextContent()
        if isDocumentMarker("...") {
            position += 3
            try skipToNextContent()
        }
        if isDocumentMarker("---") { throw error("multiple documents in one file are not supported") }
        guard atEnd else { throw error("unexpected content; check the indentation") }
        return node
    }

    func isDocumentMarker(_ marker: String) -> Bool {
        guard column(at: position) == 0 else { return false }
        for (offset, scalar) in marker.unicodeScalars.enumerated() where peek(offset) != scalar { return false }
        return isBlankOrEnd(3)
    }

    func isSequenceEntry() -> Bool { peek() == "-" && isBlankOrEnd(1) }

    mutating func parseBlock(parentIndent: Int) throws(YAMLError) -> YAMLNode {
        let indent = column(at: position)
        if isSequenceEntry() { return try parseSequence(indent: indent) }
        if try lineStartsWithKey() { return try parseMapping(indent: indent) }
        return try parseInlineValue(parentIndent: parentIndent)
    }

    /// Whether the content at the current position is `key:` (plain or quoted key).
    func lineStartsWithKey() throws(YAMLError) -> Bool {
        var index = position
        guard index < text.count else { return false }
        let first = text[index]
        if first == "\"" || first == "'" {
            index += 1
            while index < text.count, text[index] != "\n" {
                if first == "\"" && text[index] == "\\" {
                    index += 2
                    continue
                }
                if text[index] == first {
                    if first == "'" && index + 1 < text.count && text[index + 1] == "'" {
                        index += 2
                        continue
                    }
                    break
                }
                index += 1
            }
            guard index < text.count, text[index] == first else { return false }
            index += 1
            while index < text.count, text[index] == " " { index += 1 }
            return index < text.count && text[index] == ":"
                && (index + 1 >= text.count || [" ", "\n", "\t"].contains(text[index + 1]))
        }
        if "[{|>&*!%@`".unicodeScalars.contains(first) { return false }
        while index < text.count, text[index] != "\n" {
            if text[index] == "#" && index > position && text[index - 1] == " " { return false }
            if text[index] == ":" && (index + 1 >= text.count || [" ", "\n", "\t"].contains(text[index + 1])) {
                return true
            }
            index += 1
        }
        return false
    }

    mutating func parseMapping(indent: Int) throws(YAMLError) -> YAMLNode {
        try enterCollection()
        defer { depth -= 1 }
        let start = mark(at: position)
        var members: [(key: String, value: YAMLNode)] = []
        var keys = Set<String>()
        while true {
            if isSequenceEntry() { throw error("expected a mapping key, found a sequence entry") }
            let keyStart = position
            guard try lineStartsWithKey() else { throw error("expected a mapping key (\"name: value\")") }
            let key = try parseKey()
            guard keys.insert(key).inserted else { throw error("duplicate key \"\(key)\"", at: keyStart) }
            skipSpaces()
            let value: YAMLNode
            if atEnd || peek() == "\n" || peek() == "#" {
                try expectEndOfLine()
                try skipToNextContent()
                let childColumn = column(at: position)
                if !atEnd && childColumn > indent {
                    value = try parseBlock(parentIndent: indent)
                } else if !atEnd && childColumn == indent && isSequenceEntry() {
                    value = try parseSequence(indent: indent)
                } else {
                    value = .scalar("", isQuoted: false, mark: mark(at: keyStart))
                }
            } else {
                value = try parseInlineValue(parentIndent: indent)
            }
            members.append((key: key, value: value))
            try skipToNextContent()
            if atEnd || isDocumentMarker("---") || isDocumentMarker("...") { break }
            let next = column(at: position)
            if next < indent { break }
            if next > indent { throw error("bad indentation of a mapping entry") }
        }
        return .mapping(members, mark: start)
    }

    mutating func parseKey() throws(YAMLError) -> String {
        let key: String
        if peek() == "\"" || peek() == "'" {
            key = try parseQuoted()
            skipSpaces()
        } else {
            var scalars: [Unicode.Scalar] = []
            while let scalar = peek(), !(scalar == ":" && isBlankOrEnd(1)) {
                scalars.append(scalar)
                position += 1
            }
            while scalars.last == " " || scalars.last == "\t" { scalars.removeLast() }
            key = String(String.UnicodeScalarView(scalars))
        }
        guard peek() == ":" else { throw error("expected \":\" after the key") }
        position += 1
        return key
    }

    mutating func parseSequence(indent: Int) throws(YAMLError) -> YAMLNode {
        try enterCollection()
        defer { depth -= 1 }
        let start = mark(at: position)
        var items: [YAMLNode] = []
        while column(at: position) == indent && isSequenceEntry() {
            let entry = position
            position += 1
            skipSpaces()
            if atEnd || peek() == "\n" || peek() == "#" {
                try expectEndOfLine()
                try skipToNextContent()
                if !atEnd && column(at: position) > indent {
                    items.append(try parseBlock(parentIndent: indent))
                } else {
                    items.append(.scalar("", isQuoted: false, mark: mark(at: entry)))
                }
            } else {
                let contentColumn = column(at: position)
                if isSequenceEntry() {
                    items.append(try parseSequence(indent: contentColumn))
                } else if try lineStartsWithKey() {
                    items.append(try parseMapping(indent: contentColumn))
                } else {
                    items.append(try parseInlineValue(parentIndent: indent))
                }
            }
            try skipToNextContent()
            if atEnd || isDocumentMarker("---") || isDocumentMarker("...") { break }
            if column(at: position) > indent { throw error("bad indentation of a sequence entry") }
        }
        return .sequence(items, mark: start)
    }

    // MARK: Values on a line

    mutating func parseInlineValue(parentIndent: Int) throws(YAMLError) -> YAMLNode {
        let start = mark(at: position)
        switch peek() {
        case "|", ">":
            return .scalar(try parseBlockScalar(parentIndent: parentIndent), isQuoted: true, mark: start)
        case "[", "{":
            let node = try parseFlowNode()
            try expectEndOfLine()
            return node
        case "\"", "'":
            let value = try parseQuoted()
            skipSpaces()
            if peek() == ":" { throw error("mapping values are not allowed here") }
            try expectEndOfLine()
            return .scalar(value, isQuoted: true, mark: start)
        case "&", "*", "!":
            throw error("anchors, aliases and tags are not supported; quote the value if it is text")
        case "@", "`", "%":
            throw error("\"\(peek()!)\" cannot start a plain value; quote it")
        default:
            return .scalar(try parsePlainBlockScalar(parentIndent: parentIndent), isQuoted: false, mark: start)
        }
    }

    /// A plain scalar in block context, possibly continued on more-indented lines (folded with spaces).
    mutating func parsePlainBlockScalar(parentIndent: Int) throws(YAMLError) -> String {
        var lines: [String] = []
        while true {
            var scalars: [Unicode.Scalar] = []
            while let scalar = peek(), scalar != "\n" {
                if scalar == "#" && (scalars.last == " " || scalars.last == "\t") { break }
                if scalar == ":" && isBlankOrEnd(1) { throw error("mapping values are not allowed here") }
                scalars.append(scalar)
                position += 1
            }
            while scalars.last == " " || scalars.last == "\t" { scalars.removeLast() }
            lines.append(String(String.UnicodeScalarView(scalars)))
            try expectEndOfLine()
            // A continuation line: more indented than the parent, not a comment or a new entry.
            let save = position
            try skipToNextContent()
            if atEnd || column(at: position) <= parentIndent || peek() == "#" || isSequenceEntry()
                || isDocumentMarker("---") || isDocumentMarker("...")
            {
                position = save
                break
            }
        }
        return lines.joined(separator: " ")
    }

    mutating func parseBlockScalar(parentIndent: Int) throws(YAMLError) -> String {
        let literal = peek() == "|"
        position += 1
        var chomping: Character = "c"
        var explicitIndent: Int?
        for _ in 0..<2 {
            if let scalar = peek(), scalar == "-" || scalar == "+", chomping == "c" {
                chomping = Character(scalar)
                position += 1
            } else if let scalar = peek(), ("1"..."9").contains(scalar), explicitIndent == nil {
                explicitIndent = Int(scalar.value - 48)
                position += 1
            }
        }
        guard isBlankOrEnd(0) else { throw error("invalid block scalar header; use |, >, |-, >+ or |2") }
        try expectEndOfLine()
        if !atEnd { position += 1 }
        let base = max(parentIndent, 0)
        var contentIndent = explicitIndent.map { base + $0 }
        var lines: [String] = []
        while !atEnd {
            var index = position
            while index < text.count, text[index] == " " { index += 1 }
            let indent = index - position
            let isEmpty = index >= text.count || text[index] == "\n"
            if !isEmpty {
                if contentIndent == nil {
                    guard indent > parentIndent else { break }
                    contentIndent = indent
                }
                if indent < contentIndent! { break }
            }
            var end = position
            while end < text.count, text[end] != "\n" { end += 1 }
            let lineStart = min(position + (contentIndent ?? indent), end)
            lines.append(isEmpty ? "" : String(String.UnicodeScalarView(text[lineStart..<end])))
            position = end < text.count ? end + 1 : end
        }
        // Give trailing empty lines back: they belong to what follows, except under "keep".
        var trailing = 0
        while let last = lines.last, last.isEmpty {
            lines.removeLast()
            trailing += 1
        }
        if position > 0 && text[position - 1] == "\n" { position -= 1 }
        var body: String
        if literal {
            body = lines.joined(separator: "\n")
        } else {
            body = ""
            var previousWasText = false
            for line in lines {
                if line.isEmpty {
                    body += "\n"
                    previousWasText = false
                } else if line.first == " " {
                    body += (previousWasText ? "\n" : "") + line
                    previousWasText = false
                } else {
                    body += (previousWasText ? " " : "") + line
                    previousWasText = true
                }
            }
        }
        switch chomping {
        case "-": return body
        case "+":
            return lines.isEmpty
                ? String(repeating: "\n", count: trailing) : body + "\n" + String(repeating: "\n", count: trailing)
        default: return lines.isEmpty ? "" : body + "\n"
        }
    }
}
