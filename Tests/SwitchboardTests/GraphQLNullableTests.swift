import Foundation
import Testing

@testable import Switchboard

/// Absent, null and value inputs as generated variables and input objects encode them.
@Suite struct GraphQLNullableTests {
    struct Input: Encodable, Equatable {
        var name: GraphQLNullable<String> = nil
        var count: GraphQLNullable<Int> = nil
        var ratio: GraphQLNullable<Double> = nil
        var done: GraphQLNullable<Bool> = nil
        var tags: GraphQLNullable<[String]> = nil
        var list: [GraphQLNullable<Int>] = []
    }

    @Test func absentFieldsAreLeftOut() throws {
        #expect(try JSONValue(encoding: Input()) == ["list": []])
    }

    @Test func nullAndValuesAreSent() throws {
        let input = Input(name: .null, count: 3, ratio: 0.5, done: true, tags: ["a", "b"], list: [1, .null, nil])
        let expected: JSONValue = [
            "name": .null, "count": 3, "ratio": 0.5, "done": true, "tags": ["a", "b"], "list": [1, .null, .null],
        ]
        #expect(try JSONValue(encoding: input) == expected)
    }

    @Test func literalsMakeValues() {
        let name: GraphQLNullable<String> = "R2"
        let character: GraphQLNullable<String> = "R"
        #expect(name == .value("R2"))
        #expect(character == .value("R"))
        #expect(GraphQLNullable<Int>(nilLiteral: ()) == .absent)
    }
}
