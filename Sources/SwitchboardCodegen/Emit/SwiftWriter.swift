/// Builds Swift source text the way swift-format lays it out: four-space indentation, one blank
/// line between members, lines within 120 columns.
struct SwiftWriter {
    static let lineLength = 120

    private(set) var text = ""
    private var depth: Int
    /// Whether a written identifier breaks swift-format's `AlwaysUseLowerCamelCase` (GraphQL
    /// names such as `__typename` and `fragment_DroidDetails` are kept as they are).
    private(set) var needsLowerCamelCaseExemption = false
    /// The access modifier of the declarations other modules may use, with its trailing space:
    /// `"public "`, or nothing for internal (``CodegenConfiguration/access``).
    let access: String
    /// Whether generated data types are mutable and `Encodable` (``CodegenConfiguration/mutableData``).
    let mutableData: Bool

    /// Creates a writer whose lines start `depth` levels deep.
    init(depth: Int = 0, access: String = "", mutableData: Bool = false) {
        self.depth = depth
        self.access = access
        self.mutableData = mutableData
    }

    private var indentation: String { String(repeating: " ", count: depth * 4) }

    /// Whether `content` fits on one line at the current indentation, with `margin` columns to spare.
    func fits(_ content: String, margin: Int = 0) -> Bool {
        depth * 4 + content.count + margin <= Self.lineLength
    }

    /// Writes one line at the current indentation.
    mutating func line(_ content: String) {
        text += content.isEmpty ? "\n" : indentation + content + "\n"
    }

    /// Writes a blank line, unless the previous line is blank or opens a block.
    mutating func blankLine() {
        guard !text.isEmpty, !text.hasSuffix("\n\n"), !text.hasSuffix("{\n") else { return }
        text += "\n"
    }

    /// Writes `opener {`, the body one level deeper, and `}`.
    mutating func block(_ opener: String, _ body: (inout SwiftWriter) -> Void) {
        line(opener + " {")
        depth += 1
        body(&self)
        depth -= 1
        line("}")
    }

    /// Writes `switch subject {`, the cases at the same indentation (as swift-format does), and `}`.
    mutating func switchBlock(_ subject: String, cases: [String]) {
        line("switch \(subject) {")
        for content in cases { line(content) }
        line("}")
    }

    /// Writes a read-only computed property on one line, or with its body on the next when that
    /// is too long.
    mutating func computedProperty(_ declaration: String, _ body: String) {
        if indentation.count + declaration.count + body.count + 6 <= Self.lineLength {
            line(declaration + " { " + body + " }")
        } else {
            block(declaration) { $0.line(body) }
        }
    }

    /// Writes `body` one level deeper.
    mutating func indented(_ body: (inout SwiftWriter) -> Void) {
        depth += 1
        body(&self)
        depth -= 1
    }

    /// Writes `struct Name: A, B { … }`; when that is too long for one line, the conformances fill
    /// the line and continuation lines, and `{` goes on its own line, as swift-format lays it out.
    mutating func typeDeclaration(_ declaration: String, conformances: [String], _ body: (inout SwiftWriter) -> Void) {
        let list = conformances.joined(separator: ", ")
        if indentation.count + declaration.count + 2 + list.count + 2 <= Self.lineLength {
            block(declaration + ": " + list, body)
            return
        }
        var current = declaration + ":"
        var lines: [String] = []
        for (index, conformance) in conformances.enumerated() {
            let item = conformance + (index == conformances.count - 1 ? "" : ",")
            let continuation = lines.isEmpty ? 0 : 4
            if indentation.count + continuation + current.count + 1 + item.count > Self.lineLength,
                current.hasSuffix(",")
            {
                lines.append(current)
                current = item
            } else {
                current += " " + item
            }
        }
        lines.append(current)
        line(lines[0])
        depth += 1
        for continuation in lines.dropFirst() { line(continuation) }
        depth -= 1
        line("{")
        depth += 1
        body(&self)
        depth -= 1
        line("}")
    }

    /// Writes `///` lines for a description (nothing when it is `nil` or empty).
    mutating func documentation(_ description: String?) {
        guard let description, !description.isEmpty else { return }
        for line in description.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingTrailingWhitespace()
            self.line(trimmed.isEmpty ? "///" : "/// " + trimmed)
        }
    }

    /// Writes `prefix(arguments)suffix`, breaking after `(` and then after each argument when the
    /// line would be too long, as swift-format does.
    mutating func call(_ prefix: String, _ arguments: [String], suffix: String = "") {
        let joined = arguments.joined(separator: ", ")
        if indentation.count + prefix.count + joined.count + 2 + suffix.count <= Self.lineLength {
            line(prefix + "(" + joined + ")" + suffix)
        } else if indentation.count + 4 + joined.count + 1 + suffix.count <= Self.lineLength {
            line(prefix + "(")
            depth += 1
            line(joined + ")" + suffix)
            depth -= 1
        } else {
            line(prefix + "(")
            depth += 1
            for (index, argument) in arguments.enumerated() {
                line(argument + (index == arguments.count - 1 ? ")" + suffix : ","))
            }
            depth -= 1
        }
    }

    /// Writes a declaration with parameters and a body, `prefix(parameters) {`: on one line when it
    /// fits, else with the parameters filling the lines between `prefix(` and `) {`, as swift-format
    /// lays out a long initializer.
    mutating func declaration(_ prefix: String, _ parameters: [String]) {
        let joined = parameters.joined(separator: ", ")
        if indentation.count + prefix.count + joined.count + 4 <= Self.lineLength {
            line(prefix + "(" + joined + ") {")
            return
        }
        line(prefix + "(")
        depth += 1
        var current = ""
        for (index, parameter) in parameters.enumerated() {
            let item = parameter + (index == parameters.count - 1 ? "" : ",")
            if current.isEmpty {
                current = item
            } else if indentation.count + current.count + 1 + item.count <= Self.lineLength {
                current += " " + item
            } else {
                line(current)
                current = item
            }
        }
        line(current)
        depth -= 1
        line(") {")
    }

    /// Writes the lines of a multi-line string literal's content, one level deeper than the
    /// statement, with the closing delimiter.
    mutating func multilineString(_ opener: String, lines: [Substring], closer: String) {
        line(opener)
        depth += 1
        for content in lines { line(String(content)) }
        line(closer)
        depth -= 1
    }

    /// Notes the names a declaration introduces, for the file's swift-format exemption.
    mutating func declares(_ name: String) {
        if !SwiftNames.isLowerCamelCase(name.trimmingCharacters(in: ["`"])) { needsLowerCamelCaseExemption = true }
    }
}

extension Substring {
    fileprivate func trimmingTrailingWhitespace() -> String {
        var end = endIndex
        while end > startIndex, self[index(before: end)] == " " || self[index(before: end)] == "\t" {
            end = index(before: end)
        }
        return String(self[startIndex..<end])
    }
}

extension String {
    fileprivate func trimmingCharacters(in set: Set<Character>) -> String {
        String(filter { !set.contains($0) })
    }
}
