import Foundation
import SwitchboardAPI
import SwitchboardSigV4

/// `switchboard sigv4`: signs one request with SigV4 and prints the canonical request, the string
/// to sign and the `Authorization` header — to compare with what AWS says it expected when it
/// answers "signature does not match".
struct SigV4Command: CLICommand {
    static let definition = CommandDefinition(
        name: "sigv4",
        abstract: "Print the SigV4 canonical request, string to sign and Authorization header of a request.",
        discussion: """
            Credentials come from AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY/AWS_SESSION_TOKEN, then the profile \
            AWS_PROFILE (or default) of ~/.aws/credentials and ~/.aws/config. Secrets are never printed; a \
            session token is shown as a placeholder.
            """,
        options: [
            .option("method", value: "method", help: "The HTTP method, e.g. POST.", required: true),
            .option("url", value: "url", help: "The full URL, path and query exactly as sent.", required: true),
            .option(
                "header", short: "H", value: "header",
                help: "A request header, as 'Name: value' (repeatable); Host comes from the URL unless given.",
                repeatable: true),
            .option("body-file", value: "file", help: "The body, read as raw bytes.", default: "empty"),
            .option("region", value: "region", help: "The AWS region, e.g. us-east-1.", required: true),
            .option("service", value: "service", help: "The signing name, e.g. appsync.", required: true),
            .option(
                "timestamp", value: "yyyymmddThhmmssZ",
                help: "The request time (X-Amz-Date), to reproduce a signature.", default: "now"),
        ])

    static func run(_ arguments: ParsedArguments) async throws -> Int32 {
        let method = try arguments.required("method")
        let urlText = try arguments.required("url")
        let region = try arguments.required("region")
        let service = try arguments.required("service")
        guard let url = URL(string: urlText), url.host != nil else {
            throw UsageError("--url must be an absolute URL with a host, e.g. https://example.com/graphql")
        }
        let date: Date
        if let text = arguments.value("timestamp") {
            guard let timestamp = SigV4Timestamp(amzDate: text) else {
                throw UsageError("--timestamp must look like 20150830T123600Z, not \"\(text)\"")
            }
            date = timestamp.date
        } else {
            date = Date()
        }
        var headers: [SigV4HeaderField] = []
        for (index, header) in arguments.allValues("header").enumerated() {
            guard let colon = header.firstIndex(of: ":"), colon != header.startIndex else {
                // The argument is not shown: it is often an Authorization header with a secret.
                throw UsageError("-H number \(index + 1) is not 'Name: value'")
            }
            headers.append(SigV4HeaderField(String(header[..<colon]), String(header[header.index(after: colon)...])))
        }
        var body: [UInt8] = []
        if let path = arguments.value("body-file") {
            body = [UInt8](try FileAccess.read(path))
        }
        let credentials: AWSCredentials
        do {
            credentials = try await CredentialsProviderChain.standard().credentials()
        } catch {
            throw APIError.invalidConfiguration("\(error)", "")
        }
        var request = try SigV4Request(method: method, url: url, headers: headers, body: body)
        let signature = try SigV4Signer().sign(
            &request, credentials: credentials, region: region, service: service, date: date)
        print(signature.debugReport)
        print("X-Amz-Date: \(signature.timestamp.amzDate)")
        if let token = credentials.sessionToken {
            print("X-Amz-Security-Token: <session token redacted, \(token.utf8.count) bytes>")
        }
        return ExitCode.success
    }
}
