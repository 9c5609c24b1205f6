import Foundation
import ModelTransform
import SwitchboardCodegen
import Testing

/// Generating model files from SDL in tests.
enum Generate {
    /// The files of `schema`, by name; a test fails (by throwing) when the schema has errors.
    static func files(
        _ schema: String, form: ModelCodegenOptions.Form = .classic, registryName: String = "AmplifyModels"
    ) throws -> [String: String] {
        let generator = ModelCodeGenerator(options: ModelCodegenOptions(form: form, registryName: registryName))
        let output = try generator.generate(schema: schema, fileName: "schema.graphql")
        return Dictionary(uniqueKeysWithValues: output.files.map { ($0.name, $0.contents) })
    }

    /// One generated file.
    static func file(_ name: String, of schema: String, form: ModelCodegenOptions.Form = .classic) throws -> String {
        try #require(try files(schema, form: form)[name], "no \(name) was generated")
    }

    /// The `model.fields(…)` entries of a `+Schema.swift` file, one per element, whitespace collapsed.
    static func fieldDefinitions(_ schemaFile: String) -> [String] {
        section(of: schemaFile, from: "        model.fields(\n", to: "\n        )")
    }

    /// The `model.attributes(…)` entries of a `+Schema.swift` file.
    static func attributes(_ schemaFile: String) -> [String] {
        section(of: schemaFile, from: "        model.attributes(\n", to: "\n        )")
    }

    /// The stored and computed property declarations of a model struct (`public var title: String`).
    static func properties(_ structFile: String) -> [String] {
        structFile.split(separator: "\n").compactMap { line in
            let text = line.trimmingCharacters(in: .whitespaces)
            guard line.hasPrefix("    ") && !line.hasPrefix("        "),
                text.hasPrefix("public var ") || text.hasPrefix("public let ") || text.hasPrefix("internal var ")
            else { return nil }
            return text.hasSuffix(" {") ? String(text.dropLast(2)) : text
        }
    }

    /// The entries between `start` and `end`, split at top-level commas, whitespace collapsed.
    private static func section(of text: String, from start: String, to end: String) -> [String] {
        guard let lower = text.range(of: start),
            let upper = text.range(of: end, range: lower.upperBound..<text.endIndex)
        else { return [] }
        let body = text[lower.upperBound..<upper.lowerBound]
        var entries: [String] = []
        var depth = 0
        var current = ""
        for character in body {
            switch character {
            case "(", "[": depth += 1
            case ")", "]": depth -= 1
            default: break
            }
            if character == "," && depth == 0 {
                entries.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        entries.append(current)
        return entries.map { entry in
            entry.split(whereSeparator: \.isWhitespace).joined(separator: " ")
                .replacingOccurrences(of: "( ", with: "(").replacingOccurrences(of: "[ ", with: "[")
                .replacingOccurrences(of: ", ]", with: "]").replacingOccurrences(of: ",]", with: "]")
        }
    }
}
