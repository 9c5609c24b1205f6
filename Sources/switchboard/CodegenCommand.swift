import Foundation
import ModelTransform

/// `switchboard codegen schema --schema model.graphql --output appsync.graphql`: runs Amplify's
/// `@model` transform and writes the AppSync schema it would deploy.
struct CodegenCommand: CLICommand {
    static let name = "codegen"
    static let summary = "generate the AppSync schema from an @model schema"
    static let usage = """
        switchboard codegen schema --schema FILE [--output FILE] [--default-auth-mode MODE] [--auth-mode MODE]...
          --schema FILE             the @model schema (Amplify GraphQL Transformer v2)
          --output FILE             where to write the AppSync schema (default: standard output)
          --default-auth-mode MODE  the API's default authorization mode (default: API_KEY)
          --auth-mode MODE          an additional mode (repeatable); with none, @auth rules may use any
        MODE is API_KEY, AWS_IAM, AMAZON_COGNITO_USER_POOLS, OPENID_CONNECT or AWS_LAMBDA
        (or apiKey, iam, userPools, oidc, lambda). Problems are printed as FILE:LINE:COLUMN: error: …
        Exit status: 0 written (warnings may be printed), 2 errors in the schema or the arguments.
        """
    static let options: Set<String> = ["schema", "output", "default-auth-mode", "auth-mode"]
    static let flags: Set<String> = []

    static func run(_ arguments: ParsedArguments) async throws -> Int32 {
        guard let subcommand = arguments.positional.first else {
            throw UsageError("expected a subcommand: schema")
        }
        guard subcommand == "schema" else {
            throw UsageError("unknown codegen subcommand \"\(subcommand)\"; use schema")
        }
        guard arguments.positional.count == 1 else {
            throw UsageError("unexpected argument \(arguments.positional[1])")
        }
        let schemaPath = try arguments.required("schema")
        var options = TransformOptions()
        if let mode = arguments.value("default-auth-mode") {
            options.defaultAuthorizationMode = try authorizationMode(mode)
        }
        let additional = try arguments.allValues("auth-mode").map(authorizationMode)
        if !additional.isEmpty { options.additionalAuthorizationModes = additional }
        guard let data = FileManager.default.contents(atPath: schemaPath) else {
            throw UsageError("cannot read \(schemaPath)")
        }
        let output: ModelTransformOutput
        do {
            output = try ModelTransformer.transform(
                String(decoding: data, as: UTF8.self), fileName: schemaPath, options: options)
        } catch {
            report(error.diagnostics)
            return ExitCode.usage
        }
        report(output.warnings)
        if let outputPath = arguments.value("output"), outputPath != "-" {
            do {
                try Data(output.appSyncSchema.utf8).write(to: URL(fileURLWithPath: outputPath), options: .atomic)
            } catch {
                throw UsageError("cannot write \(outputPath): \(error.localizedDescription)")
            }
            let count = output.catalog.models.count
            print("wrote \(outputPath): the AppSync schema of \(count) model\(count == 1 ? "" : "s")")
        } else {
            FileHandle.standardOutput.write(Data(output.appSyncSchema.utf8))
        }
        return ExitCode.success
    }

    /// One diagnostic per line on standard error, in the compilers' `file:line:column:` form.
    private static func report(_ diagnostics: [ModelDiagnostic]) {
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
