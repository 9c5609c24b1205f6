/// `switchboard codegen <subcommand>`: the AppSync schema and Swift models of an `@model` schema, and
/// typed operations. Each subcommand is its own type; this one finds it and checks that only its
/// options were given.
struct CodegenCommand: CLICommand {
    static let subcommands: [any CodegenSubcommand.Type] = [
        CodegenSchemaCommand.self, CodegenModelsCommand.self, CodegenOperationsCommand.self,
    ]

    static let name = "codegen"
    static let summary = "generate the AppSync schema, Swift models or typed operations"
    static var usage: String { subcommands.map { $0.usage }.joined(separator: "\n") }
    static var options: Set<String> { subcommands.reduce(into: []) { $0.formUnion($1.options) } }
    static var flags: Set<String> { subcommands.reduce(into: []) { $0.formUnion($1.flags) } }

    static func run(_ arguments: ParsedArguments) async throws -> Int32 {
        let names = subcommands.map { $0.name }.joined(separator: " or ")
        guard let name = arguments.positional.first else {
            throw UsageError("expected a subcommand: \(names)")
        }
        guard let subcommand = subcommands.first(where: { $0.name == name }) else {
            throw UsageError("unknown codegen subcommand \"\(name)\"; use \(names)")
        }
        guard subcommand.takesPaths || arguments.positional.count == 1 else {
            throw UsageError("unexpected argument \(arguments.positional[1])")
        }
        if let option = arguments.optionNames.subtracting(subcommand.options).sorted().first {
            throw UsageError("codegen \(name) does not take --\(option)")
        }
        if let flag = arguments.flags.subtracting(subcommand.flags).subtracting(["help"]).sorted().first {
            throw UsageError("codegen \(name) does not take --\(flag)")
        }
        return try await subcommand.run(arguments)
    }
}

/// One `switchboard codegen` subcommand.
protocol CodegenSubcommand: Sendable {
    static var name: String { get }
    static var usage: String { get }
    static var options: Set<String> { get }
    static var flags: Set<String> { get }
    /// Whether paths may follow the subcommand's name (`codegen operations PATH…`).
    static var takesPaths: Bool { get }
    static func run(_ arguments: ParsedArguments) async throws -> Int32
}

extension CodegenSubcommand {
    /// Subcommands take no paths unless they say so.
    static var takesPaths: Bool { false }
}
