import Foundation
import Switchboard
import TestSupport
import Testing

@testable import SwitchboardMock

/// Deep nesting is a clear error at the first collection too deep (it used to overflow the stack),
/// and configuration loading is linear in the number of keys (40,000 keys used to take 50 s).
struct YAMLParserLimitsTests {
    /// Nested `levels` deep, in each of the syntaxes that nest.
    static func nested(_ levels: Int, style: String) -> String {
        switch style {
        case "block mapping":
            return (0..<levels).map { String(repeating: " ", count: $0) + "k:\n" }.joined()
                + String(repeating: " ", count: levels) + "leaf: 1\n"
        case "block sequence": return String(repeating: "- ", count: levels) + "leaf\n"
        case "flow sequence": return String(repeating: "[", count: levels) + String(repeating: "]", count: levels)
        default: return String(repeating: "{a: ", count: levels) + "1" + String(repeating: "}", count: levels)
        }
    }

    static let styles = ["block mapping", "block sequence", "flow sequence", "flow mapping"]

    @Test(arguments: styles)
    func nestingBeyondTheLimitIsAClearError(style: String) async throws {
        // Parsed on a task, where stacks are smallest; this deep overflowed them before. (Block
        // mappings nest by indentation, so their text grows with the square of the depth.)
        let levels = style == "block mapping" ? 2_000 : 100_000
        let source = Self.nested(levels, style: style)
        let outcome = await Task.detached { () -> Result<YAMLNode, YAMLError> in
            do throws(YAMLError) {
                return .success(try YAMLParser.parse(source, file: "deep.yaml"))
            } catch {
                return .failure(error)
            }
        }.value
        guard case .failure(let error) = outcome else {
            Issue.record("a document nested \(levels) levels deep parsed")
            return
        }
        #expect(error.message == "collections nest deeper than 128 levels; flatten the document")
        #expect(error.file == "deep.yaml")
    }

    @Test(arguments: styles)
    func nestingUpToTheLimitParses(style: String) throws {
        #expect(throws: Never.self) { _ = try YAMLParser.parse(Self.nested(127, style: style)) }
        #expect(throws: YAMLError.self) { _ = try YAMLParser.parse(Self.nested(129, style: style)) }
        #expect(throws: Never.self) { _ = try YAMLParser.parse(Self.nested(500, style: style), maximumDepth: 600) }
    }

    @Test func aDeeplyNestedConfigurationFileNamesTheFileAndPosition() {
        // Four levels of endpoint structure hold the body, so its 125th bracket is the 129th level.
        let source =
            "- http: {api: get /deep}\n  response:\n    body:\n      json: " + Self.nested(200, style: "flow sequence")
        #expect {
            _ = try MockConfiguration.parse(source, file: "deep.yaml", baseDirectory: URL(fileURLWithPath: "/"))
        } throws: { error in
            "\(error)" == "deep.yaml:4:137: collections nest deeper than 128 levels; flatten the document"
        }
    }

    /// 60,000 keys in one mapping, block and flow: the old duplicate-key check compared every key
    /// with every earlier one (40,000 keys: 50 s in a debug build). The deadline only detects that.
    @Test(arguments: ["block", "flow"])
    func loadingIsLinearInTheNumberOfKeys(style: String) async throws {
        let count = 60_000
        let body =
            style == "block"
            ? (0..<count).map { "        key\($0): \($0)\n" }.joined()
            : "        {" + (0..<count).map { "key\($0): \($0)" }.joined(separator: ", ") + "}\n"
        let source = "- http: {api: get /big}\n  response:\n    body:\n      json:\n" + body
        let endpoints = try await resultUnlessHung(onThread: {
            try MockConfiguration.parse(source, file: "big.yaml", baseDirectory: URL(fileURLWithPath: "/"))
        })
        let endpoint = try #require(endpoints?.first as? HTTPEndpoint, "loading 60,000 keys did not finish in 60 s")
        guard case .json(.object(let members)) = endpoint.response.body else {
            Issue.record("expected a JSON object body")
            return
        }
        #expect(members.count == count)
        #expect(members["key59999"] == 59_999)
    }
}
