import Foundation
import TestSupport
import Testing

/// The full AppSync schemas of two test schemas, compared byte for byte with reviewed golden files
/// in `Golden/`. A change in output is a reviewed change: run with `SWITCHBOARD_UPDATE_GOLDENS=1`
/// to rewrite them, then read the diff.
@Suite struct GoldenFileTests {
    static let goldenFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Golden")

    @Test(.requiresSharedTestData("amplify-schemas"), arguments: ["transformer-v2", "primarykey-basic"])
    func appSyncSchemaMatchesTheGoldenFile(name: String) throws {
        guard let text = try AmplifySchemaFiles.text("\(name).graphql") else { return }
        let schema = try Transform.output(text).appSyncSchema
        let golden = Self.goldenFolder.appendingPathComponent("\(name).appsync.graphql")
        if ProcessInfo.processInfo.environment["SWITCHBOARD_UPDATE_GOLDENS"] == "1" {
            try Data(schema.utf8).write(to: golden, options: .atomic)
            print("rewrote \(golden.path)")
            return
        }
        let expected = try String(contentsOf: golden, encoding: .utf8)
        if schema != expected {
            let produced = schema.split(separator: "\n", omittingEmptySubsequences: false)
            let wanted = expected.split(separator: "\n", omittingEmptySubsequences: false)
            let line =
                zip(produced, wanted).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(produced.count, wanted.count)
            Issue.record(
                """
                \(name): output differs from \(golden.lastPathComponent) at line \(line + 1):
                  golden:   \(line < wanted.count ? wanted[line] : "<end>")
                  produced: \(line < produced.count ? produced[line] : "<end>")
                Rerun with SWITCHBOARD_UPDATE_GOLDENS=1 to rewrite the golden files, then review the diff.
                """)
        }
    }
}
