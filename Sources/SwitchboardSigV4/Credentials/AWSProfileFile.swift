import Foundation

/// The INI-style shared files `~/.aws/credentials` and `~/.aws/config`: `[section]` headers,
/// `key = value` properties, `#`/`;` comments and indented sub-properties (which are skipped).
struct AWSProfileFile: Sendable {
    enum Kind: Sendable {
        /// Sections are profile names.
        case credentials
        /// Sections are `default` or `profile NAME` (other kinds, such as `sso-session`, are skipped).
        case config
    }

    /// Properties by profile name, keys lowercased.
    private(set) var profiles: [String: [String: String]] = [:]

    init(path: String, text: String, kind: Kind) throws(AWSCredentialsError) {
        var section: String?
        var sawSection = false
        var lastKeyHadEmptyValue = false
        for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let lineNumber = offset + 1
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") || trimmed.hasPrefix(";") { continue }
            if trimmed.hasPrefix("[") {
                guard let close = trimmed.firstIndex(of: "]") else {
                    throw .malformedFile(path: path, line: lineNumber, problem: "section header has no closing \"]\"")
                }
                let rest = trimmed[trimmed.index(after: close)...].trimmingCharacters(in: .whitespaces)
                guard rest.isEmpty || rest.hasPrefix("#") || rest.hasPrefix(";") else {
                    throw .malformedFile(
                        path: path, line: lineNumber, problem: "unexpected text after the section header")
                }
                let name = trimmed[trimmed.index(after: trimmed.startIndex)..<close]
                    .trimmingCharacters(in: .whitespaces)
                guard !name.isEmpty else {
                    throw .malformedFile(path: path, line: lineNumber, problem: "empty section name")
                }
                section = Self.profileName(section: name, kind: kind)
                if let section, profiles[section] == nil { profiles[section] = [:] }
                sawSection = true
                lastKeyHadEmptyValue = false
                continue
            }
            let indented = line.first == " " || line.first == "\t"
            if indented && lastKeyHadEmptyValue { continue }  // a sub-property such as `s3 =\n  max_bandwidth = …`
            guard sawSection else {
                throw .malformedFile(
                    path: path, line: lineNumber, problem: "property outside any [section]; add a [default] header")
            }
            guard let equals = trimmed.firstIndex(of: "=") else {
                throw .malformedFile(path: path, line: lineNumber, problem: "expected \"key = value\"")
            }
            let key = trimmed[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
            guard !key.isEmpty else {
                throw .malformedFile(path: path, line: lineNumber, problem: "property with an empty key")
            }
            let value = trimmed[trimmed.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            lastKeyHadEmptyValue = value.isEmpty
            if let section { profiles[section]?[key] = value }
        }
    }

    /// The file at `path`, or `nil` when there is no such file.
    static func load(path: String, kind: Kind) throws(AWSCredentialsError) -> AWSProfileFile? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadableFile(path: path, reason: "permission denied or not a regular file")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw .unreadableFile(path: path, reason: "the file is not UTF-8 text")
        }
        return try AWSProfileFile(path: path, text: text, kind: kind)
    }

    private static func profileName(section: String, kind: Kind) -> String? {
        switch kind {
        case .credentials:
            return section
        case .config:
            if section == "default" { return "default" }
            let parts = section.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, parts[0] == "profile" else { return nil }
            return parts[1].trimmingCharacters(in: .whitespaces)
        }
    }
}
