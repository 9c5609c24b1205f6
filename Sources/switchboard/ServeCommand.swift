import Foundation
import ModelTransform
import Switchboard
import SwitchboardServer
import SwitchboardSigV4

/// `switchboard serve --schema model.graphql`: runs the `@model` schema as a local
/// AppSync-compatible server until Ctrl-C or SIGTERM.
struct ServeCommand: CLICommand {
    static let definition = CommandDefinition(
        name: "serve",
        abstract: "Serve an @model schema as a local AppSync-compatible API (SQLite store).",
        discussion: """
            Give --schema or --example-schema. Prints the GraphQL and real-time endpoints and the API key once \
            it accepts connections; Ctrl-C or SIGTERM stop it with every write committed.

            Cognito and OIDC tokens are verified with --jwks (the issuer's public keys, RS256 or ES256): \
            signature, exp, nbf and iat (60 s leeway), iss against --token-issuer and, when given, aud or \
            client_id against --token-client-id. Without --jwks they are trusted unverified on a loopback \
            --host (127.0.0.1, ::1, localhost) and refused on any other.


            """ + CodegenSchemaInput.authorizationDiscussion,
        options: [
            .option(
                "schema", value: "file",
                help: "The @model schema (Amplify GraphQL Transformer v2); required unless --example-schema is given."),
            .flag("example-schema", help: "Serve the example Todo/Comment schema (Examples/Todo/schema.graphql)."),
            .option("host", value: "host", help: "The interface to listen on.", default: "127.0.0.1"),
            .option("port", value: "port", help: "The port; 0 picks a free one.", default: "20002"),
            .option("data", value: "dir", help: "Where the SQLite store lives.", default: "./switchboard-data"),
            .flag("in-memory", help: "Keep items in memory only (gone when the server stops)."),
            .option(
                "api-key", value: "key", help: "The API key to accept.",
                default: "generated, kept in the data directory"),
            .option(
                "aws-access-key-id", value: "id",
                help: "Accept SigV4 (AWS_IAM) requests signed with these credentials, as the authenticated role.",
                default: "AWS_ACCESS_KEY_ID"),
            .option(
                "aws-secret-access-key", value: "secret", help: "The secret key of --aws-access-key-id.",
                default: "AWS_SECRET_ACCESS_KEY"),
            .option(
                "region", value: "region", help: "The region IAM signatures are scoped to.",
                default: "AWS_REGION or us-east-1"),
            .option(
                "resolver-count-limit", value: "n",
                help: "The most resolvers one request may run (AppSync's resolverCountLimit, 1-10000; 0: 10000).",
                default: "10000"),
            .option(
                "query-depth-limit", value: "n",
                help: "The deepest field a request may select (AppSync's queryDepthLimit, 1-75; 0: none).",
                default: "none"),
            .option(
                "jwks", value: "file",
                help: "Verify Cognito/OIDC tokens with the public keys of this JWKS file, the issuer's jwks.json "
                    + "(repeatable; read again when it changes); needs --token-issuer.", repeatable: true),
            .option(
                "token-issuer", value: "url", help: "An iss verified tokens may carry (repeatable).", repeatable: true),
            .option(
                "token-client-id", value: "id",
                help: "An app client ID verified tokens may name in aud or client_id (repeatable).", default: "any",
                repeatable: true),
            .option(
                "threads", value: "n", help: "How many threads answer connections (1-16).",
                default: "one per processor, at most 16"),
            .option(
                "busy-poll", value: "us",
                help: "How long a thread keeps looking for work before it sleeps, in microseconds (0-10000).",
                default: "100"),
            .option("write-config", value: "file", help: "Write an amplifyconfiguration.json for this server."),
        ] + CodegenSchemaInput.authorizationOptions)

    static func run(_ arguments: ParsedArguments) async throws -> Int32 {
        let (schemaPath, schema): (String, String)
        if arguments.flag("example-schema") {
            guard arguments.value("schema") == nil else {
                throw UsageError("give either --schema or --example-schema, not both")
            }
            (schemaPath, schema) = ("example-schema.graphql", DemoSchema.sdl)
        } else {
            (schemaPath, schema) = try CodegenSchemaInput.schema(arguments)
        }
        var configuration = LocalServer.Configuration(
            host: arguments.value("host") ?? "127.0.0.1", port: try port(arguments))
        configuration.transformFeatures = try CodegenSchemaInput.transformOptions(arguments)
        configuration.resolverCountLimit =
            try number(arguments, "resolver-count-limit", in: 0...10_000) ?? configuration.resolverCountLimit
        configuration.queryDepthLimit = try number(arguments, "query-depth-limit", in: 0...75)
        configuration.threads = try number(arguments, "threads", in: 1...16)
        if let microseconds = try number(arguments, "busy-poll", in: 0...10_000) {
            configuration.busyPoll = .microseconds(microseconds)
        }
        let modes = configuration.transformFeatures
        configuration.defaultAuthorizationType =
            AuthorizationType(rawValue: modes.defaultAuthorizationMode.rawValue) ?? .apiKey
        configuration.additionalAuthorizationTypes = modes.additionalAuthorizationModes?.compactMap {
            AuthorizationType(rawValue: $0.rawValue)
        }
        let environment = ProcessInfo.processInfo.environment
        configuration.region = arguments.value("region") ?? environment["AWS_REGION"] ?? "us-east-1"
        let dataDirectory: URL?
        if arguments.flag("in-memory") {
            guard arguments.value("data") == nil else {
                throw UsageError("give either --data or --in-memory, not both")
            }
            dataDirectory = nil
            configuration.storage = .inMemory
        } else {
            let directory = URL(fileURLWithPath: arguments.value("data") ?? "switchboard-data")
            dataDirectory = directory
            configuration.storage = .directory(directory)
        }
        if let credentials = try iamCredentials(arguments, environment: environment) {
            configuration.iamPrincipals = [.init(credentials: credentials, role: .authenticated)]
        }
        configuration.tokenVerification = try tokenVerification(arguments)
        let (key, keyFile) = try apiKey(arguments, dataDirectory: dataDirectory)
        configuration.apiKeys = [key]
        let server: LocalServer
        do {
            server = try await LocalServer.start(schema: schema, fileName: schemaPath, configuration: configuration)
        } catch let error as LocalServerError {
            if case .invalidSchema(let diagnostics) = error {
                FileHandle.standardError.write(Data((diagnostics.joined(separator: "\n") + "\n").utf8))
                return ExitCode.usage
            }
            // The store's own message does not say why the data directory is unusable; creating it here does.
            if case .store = error, let dataDirectory { try FileAccess.createDirectory(dataDirectory.path) }
            throw error
        }
        if let keyFile {
            do {
                try FileAccess.write(Data((key.value + "\n").utf8), to: keyFile.path)
            } catch {
                await server.stop()
                throw error
            }
        }
        for warning in server.warnings { FileHandle.standardError.write(Data("warning: \(warning)\n".utf8)) }
        print("Switchboard local AppSync server for \(schemaPath)")
        print("  GraphQL:   \(server.graphQLEndpoint.absoluteString)")
        print("  Real-time: \(server.realtimeEndpoint.absoluteString)")
        print("  API key:   \(server.apiKey ?? "none")")
        if let principal = configuration.iamPrincipals.first {
            print("  IAM:       \(principal.credentials.accessKeyId) (region \(configuration.region), service appsync)")
        }
        if let tokens = server.tokenPolicy { print("  Tokens:    \(describe(tokens, host: configuration.host))") }
        print("  Data:      \(dataDirectory.map { "\($0.path) (SQLite)" } ?? "in memory")")
        if let path = arguments.value("write-config") {
            do {
                try FileAccess.write(Data((server.amplifyConfiguration() + "\n").utf8), to: path)
            } catch {
                await server.stop()
                throw error
            }
            print("  Config:    wrote \(path)")
        }
        print("Stop with Ctrl-C.")
        fflush(nil)  // all streams: output may be a pipe, and the next line can take a while
        let signal = await ShutdownSignal.wait()
        await server.stop()
        print("\(signal): stopped.")
        return ExitCode.success
    }

    /// `--jwks`, `--token-issuer` and `--token-client-id`; `nil` without `--jwks`.
    private static func tokenVerification(_ arguments: ParsedArguments) throws(UsageError)
        -> LocalServer.TokenVerification?
    {
        let files = arguments.allValues("jwks")
        let issuers = arguments.allValues("token-issuer")
        let clientIDs = arguments.allValues("token-client-id")
        guard !files.isEmpty else {
            guard issuers.isEmpty && clientIDs.isEmpty else {
                throw UsageError("--token-issuer and --token-client-id need --jwks, the keys tokens are verified with")
            }
            return nil
        }
        guard !issuers.isEmpty else {
            throw UsageError("--jwks needs --token-issuer, the iss verified tokens must carry")
        }
        guard !(issuers + clientIDs).contains(where: \.isEmpty) else {
            throw UsageError("--token-issuer and --token-client-id must not be empty")
        }
        return LocalServer.TokenVerification(
            keySetFiles: files.map { URL(fileURLWithPath: $0) }, issuers: issuers, clientIDs: clientIDs)
    }

    /// The banner's `Tokens:` line.
    private static func describe(_ tokens: TokenPolicy, host: String) -> String {
        switch tokens {
        case .verified(let verifier):
            let keys = verifier.keyCount == 1 ? "1 key" : "\(verifier.keyCount) keys"
            let clients = verifier.clientIDs.isEmpty ? "any" : verifier.clientIDs.joined(separator: ", ")
            return "verified (\(keys); issuer \(verifier.issuers.joined(separator: ", ")); client ID \(clients))"
        case .unverified: return "NOT verified (no --jwks): accepted as sent, on loopback only"
        case .refused: return "refused (no --jwks to verify them with, and \(host) is not loopback)"
        }
    }

    private static func number(_ arguments: ParsedArguments, _ name: String, in range: ClosedRange<Int>)
        throws(UsageError) -> Int?
    {
        guard let text = arguments.value(name) else { return nil }
        guard let number = Int(text), range.contains(number) else {
            throw UsageError("--\(name) must be a number from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }

    private static func port(_ arguments: ParsedArguments) throws(UsageError) -> Int {
        guard let text = arguments.value("port") else { return 20002 }
        guard let port = Int(text), (0...65535).contains(port) else {
            throw UsageError("--port must be a number from 0 to 65535")
        }
        return port
    }

    /// `--api-key`, else the key kept in the data directory, else a new one, with the file to
    /// keep it in once the server started (so clients stay configured across restarts).
    private static func apiKey(_ arguments: ParsedArguments, dataDirectory: URL?) throws
        -> (key: LocalServer.APIKey, file: URL?)
    {
        if let key = arguments.value("api-key") {
            guard !key.isEmpty else { throw UsageError("--api-key must not be empty") }
            return (LocalServer.APIKey(key), nil)
        }
        guard let dataDirectory else { return (.generate(), nil) }
        let file = dataDirectory.appendingPathComponent("api-key")
        do {
            let data = try FileAccess.read(file.path)
            let key = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            if !key.isEmpty { return (LocalServer.APIKey(key), nil) }
        } catch  where error.isMissingFile {
            // The first run with this data directory: a new key, kept once the server started.
        }
        return (.generate(), file)
    }

    private static func iamCredentials(_ arguments: ParsedArguments, environment: [String: String]) throws(UsageError)
        -> AWSCredentials?
    {
        let id = arguments.value("aws-access-key-id")
        let secret = arguments.value("aws-secret-access-key")
        switch (id, secret) {
        case (let id?, let secret?): return AWSCredentials(accessKeyId: id, secretAccessKey: secret)
        case (nil, nil):
            guard let id = environment["AWS_ACCESS_KEY_ID"], let secret = environment["AWS_SECRET_ACCESS_KEY"],
                !id.isEmpty, !secret.isEmpty
            else { return nil }
            let token = environment["AWS_SESSION_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
            return AWSCredentials(accessKeyId: id, secretAccessKey: secret, sessionToken: token)
        default: throw UsageError("give --aws-access-key-id and --aws-secret-access-key together")
        }
    }
}
