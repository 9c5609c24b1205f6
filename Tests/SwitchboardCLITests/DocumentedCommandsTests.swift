import Foundation
import TestSupport
import Testing

@testable import switchboard

/// Every `switchboard` command line shown in README.md and Docs.docc parses: it names a command,
/// and that command takes the options and arguments shown (optional parts in `[…]` left out).
@Suite struct DocumentedCommandsTests {
    /// A documented command line: where it is and its words.
    struct Invocation: CustomStringConvertible {
        var source: String
        var words: [String]
        var description: String { "\(source): switchboard \(words.joined(separator: " "))" }
    }

    /// The command lines of the fenced blocks of README.md and every page of Docs.docc.
    static func documentedInvocations() throws -> [Invocation] {
        let root = CommandRunner.childWorkingDirectory
        let catalog = root.appendingPathComponent("Docs.docc")
        let pages =
            [root.appendingPathComponent("README.md")]
            + (try FileManager.default.contentsOfDirectory(atPath: catalog.path)).sorted()
            .filter { $0.hasSuffix(".md") }.map { catalog.appendingPathComponent($0) }
        var invocations: [Invocation] = []
        for page in pages {
            var inBlock = false
            var pending = ""
            var pendingLine = 0
            for (number, line) in try String(contentsOf: page, encoding: .utf8).components(separatedBy: "\n")
                .enumerated()
            {
                if line.hasPrefix("```") {
                    inBlock.toggle()
                    continue
                }
                guard inBlock else { continue }
                if pending.isEmpty { pendingLine = number + 1 }
                if line.hasSuffix("\\") {
                    pending += line.dropLast() + " "
                    continue
                }
                let logical = pending + line
                pending = ""
                if let words = commandWords(logical) {
                    invocations.append(Invocation(source: "\(page.lastPathComponent):\(pendingLine)", words: words))
                }
            }
        }
        return invocations
    }

    /// The words after `switchboard` when `line` runs it (`switchboard …`, `swift run switchboard …`,
    /// after a pipe), without a trailing comment and without optional `[…]` parts.
    static func commandWords(_ line: String) -> [String]? {
        var text = line.trimmingCharacters(in: .whitespaces)
        if let pipe = text.range(of: "| ") { text = String(text[pipe.upperBound...]) }
        for prefix in ["swift run switchboard ", "switchboard "] where text.hasPrefix(prefix) {
            let rest = text.dropFirst(prefix.count)
            guard rest.first?.isLetter == true || rest.first == "-" else { return nil }
            return words(String(rest))
        }
        return nil
    }

    /// Shell words: single and double quotes group, `#` outside quotes starts a comment, and an
    /// unquoted `[` … `]` group is left out.
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var word = ""
        var hasWord = false
        var quote: Character?
        var bracketDepth = 0
        func finish() {
            if hasWord && bracketDepth == 0 { words.append(word) }
            word = ""
            hasWord = false
        }
        for character in text {
            if let open = quote {
                if character == open { quote = nil } else { word.append(character) }
                continue
            }
            switch character {
            case "'", "\"":
                quote = character
                hasWord = true
            case " ", "\t":
                finish()
            case "#" where !hasWord:
                finish()
                return words
            case "[" where !hasWord:
                bracketDepth += 1
            case "]" where bracketDepth > 0:
                finish()
                bracketDepth -= 1
            default:
                word.append(character)
                hasWord = true
            }
        }
        finish()
        return words
    }

    @Test func theDocumentsShowManyCommandLines() throws {
        let invocations = try Self.documentedInvocations()
        #expect(invocations.count >= 15, "\(invocations)")
        let commands = Set(invocations.compactMap { $0.words.first })
        for command in ["demo", "serve", "query", "subscribe", "sigv4", "codegen"] {
            #expect(commands.contains(command), "no documented `switchboard \(command)` line")
        }
    }

    @Test func everyDocumentedCommandLineParses() throws {
        for invocation in try Self.documentedInvocations() {
            do {
                let (path, rest) = try CommandPath.resolve(invocation.words, root: SwitchboardCLI.self)
                let arguments = try ParsedArguments(rest, commandPath: path)
                #expect(arguments.command.definition.subcommands.isEmpty, "\(invocation) names a group")
                #expect(!arguments.wantsHelp && !arguments.wantsVersion, "\(invocation)")
            } catch {
                Issue.record("\(invocation): \(error.message)")
            }
        }
    }

    @Test func theWordsOfALineAreReadAsAShellReadsThem() {
        #expect(
            Self.commandWords(#"swift run switchboard query --config a.json [--api NAME] '{ a }'  # comment"#)
                == ["query", "--config", "a.json", "{ a }"])
        #expect(
            Self.commandWords(#"echo '{ a }' | swift run switchboard query [--variables '{"id": "1"}'] -"#)
                == ["query", "-"])
        #expect(Self.commandWords("switchboard: todo.graphql:2:15: syntax error") == nil)
        #expect(Self.commandWords("switchboard (CLI) ─┬─► SwitchboardServer") == nil)
    }
}
