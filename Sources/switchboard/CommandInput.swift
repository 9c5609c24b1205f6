import Foundation
import GraphQLLanguage
import Switchboard
import SwitchboardCore

/// Reading the DOCUMENT and `--variables` arguments of `query` and `subscribe`: inline text,
/// `@path` for a file, or `-` for standard input (documents only). Both are checked before
/// anything is sent: documents with the GraphQL parser, variables as strict JSON.
enum CommandInput {
    /// The DOCUMENT argument parsed; a syntax error is an ``InputError`` naming the source
    /// (`<argument>`, `<stdin>` or the file path), line and column, with a caret excerpt.
    static func document(_ argument: String) throws -> (text: String, document: Document) {
        let (text, source) = try read(argument, inlineName: "<argument>", allowsStandardInput: true)
        do {
            return (text, try Parser.parse(text))
        } catch {
            throw InputError(syntaxError: error, source: source)
        }
    }

    /// The `--variables` object, from inline JSON or `@path`; trailing commas and comments are
    /// errors with their line and column, on every platform.
    static func variables(_ argument: String?) throws -> [String: JSONValue]? {
        guard let argument else { return nil }
        let (text, source) = try read(argument, inlineName: "--variables", allowsStandardInput: false)
        let data = Data(text.utf8)
        if let syntaxError = JSONScanner.syntaxErrorDescription(in: data) {
            throw InputError("\(source): not valid JSON: \(syntaxError)")
        }
        guard case .object(let members)? = try? JSONValue(parsing: data) else {
            throw UsageError("--variables must be a JSON object, e.g. '{\"id\": \"1\"}'")
        }
        return members
    }

    /// The text of an argument and the name errors give its source.
    private static func read(_ argument: String, inlineName: String, allowsStandardInput: Bool)
        throws(FileAccessError) -> (text: String, source: String)
    {
        if allowsStandardInput && argument == "-" {
            let data = FileHandle.standardInput.readDataToEndOfFile()
            return (String(decoding: data, as: UTF8.self), "<stdin>")
        }
        guard argument.hasPrefix("@") else { return (argument, inlineName) }
        let path = String(argument.dropFirst())
        return (String(decoding: try FileAccess.read(path), as: UTF8.self), path)
    }
}

/// Input that cannot be used as written (a GraphQL syntax error, malformed JSON): reported
/// without the usage text, with exit code 2, before any network I/O.
struct InputError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }

    /// `source:line:column: syntax error: message`, then the source line and a caret.
    init(syntaxError: GraphQLSyntaxError, source: String) {
        var lines = [
            "\(source):\(syntaxError.line):\(syntaxError.column): syntax error: \(syntaxError.message)"
        ]
        // The parser's own rendering ends with the excerpt and caret; its first line repeats the message.
        lines += syntaxError.description.split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
            .map(String.init)
        description = lines.joined(separator: "\n")
    }
}
