import Foundation
import TestSupport
import Testing

/// `switchboard sigv4` run as a real process, with credentials from the environment or a file.
@Suite struct SigV4CommandTests {
    static let secret = "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY"
    /// The AWS example key pair in the environment, and no shared files.
    static let environment = [
        "AWS_ACCESS_KEY_ID": "AKIDEXAMPLE", "AWS_SECRET_ACCESS_KEY": secret, "AWS_SESSION_TOKEN": "",
        "AWS_PROFILE": "", "AWS_SHARED_CREDENTIALS_FILE": "/nonexistent/credentials",
        "AWS_CONFIG_FILE": "/nonexistent/config",
    ]

    @Test func printsCanonicalRequestStringToSignAndAuthorization() async throws {
        guard let switchboard = CommandRunner.executable("switchboard") else { return }
        let result = try await CommandRunner.run(
            switchboard,
            [
                "sigv4", "--method", "GET", "--url", "https://example.amazonaws.com/", "--region", "us-east-1",
                "--service", "service", "--timestamp", "20150830T123600Z",
            ], environment: Self.environment)
        #expect(result.status == 0, "\(result.standardError)")
        // The AWS test suite's get-vanilla case.
        #expect(
            result.standardOutput.hasPrefix(
                """
                Canonical request:
                GET
                /

                host:example.amazonaws.com
                x-amz-date:20150830T123600Z

                host;x-amz-date
                e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855

                String to sign:
                AWS4-HMAC-SHA256
                20150830T123600Z
                20150830/us-east-1/service/aws4_request
                bb579772317eb040ac9ed261061d46c1f17a8133879d6129b6e1c25292927e63

                Authorization: AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, \
                SignedHeaders=host;x-amz-date, Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31
                """))
        #expect(!result.standardOutput.contains(Self.secret))
    }

    @Test func signsHeadersAndBodyWithAProfileAndRedactsTheToken() async throws {
        guard let switchboard = CommandRunner.executable("switchboard") else { return }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sb-sigv4-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let credentials = folder.appendingPathComponent("credentials")
        try Data(
            """
            [ci]
            aws_access_key_id = AKIDPROFILE
            aws_secret_access_key = \(Self.secret)
            aws_session_token = session-token-value
            """.utf8
        ).write(to: credentials)
        let body = folder.appendingPathComponent("body.json")
        try Data(#"{"query":"{ ping }"}"#.utf8).write(to: body)
        var environment = Self.environment
        environment["AWS_ACCESS_KEY_ID"] = ""
        environment["AWS_SHARED_CREDENTIALS_FILE"] = credentials.path
        environment["AWS_PROFILE"] = "ci"
        let result = try await CommandRunner.run(
            switchboard,
            [
                "sigv4", "--method", "POST", "--url", "https://api.example.com/graphql?b=2&a=1", "-H",
                "Content-Type: application/json", "-H", "X-Trace:  a   b ", "--body-file", body.path, "--region",
                "eu-west-1", "--service", "appsync", "--timestamp", "20261123T093000Z",
            ], environment: environment)
        #expect(result.status == 0, "\(result.standardError)")
        let output = result.standardOutput
        #expect(output.contains("POST\n/graphql\na=1&b=2\ncontent-type:application/json\nhost:api.example.com\n"))
        #expect(output.contains("x-amz-security-token:<session token redacted, 19 bytes>\nx-trace:a b\n"))
        #expect(output.contains("Credential=AKIDPROFILE/20261123/eu-west-1/appsync/aws4_request"))
        #expect(output.contains("SignedHeaders=content-type;host;x-amz-date;x-amz-security-token;x-trace"))
        #expect(output.contains("X-Amz-Security-Token: <session token redacted, 19 bytes>"))
        #expect(!output.contains("session-token-value"))
        #expect(!output.contains(Self.secret))
    }

    @Test func missingCredentialsAndBadArgumentsExitTwo() async throws {
        guard let switchboard = CommandRunner.executable("switchboard") else { return }
        var environment = Self.environment
        environment["AWS_ACCESS_KEY_ID"] = ""
        let base = ["sigv4", "--method", "GET", "--url", "https://example.com/", "--region", "r", "--service", "s"]
        let missing = try await CommandRunner.run(switchboard, base, environment: environment)
        #expect(missing.status == 2)
        #expect(missing.standardError.contains("No AWS credentials found"))
        let badTime = try await CommandRunner.run(
            switchboard, base + ["--timestamp", "2015-08-30"], environment: Self.environment)
        #expect(badTime.status == 2)
        #expect(badTime.standardError.contains("--timestamp must look like 20150830T123600Z"))
        let badHeader = try await CommandRunner.run(
            switchboard, base + ["-H", "Authorization Bearer s3cr3t"], environment: Self.environment)
        #expect(badHeader.status == 2)
        #expect(badHeader.standardError.contains("-H number 1 is not 'Name: value'"))
        #expect(!badHeader.standardError.contains("s3cr3t"))
        let noRegion = try await CommandRunner.run(
            switchboard, ["sigv4", "--method", "GET", "--url", "https://example.com/", "--service", "s"],
            environment: Self.environment)
        #expect(noRegion.status == 2)
        #expect(noRegion.standardError.contains("--region"))
    }
}
