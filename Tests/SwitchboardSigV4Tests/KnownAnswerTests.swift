import Foundation
import Testing

@testable import SwitchboardSigV4

/// Known answers committed with the project, so the suite means something without ../shared:
/// each expected value was computed once by botocore 1.44.5 from the same inputs.
@Suite struct KnownAnswerTests {
    static let time = Date(timeIntervalSince1970: 1_795_426_200)  // 2026-11-23T09:30:00Z
    static let secret = "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY"
    static let token = "IQoJb3JpZ2luX2VjEXAMPLETOKEN+/=="
    static let apiHost = "example1234567890000.appsync-api.us-east-1.amazonaws.com"

    static func credentials(token: String? = token) -> AWSCredentials {
        AWSCredentials(accessKeyId: "AKIDEXAMPLE", secretAccessKey: secret, sessionToken: token)
    }

    @Test func timestampFormatsAndParses() {
        #expect(SigV4Timestamp(Self.time).amzDate == "20261123T093000Z")
        #expect(SigV4Timestamp(amzDate: "20261123T093000Z")?.date == Self.time)
        #expect(SigV4Timestamp(amzDate: "20240229T000000Z") != nil)
        #expect(SigV4Timestamp(amzDate: "20230229T000000Z") == nil)
        #expect(SigV4Timestamp(amzDate: "2026-11-23T09:30:00Z") == nil)
        #expect(SigV4Timestamp(Date(timeIntervalSince1970: 0)).amzDate == "19700101T000000Z")
        #expect(SigV4Timestamp(Date(timeIntervalSince1970: 951_782_400)).amzDate == "20000229T000000Z")
    }

    @Test func appSyncHandshakeObject() throws {
        let object = try AppSyncIAMAuthorization(apiHost: Self.apiHost, region: "us-east-1")
            .handshake(credentials: Self.credentials(), date: Self.time)
        #expect(
            object["Authorization"]
                == "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20261123/us-east-1/appsync/aws4_request, "
                + "SignedHeaders=accept;content-encoding;content-type;host;x-amz-date;x-amz-security-token, "
                + "Signature=736bca705a543c6321e8367c783b7031e07cda926b2ecfe15aed90c9bee79f4b")
        #expect(
            Set(object.keys) == [
                "accept", "content-encoding", "content-type", "host", "x-amz-date", "Authorization",
                "X-Amz-Security-Token",
            ])
        #expect(object["host"] == Self.apiHost)
        #expect(object["x-amz-date"] == "20261123T093000Z")
        #expect(object["X-Amz-Security-Token"] == Self.token)
    }

    @Test func appSyncStartObject() throws {
        let data = #"{"query":"subscription OnCreateTodo { onCreateTodo { id name } }","variables":{}}"#
        let object = try AppSyncIAMAuthorization(apiHost: Self.apiHost, region: "us-east-1")
            .start(data: data, credentials: Self.credentials(token: nil), date: Self.time)
        #expect(
            object["Authorization"]
                == "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20261123/us-east-1/appsync/aws4_request, "
                + "SignedHeaders=accept;content-encoding;content-type;host;x-amz-date, "
                + "Signature=b24eaf4cd6fe66d44dc91126738b2917cf165c6c70fdd1ad53c782dc140d3611")
        #expect(object["X-Amz-Security-Token"] == nil)
        #expect(object.count == 6)
    }

    @Test func headerSigningWithUnicodePathRepeatedKeysAndFoldedDuplicates() throws {
        var request = try SigV4Request(
            method: "POST", url: URL(string: "https://api.example.com:8443/v1/%E2%9C%93/graphql?b=2&a=1&a=0")!,
            headers: [
                .init("Content-Type", "application/json"), .init("x-api-key", "da2-x"),
                .init("X-Trace", "  one   two\tthree "), .init("x-trace", "second"),
            ], body: Array(#"{"query":"{ ping }"}"#.utf8))
        let signature = try SigV4Signer().sign(
            &request, credentials: Self.credentials(), region: "eu-west-2", service: "execute-api", date: Self.time)
        #expect(
            signature.authorization
                == "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20261123/eu-west-2/execute-api/aws4_request, "
                + "SignedHeaders=content-type;host;x-amz-date;x-amz-security-token;x-api-key;x-trace, "
                + "Signature=a5188f92937a3d1cd6a43e1244d1df8ff2c86d5cc1f64685d7ed847e61ad1059")
        #expect(signature.canonicalRequest.contains("\n/v1/%25E2%259C%2593/graphql\na=0&a=1&b=2\n"))
        #expect(signature.canonicalRequest.contains("\nhost:api.example.com:8443\n"))
        #expect(signature.canonicalRequest.contains("\nx-trace:one two three,second\n"))
        #expect(request.value(forHeader: "Authorization") == signature.authorization)
        #expect(request.value(forHeader: "X-Amz-Security-Token") == Self.token)
    }

    @Test func dotSegmentsAndEmptySegmentsAreRemoved() throws {
        var request = try SigV4Request(
            method: "GET", url: URL(string: "https://example.amazonaws.com/a/./b/../c//d%2Fe/")!)
        let signature = try SigV4Signer().sign(
            &request, credentials: Self.credentials(token: nil), region: "us-east-1", service: "service",
            date: Self.time)
        #expect(signature.canonicalRequest.hasPrefix("GET\n/a/c/d%252Fe/\n\n"))
        #expect(signature.signature == "507a124a112e80c9ca201bca2355a621f957e52ccb40d4dccad8b39458ceed65")
    }

    @Test func presignedURLWithSessionToken() throws {
        var request = try SigV4Request(
            method: "GET", url: URL(string: "https://example.amazonaws.com/path?x=1")!,
            headers: [.init("X-Custom", "v")])
        try SigV4Signer().presign(
            &request, credentials: Self.credentials(), region: "ap-southeast-2", service: "service", expires: 300,
            date: Self.time)
        #expect(
            request.target
                == "/path?x=1&X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIDEXAMPLE%2F20261123%2Fap-southeast-2"
                + "%2Fservice%2Faws4_request&X-Amz-Date=20261123T093000Z&X-Amz-Expires=300&X-Amz-SignedHeaders=host"
                + "%3Bx-custom&X-Amz-Security-Token=IQoJb3JpZ2luX2VjEXAMPLETOKEN%2B%2F%3D%3D"
                + "&X-Amz-Signature=d9370a109fe73127b1f8fd00b0e4df7669f489207ec79feb95fb7dd8e410619f")
    }

    @Test func debugReportRedactsTheSessionTokenAndNeverHoldsTheSecret() throws {
        var request = try SigV4Request(method: "GET", url: URL(string: "https://example.amazonaws.com/")!)
        let signature = try SigV4Signer().sign(
            &request, credentials: Self.credentials(), region: "us-east-1", service: "service", date: Self.time)
        #expect(signature.canonicalRequest.contains(Self.token))
        #expect(!signature.debugReport.contains(Self.token))
        #expect(!signature.debugReport.contains(Self.secret))
        #expect(signature.debugReport.contains("<session token redacted, 32 bytes>"))
        #expect(signature.debugReport.contains("Authorization: AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/"))
    }

    @Test func signingErrorsAreTyped() throws {
        var noHost = SigV4Request(method: "GET", path: "/")
        #expect(throws: SigV4Error.missingHostHeader) {
            try SigV4Signer().sign(&noHost, credentials: Self.credentials(), region: "r", service: "s")
        }
        var request = try SigV4Request(method: "GET", url: URL(string: "https://example.com/")!)
        #expect(throws: SigV4Error.invalidExpiration(0)) {
            try SigV4Signer().presign(&request, credentials: Self.credentials(), region: "r", service: "s", expires: 0)
        }
        #expect(throws: SigV4Error.emptyScope(field: "region")) {
            try SigV4Signer().sign(&request, credentials: Self.credentials(), region: "", service: "s")
        }
    }

    @Test func signingKeysAreCachedPerDayRegionAndService() {
        let signer = SigV4Signer()
        var first = signer.signingKey(
            secretAccessKey: Self.secret, dateStamp: "20150830", region: "us-east-1", service: "iam")
        first.update("x")
        // The AWS documentation's example signing key for these inputs.
        var fresh = HMACSHA256(
            key: Hex.decode("c4afb1cc5771d871763a393e44b703571b55cc28424d1a5e86da6ed3c154a4b9")!)
        fresh.update("x")
        #expect(first.finalize() == fresh.finalize())
        var again = signer.signingKey(
            secretAccessKey: Self.secret, dateStamp: "20150830", region: "us-east-1", service: "iam")
        again.update("x")
        #expect(again.finalize() == fresh.finalize())
        var otherDay = signer.signingKey(
            secretAccessKey: Self.secret, dateStamp: "20150831", region: "us-east-1", service: "iam")
        otherDay.update("x")
        #expect(otherDay.finalize() != fresh.finalize())
    }
}
