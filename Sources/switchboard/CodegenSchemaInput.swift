import Foundation
import ModelTransform

/// What the codegen subcommands share: reading `--schema`, the transform options from
/// `--default-auth-mode` and `--auth-mode`, and printing diagnostics.
enum CodegenSchemaInput {
    /// `--schema <file>`, the `@model` schema every codegen subcommand reads.
    static let schemaOption = OptionDefinition.option(
        "schema", value: "file", help: "The @model schema (Amplify GraphQL Transformer v2).", required: true)

    /// `--default-auth-mode` and `--auth-mode`.
    static let authorizationOptions: [OptionDefinition] = [
        .option(
            "default-auth-mode", value: "mode", help: "The API's default authorization mode.", default: "API_KEY"),
        .option(
            "auth-mode", value: "mode",
            help: "An additional authorization mode (repeatable); with none, @auth rules may use any.",
            repeatable: true),
    ]

    /// What the discussion of a command with ``authorizationOptions`` says about modes and diagnostics.
    static let authorizationDiscussion = """
        <mode> is API_KEY, AWS_IAM, AMAZON_COGNITO_USER_POOLS, OPENID_CONNECT or AWS_LAMBDA (or apiKey, \
        iam, userPools, oidc, lambda). Problems in the schema are printed as FILE:LINE:COLUMN: error: …
        """

    /// The schema's path and text.
    static func schema(_ arguments: ParsedArguments) throws -> (path: String, text: String) {
        let path = try arguments.required("schema")
        return (path, try FileAccess.readText(path))
    }

    /// The transform options the arguments ask for.
    static func transformOptions(_ arguments: ParsedArguments) throws(UsageError) -> TransformOptions {
        var options = TransformOptions()
        if let mode = arguments.value("default-auth-mode") {
            options.defaultAuthorizationMode = try authorizationMode(mode)
        }
        var additional: [AuthorizationMode] = []
        for mode in arguments.allValues("auth-mode") { additional.append(try authorizationMode(mode)) }
        if !additional.isEmpty { options.additionalAuthorizationModes = additional }
        return options
    }

    /// One diagnostic per line on standard error, in the compilers' `file:line:column:` form.
    static func report(_ diagnostics: [ModelDiagnostic]) {
        guard !diagnostics.isEmpty else { return }
        let text = diagnostics.map(\.description).joined(separator: "\n") + "\n"
        FileHandle.standardError.write(Data(text.utf8))
    }

    private static func authorizationMode(_ text: String) throws(UsageError) -> AuthorizationMode {
        if let mode = AuthorizationMode(rawValue: text.uppercased()) { return mode }
        switch text {
        case "apiKey": return .apiKey
        case "iam": return .iam
        case "userPools": return .userPools
        case "oidc": return .oidc
        case "lambda", "function": return .lambda
        default:
            throw UsageError(
                "unknown authorization mode \"\(text)\"; use API_KEY, AWS_IAM, AMAZON_COGNITO_USER_POOLS, "
                    + "OPENID_CONNECT or AWS_LAMBDA")
        }
    }
}
