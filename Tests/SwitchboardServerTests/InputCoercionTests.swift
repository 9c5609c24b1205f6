import GraphQLLanguage
import Testing

@testable import SwitchboardServer

/// Variables coerced to input objects: members in the order the type declares its fields,
/// defaults for absent ones, absent stays absent, and the spec's errors in graphql-java's words.
@Suite struct InputCoercionTests {
    static let schema = try! Schema(
        sdl: """
            enum Size { SMALL LARGE }
            input Options { b: Int = 2 a: String c: Int! d: [Int] = [1] size: Size inner: Options }
            type Query { search(options: Options): Int }
            """)

    func coerce(_ value: JSON) throws(InputProblem) -> JSON {
        let executor = Executor<Void>(schema: Self.schema, resolvers: ResolverRegistry())
        return try executor.coercion.coerce(value, to: .named("Options"))
    }

    @Test func membersComeOutInDeclarationOrderWithDefaults() throws {
        let coerced = try coerce(["size": "LARGE", "c": 3, "a": "x", "inner": ["c": 1, "b": nil]])
        #expect(coerced.text == #"{"b":2,"a":"x","c":3,"d":[1],"size":"LARGE","inner":{"b":null,"c":1,"d":[1]}}"#)
    }

    @Test func unknownMembersAbsentNonNullsAndBadEnumsAreRefused() {
        let cases: [(JSON, InputProblem)] = [
            (
                ["c": 1, "zzz": 1, "a": 5],
                .invalid(
                    "The variables input contains a field name 'zzz' that is not defined for input object type 'Options' "
                )
            ),
            (["a": "x"], .nullForNonNull(.nonNull(.named("Int")))),
            (["c": nil], .nullForNonNull(.nonNull(.named("Int")))),
            (["c": 1, "inner": ["a": "y"]], .nullForNonNull(.nonNull(.named("Int")))),
            (
                ["c": 1, "size": "HUGE"],
                .invalid("Invalid input for enum 'Size'. No value found for name 'HUGE'")
            ),
            ("text", .invalid("Expected type 'Map' but was 'String'.")),
        ]
        for (value, expected) in cases {
            #expect(throws: expected, "\(value.text)") { try coerce(value) }
        }
    }
}
