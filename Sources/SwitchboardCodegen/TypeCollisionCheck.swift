/// Finds the types the build plugin would generate that the target's own sources already declare,
/// typically models generated once with `switchboard codegen models` into the target and then
/// generated again by the plugin from the same `@model` schema. Left alone, the compiler reports
/// hundreds of `invalid redeclaration` and `is ambiguous` errors; this reports one error instead,
/// at the user's declaration, naming the generated one and the two ways out.
package struct TypeCollisionCheck: Sendable {
    /// A type declaration at the top level of a file.
    package struct Declaration: Sendable, Hashable {
        /// The type's name.
        package var name: String
        /// The 1-based line.
        package var line: Int
        /// The 1-based column of the name.
        package var column: Int
    }

    /// What the plugin generates a type from.
    package enum Origin: Sendable, Hashable {
        /// The Swift models of an `@model` schema (`"models"` in the configuration).
        case models
        /// The operation and schema types (`"namespace"` in the configuration nests them).
        case operations
    }

    private static let keywords: Set<Substring> = ["struct", "class", "enum", "actor", "protocol", "typealias"]
    private static let modifiers: Set<Substring> = [
        "public", "package", "internal", "fileprivate", "private", "final", "open", "indirect",
        "nonisolated", "@MainActor", "@frozen", "@objc",
    ]

    /// The types `source` declares at its top level: a `struct`, `class`, `enum`, `actor`, `protocol`
    /// or `typealias` starting a line at column 1 after modifiers (nested types are indented, and
    /// extensions declare nothing). Lines inside `/* … */` comments and multi-line string literals
    /// are skipped.
    package static func topLevelDeclarations(in source: String) -> [Declaration] {
        var declarations: [Declaration] = []
        var inComment = false
        var inString = false
        for (index, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let quotes = line.components(separatedBy: "\"\"\"").count - 1
            defer {
                if quotes % 2 == 1 { inString.toggle() }
            }
            if inString { continue }
            if inComment {
                if line.contains("*/") { inComment = false }
                continue
            }
            if line.hasPrefix("/*") {
                inComment = !line.contains("*/")
                continue
            }
            guard let first = line.first, !first.isWhitespace, !line.hasPrefix("//") else { continue }
            var column = 1
            var words = line.split(separator: " ", omittingEmptySubsequences: false)[...]
            while let word = words.first, modifiers.contains(word) || word.hasPrefix("@") {
                column += word.count + 1
                words = words.dropFirst()
            }
            guard let keyword = words.first, keywords.contains(keyword), words.count > 1 else { continue }
            column += keyword.count + 1
            let name = words[words.startIndex + 1].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            guard !name.isEmpty else { continue }
            declarations.append(Declaration(name: String(name), line: index + 1, column: column))
        }
        return declarations
    }

    /// The model enums `source` declares at its top level (`enum PostStatus: String, EnumPersistable`,
    /// as `switchboard codegen models` writes them), which generated operations can use as they are.
    package static func modelEnums(in source: String) -> [String] {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        return topLevelDeclarations(in: source).compactMap { declaration in
            let line = lines[declaration.line - 1]
            return line.contains("enum ") && line.contains("EnumPersistable") ? declaration.name : nil
        }
    }

    /// The generated types, by name: where each comes from.
    private var generated: [String: Origin] = [:]

    /// An empty check.
    package init() {}

    /// Records the top-level types of a generated file.
    package mutating func addGenerated(_ source: String, origin: Origin) {
        for declaration in Self.topLevelDeclarations(in: source) where generated[declaration.name] == nil {
            generated[declaration.name] = origin
        }
    }

    /// One error for the target's declarations of generated types, or `nil` when there are none.
    /// `sources` are the target's Swift files (path and text); `schemaName` and
    /// `configurationName` are how the message names the schema and the configuration file.
    package func collision(
        in sources: [(path: String, text: String)], schemaName: String, configurationName: String
    ) -> CodegenDiagnostic? {
        var clashes: [(path: String, declaration: Declaration, origin: Origin)] = []
        for source in sources {
            for declaration in Self.topLevelDeclarations(in: source.text) {
                if let origin = generated[declaration.name] { clashes.append((source.path, declaration, origin)) }
            }
        }
        guard let first = clashes.first else { return nil }
        let others = clashes.dropFirst().map(\.declaration.name)
        let more = others.isEmpty ? "" : " (and \(others.count) more: \(others.joined(separator: ", ")))"
        let message: String
        switch first.origin {
        case .models:
            message =
                "'\(first.declaration.name)' is declared here and also generated by SwitchboardCodegenPlugin from the "
                + "@model schema \(schemaName)\(more). Either delete the models generated into this target (by "
                + "`switchboard codegen models`) and use the plugin's, or add \"models\": \"none\" to "
                + "\(configurationName) so that the plugin generates operations only"
        case .operations:
            message =
                "'\(first.declaration.name)' is declared here and also generated by SwitchboardCodegenPlugin for the "
                + "operations of \(schemaName)\(more). Either rename or delete this declaration, or set \"namespace\" "
                + "in \(configurationName) so that the generated types are nested in that enum"
        }
        return CodegenDiagnostic(
            path: first.path, line: first.declaration.line, column: first.declaration.column, message: message)
    }
}
