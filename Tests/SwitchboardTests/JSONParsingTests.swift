import Foundation
import Switchboard
import TestSupport
import Testing

/// `JSONValue(parsing:)` is Switchboard's own strict reader: cases in the style of JSONTestSuite's
/// y_ (accepted) and n_ (rejected) files, and the values and error positions it reports.
@Suite struct JSONParsingTests {
    static let accepted: [(String, JSONValue)] = [
        ("-0.0e-7", .number(-0.0)),  // found by scripts/fuzz json: Foundation's JSONDecoder rejects it
        ("[-0.0e-7]", [.number(-0.0)]),
        (" 1E+2 ", 100), ("0.5e-1", 0.05), ("-0", .number(-0.0)),
        (#""\u00e9\uD834\uDD1E\n\t\"\\\/""#, "é𝄞\n\t\"\\/"),
        (#"{"a":1,"a":2}"#, ["a": 2]),  // duplicate keys: the last one wins
        (#"{"é":"ü"}"#, ["é": "ü"]), ("[]", []), ("{}", [:]), ("\n\r\t null \n", nil),
        ("[true,false,null]", [true, false, nil]), (#"{"\u0000":""}"#, ["\u{0}": ""]),
        (#""\uD834 \uDD1E\ud83d""#, "\u{FFFD} \u{FFFD}\u{FFFD}"),  // unpaired surrogates
    ]

    static let rejected: [(text: String, offset: Int, reason: String)] = [
        ("", 0, "the body is empty"), ("[1,]", 2, "trailing comma"), ("{\"a\":1,}", 6, "trailing comma"),
        ("01", 1, "after the JSON value"), ("1.", 2, "expected a digit after '.'"), (".5", 0, "expected a value"),
        ("1e", 2, "expected a digit in the exponent"), ("+1", 0, "expected a value"), ("[1 2]", 3, "expected ','"),
        ("{\"a\" 1}", 5, "expected ':'"), ("{a:1}", 1, "expected a string key"), ("\"\\x\"", 2, "invalid escape"),
        ("\"\\u12\"", 5, "invalid \\u escape"), ("\"a\u{1}\"", 2, "unescaped control character"),
        ("\"abc", 4, "unterminated string"), ("tru", 0, "expected a value"), ("NaN", 0, "expected a value"),
        ("// x\n1", 0, "comments"), ("[1] [2]", 4, "after the JSON value"),
        ("[-1e400]", 1, "beyond the range of a Double"),
    ]

    @Test(arguments: accepted) func acceptsValidJSON(_ text: String, _ expected: JSONValue) throws {
        let value = try JSONValue(parsing: Data(text.utf8))
        #expect(value == expected, "\(text)")
        if case .number(let number) = expected, number == 0 {
            #expect(value.doubleValue?.sign == number.sign, "the sign of zero is kept")
        }
    }

    @Test(arguments: rejected) func rejectsInvalidJSONAtItsOffset(_ text: String, offset: Int, reason: String) {
        #expect {
            try JSONValue(parsing: Data(text.utf8))
        } throws: { error in
            guard let error = error as? JSONParsingError else { return false }
            return error.byteOffset == offset && error.reason.contains(reason)
        }
    }

    @Test func errorsNameLineAndColumn() throws {
        let text = "{\n  \"a\": 1,\n  \"b\" 2\n}"
        let error = try #require(throws: JSONParsingError.self) { try JSONValue(parsing: Data(text.utf8)) }
        #expect((error.line, error.column) == (3, 7))
        #expect(error.description == "line 3, column 7 (byte 18): expected ':', found character '2'")
    }

    @Test func invalidUTF8IsReportedAtItsByte() throws {
        let bytes: [UInt8] = Array("[\"ok\",\"".utf8) + [0xC3, 0x28] + Array("\"]".utf8)
        let error = try #require(throws: JSONParsingError.self) { try JSONValue(parsing: Data(bytes)) }
        #expect(error.byteOffset == 7)
        #expect(error.reason == "invalid UTF-8")
    }

    @Test func nestingIsLimited() throws {
        let deep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        let error = try #require(throws: JSONParsingError.self) { try JSONValue(parsing: Data(deep.utf8)) }
        #expect(error.reason == "nesting deeper than 512 levels")
        let allowed = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(throws: Never.self) { try JSONValue(parsing: Data(allowed.utf8)) }
    }

    /// Random documents written by JSONSerialization parse to the values it was given.
    @Test func agreesWithJSONSerializationOnRandomDocuments() throws {
        var generator = SplitMix64(seed: 0x5EED)
        for _ in 0..<300 {
            let value = Self.randomValue(depth: 0, using: &generator)
            let data = try JSONSerialization.data(
                withJSONObject: Self.foundationObject(value), options: .fragmentsAllowed)
            #expect(try JSONValue(parsing: data) == value)
        }
    }

    private static func foundationObject(_ value: JSONValue) -> Any {
        switch value {
        case .array(let elements): return elements.map(foundationObject)
        case .boolean(let flag): return flag
        case .number(let number): return number
        case .object(let members): return members.mapValues(foundationObject)
        case .string(let text): return text
        case .null: return NSNull()
        }
    }

    static func randomValue(depth: Int, using generator: inout SplitMix64) -> JSONValue {
        switch Int.random(in: depth > 3 ? 0..<4 : 0..<6, using: &generator) {
        case 0: return .number(Double(Int.random(in: -1_000_000...1_000_000, using: &generator)) / 64)
        case 1: return .boolean(Bool.random(using: &generator))
        case 2: return .null
        case 3:
            let scalars = ["a", "é", "\"", "\\", "\n", "\u{1}", "𝄞", "/", " "]
            return .string(
                (0..<Int.random(in: 0..<8, using: &generator)).map { _ in scalars.randomElement(using: &generator)! }
                    .joined())
        case 4:
            return .array(
                (0..<Int.random(in: 0..<4, using: &generator)).map { _ in
                    randomValue(depth: depth + 1, using: &generator)
                })
        default:
            var members: [String: JSONValue] = [:]
            for index in 0..<Int.random(in: 0..<4, using: &generator) {
                members["k\(index)\(["", "é", "\\\""][index % 3])"] = randomValue(depth: depth + 1, using: &generator)
            }
            return .object(members)
        }
    }
}
