import Foundation
import Switchboard
import Testing

/// The JSONTestSuite parsing cases (github.com/nst/JSONTestSuite, `test_parsing`): every `y_` file
/// accepted, every `n_` file rejected, and no crash on any `i_` file, by both readers —
/// `JSONValue(parsing:)` and `JSONBytesDecoder`. The files come from PyPI (the `pyjson5` source
/// distribution packages the suite): `scripts/interop jsontestsuite` fetches them into
/// `.venv-interop/JSONTestSuite` and runs this suite; `SWITCHBOARD_JSON_TEST_SUITE` may name
/// another copy of `test_parsing`. Without them the suite is skipped.
@Suite(
    .enabled(
        if: JSONTestSuiteFiles.directory != nil,
        "the JSONTestSuite files are absent (scripts/interop jsontestsuite fetches them)"))
struct JSONTestSuiteTests {
    private static func cases(_ prefix: String) throws -> [(name: String, bytes: Data)] {
        guard let directory = JSONTestSuiteFiles.directory else { return [] }
        return try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }.sorted()
            .map { ($0, try Data(contentsOf: directory.appendingPathComponent($0))) }
    }

    /// Whether each reader accepts `bytes`: `JSONValue(parsing:)`, and `JSONBytesDecoder`
    /// decoding a `JSONValue`.
    private static func verdicts(_ bytes: Data) -> (value: Bool, decoder: Bool) {
        let value = (try? JSONValue(parsing: bytes)) != nil
        let decoder = (try? JSONBytesDecoder().decode(JSONValue.self, from: bytes)) != nil
        return (value, decoder)
    }

    @Test func everyYesCaseIsAccepted() throws {
        let cases = try Self.cases("y_")
        #expect(cases.count >= 95)
        for (name, bytes) in cases {
            let verdicts = Self.verdicts(bytes)
            #expect(verdicts.value, "JSONValue(parsing:) rejected \(name)")
            #expect(verdicts.decoder, "JSONBytesDecoder rejected \(name)")
        }
    }

    @Test func everyNoCaseIsRejected() throws {
        let cases = try Self.cases("n_")
        #expect(cases.count >= 188)
        for (name, bytes) in cases {
            let verdicts = Self.verdicts(bytes)
            #expect(!verdicts.value, "JSONValue(parsing:) accepted \(name)")
            #expect(!verdicts.decoder, "JSONBytesDecoder accepted \(name)")
        }
    }

    /// The suite leaves these to the parser: both readers must agree, and must not crash. Those
    /// accepted (numbers past Double's range or Int64's, escaped lone surrogates, 500 nested
    /// arrays) are printed; invalid UTF-8 and non-UTF-8 encodings are rejected.
    @Test func everyImplementationDefinedCaseGetsTheSameVerdictFromBothReaders() throws {
        let cases = try Self.cases("i_")
        #expect(cases.count >= 35)
        var accepted: [String] = []
        for (name, bytes) in cases {
            let verdicts = Self.verdicts(bytes)
            #expect(verdicts.value == verdicts.decoder, "the readers disagree on \(name)")
            if verdicts.value { accepted.append(name) }
        }
        print("JSONTestSuite i_ cases accepted: \(accepted.joined(separator: ", "))")
    }
}

/// Where the JSONTestSuite's `test_parsing` files are, if anywhere.
enum JSONTestSuiteFiles {
    static let directory: URL? = {
        let environment = ProcessInfo.processInfo.environment["SWITCHBOARD_JSON_TEST_SUITE"]
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let candidate =
            environment.map { URL(fileURLWithPath: $0) }
            ?? packageRoot.appendingPathComponent(".venv-interop/JSONTestSuite/test_parsing")
        return FileManager.default.fileExists(atPath: candidate.path) ? candidate : nil
    }()
}
