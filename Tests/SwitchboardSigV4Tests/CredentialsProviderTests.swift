import Foundation
import SwitchboardCore
import TestSupport
import Testing

@testable import SwitchboardSigV4

/// Static, environment and shared-file providers, the chain's order and refresh, and redaction.
@Suite struct CredentialsProviderTests {
    static let secret = "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY"

    /// A fresh folder with the given files, removed by the caller.
    static func folder(_ files: [String: String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sigv4-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        return folder
    }

    @Test func descriptionsNeverShowSecrets() {
        let credentials = AWSCredentials(
            accessKeyId: "AKIDEXAMPLE", secretAccessKey: Self.secret, sessionToken: "tok3n")
        for text in [
            credentials.description, credentials.debugDescription, "\(credentials)", String(reflecting: credentials),
        ] {
            #expect(text.contains("AKIDEXAMPLE"))
            #expect(!text.contains(Self.secret))
            #expect(!text.contains("tok3n"))
        }
    }

    @Test func environmentProviderReadsTheThreeVariables() async throws {
        let provider = EnvironmentCredentialsProvider(environment: [
            "AWS_ACCESS_KEY_ID": "AKID", "AWS_SECRET_ACCESS_KEY": Self.secret, "AWS_SESSION_TOKEN": "token",
        ])
        #expect(
            try await provider.credentials()
                == AWSCredentials(accessKeyId: "AKID", secretAccessKey: Self.secret, sessionToken: "token"))
        await #expect(
            throws: AWSCredentialsError.notFound(
                source: "environment variables", reason: "AWS_ACCESS_KEY_ID is not set")
        ) {
            try await EnvironmentCredentialsProvider(environment: [:]).credentials()
        }
        await #expect {
            try await EnvironmentCredentialsProvider(environment: ["AWS_ACCESS_KEY_ID": "AKID"]).credentials()
        } throws: { error in
            guard case AWSCredentialsError.incomplete = error else { return false }
            return !"\(error)".contains(Self.secret)
        }
    }

    @Test func sharedFilesHonourProfileVariablesAndPrecedence() async throws {
        let folder = try Self.folder([
            "credentials": """
            # comment
            [default]
            aws_access_key_id = AKIDDEFAULT
            aws_secret_access_key = \(Self.secret)

            [work]
            aws_access_key_id=AKIDWORK
            aws_secret_access_key =  secretFromCredentials  ; not a comment here
            """,
            "config": """
            [default]
            region = us-east-1
            [profile work]
            aws_secret_access_key = secretFromConfig
            aws_session_token = tokenFromConfig
            s3 =
              max_concurrent_requests = 10
            [sso-session corp]
            sso_region = us-east-1
            """,
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let environment = [
            "AWS_SHARED_CREDENTIALS_FILE": folder.appendingPathComponent("credentials").path,
            "AWS_CONFIG_FILE": folder.appendingPathComponent("config").path,
        ]
        let defaults = try await SharedFileCredentialsProvider(environment: environment).credentials()
        #expect(defaults == AWSCredentials(accessKeyId: "AKIDDEFAULT", secretAccessKey: Self.secret))
        var withProfile = environment
        withProfile["AWS_PROFILE"] = "work"
        let work = try await SharedFileCredentialsProvider(environment: withProfile).credentials()
        #expect(work.accessKeyId == "AKIDWORK")
        #expect(work.secretAccessKey == "secretFromCredentials  ; not a comment here")
        #expect(work.sessionToken == "tokenFromConfig")
        await #expect {
            try await SharedFileCredentialsProvider(profile: "missing", environment: environment).credentials()
        } throws: { error in
            guard let error = error as? AWSCredentialsError, error.allowsNextProvider else { return false }
            return "\(error)".contains("\"missing\"")
        }
    }

    @Test(arguments: [
        ("aws_access_key_id = AKID\n", 1, "outside any [section]"),
        ("[default\naws_access_key_id = AKID\n", 1, "closing"),
        ("[default]\naws_access_key_id AKID\n", 2, "key = value"),
        ("[default]\n\n= \(secret)\n", 3, "empty key"),
        ("[]\n", 1, "empty section"),
    ])
    func malformedFilesNameFileAndLineButNotTheSecret(text: String, line: Int, problem: String) async throws {
        let folder = try Self.folder(["credentials": text])
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("credentials").path
        let provider = SharedFileCredentialsProvider(environment: [
            "AWS_SHARED_CREDENTIALS_FILE": path, "AWS_CONFIG_FILE": "/nonexistent/config",
        ])
        await #expect {
            try await provider.credentials()
        } throws: { error in
            let text = "\(error)"
            return text.hasPrefix("\(path):\(line): ") && text.contains(problem) && !text.contains(Self.secret)
        }
    }

    /// Hands out numbered credentials that expire `lifetime` seconds after the fake clock's now.
    final class CountingProvider: AWSCredentialsProvider {
        let calls = Locked(0)
        let clock: FakeClock
        let lifetime: TimeInterval
        init(clock: FakeClock, lifetime: TimeInterval) {
            self.clock = clock
            self.lifetime = lifetime
        }
        func credentials() async throws -> AWSCredentials {
            let call = calls.withLock {
                $0 += 1
                return $0
            }
            return AWSCredentials(
                accessKeyId: "AKID\(call)", secretAccessKey: "secret",
                expiration: clock.now().addingTimeInterval(lifetime))
        }
    }

    final class FakeClock: Sendable {
        let time = Locked(Date(timeIntervalSince1970: 1_700_000_000))
        func now() -> Date { time.withLock { $0 } }
        func advance(_ seconds: TimeInterval) { time.withLock { $0 = $0.addingTimeInterval(seconds) } }
    }

    @Test func chainUsesTheFirstProviderWithCredentialsAndRefreshesBeforeExpiry() async throws {
        let clock = FakeClock()
        let counting = CountingProvider(clock: clock, lifetime: 3600)
        let chain = CredentialsProviderChain(
            [EnvironmentCredentialsProvider(environment: [:]), counting], refreshMargin: 300, now: { clock.now() })
        #expect(try await chain.credentials().accessKeyId == "AKID1")
        clock.advance(3000)  // 600 s left: still fresh
        #expect(try await chain.credentials().accessKeyId == "AKID1")
        clock.advance(301)  // 299 s left: inside the refresh margin
        #expect(try await chain.credentials().accessKeyId == "AKID2")
        #expect(counting.calls.withLock { $0 } == 2)
        await chain.invalidate()
        #expect(try await chain.credentials().accessKeyId == "AKID3")
    }

    @Test func chainStopsAtIncompleteCredentialsAndListsEveryReasonWhenNoneFound() async throws {
        let incomplete = CredentialsProviderChain([
            EnvironmentCredentialsProvider(environment: ["AWS_ACCESS_KEY_ID": "AKID"]),
            StaticCredentialsProvider(AWSCredentials(accessKeyId: "AKIDSTATIC", secretAccessKey: "s")),
        ])
        await #expect {
            try await incomplete.credentials()
        } throws: { error in
            guard case AWSCredentialsError.incomplete = error else { return false }
            return true
        }
        let empty = CredentialsProviderChain([
            EnvironmentCredentialsProvider(environment: [:]),
            SharedFileCredentialsProvider(environment: [
                "AWS_SHARED_CREDENTIALS_FILE": "/nonexistent/credentials", "AWS_CONFIG_FILE": "/nonexistent/config",
            ]),
        ])
        await #expect {
            try await empty.credentials()
        } throws: { error in
            guard case AWSCredentialsError.noProviderHadCredentials(let reasons) = error else { return false }
            return reasons.count == 2 && "\(error)".contains("/nonexistent/credentials")
        }
    }
}
