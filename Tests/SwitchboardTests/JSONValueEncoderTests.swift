import Foundation
import Testing

@testable import Switchboard

/// `JSONValue(encoding:)` encodes straight into a tree; it must give what `JSONEncoder` writes
/// and the parser reads back, for every kind of value requests and models carry.
@Suite struct JSONValueEncoderTests {
    enum Priority: String, Encodable {
        case low = "LOW"
        case high = "HIGH"
    }

    struct Nested: Encodable {
        var id: String
        var tags: [String]
        var counts: [String: Int]
        var positions: [Int: String]
        var note: String?
        var priority: Priority
    }

    struct Everything: Encodable {
        var text = "héllo \"quoted\" ✓"
        var flag = true
        var int = -42
        var int8: Int8 = -8
        var uint64: UInt64 = 1 << 52
        var double = 0.1
        var float: Float = 0.1
        var decimal = Decimal(string: "12.345")!
        var date = Date(timeIntervalSince1970: 1_700_000_000.5)
        var data = Data([0, 1, 2, 250])
        var url = URL(string: "https://example.com/a?b=c")!
        var missing: Int? = nil
        var explicitNull: Int?? = .some(nil)
        var nested = Nested(
            id: "n1", tags: ["a", "b"], counts: ["x": 1], positions: [2: "two"], note: nil, priority: .high)
        var list: [Nested?] = [nil]
        var empty: [String: String] = [:]
        var nullable: GraphQLNullable<String> = .null
        var absent: GraphQLNullable<String> = .absent
        var temporal = try! Temporal.DateTime(iso8601String: "2026-12-02T10:00:00.000Z")
    }

    @Test func everyKindOfValueEncodesAsJSONEncoderWritesIt() throws {
        let value = Everything()
        let expected = try JSONValue(parsing: JSONEncoder().encode(value))
        #expect(try JSONValue(encoding: value) == expected)
        #expect(try JSONValue(encoding: [value, value]) == JSONValue(parsing: JSONEncoder().encode([value, value])))
        #expect(try JSONValue(encoding: "top") == "top")
        #expect(try JSONValue(encoding: 7) == 7)
    }

    /// Writes two keyed containers into one object, as generated mutable data does.
    struct Merged: Encodable {
        enum First: String, CodingKey { case a, shared }
        enum Second: String, CodingKey { case b, shared }
        func encode(to encoder: any Encoder) throws {
            var first = encoder.container(keyedBy: First.self)
            try first.encode(1, forKey: .a)
            try first.encode("old", forKey: .shared)
            var second = encoder.container(keyedBy: Second.self)
            try second.encode(2, forKey: .b)
            try second.encode("new", forKey: .shared)
            var nested = second.nestedUnkeyedContainer(forKey: .b)
            try nested.encode(true)
            var superEncoder = first.superEncoder().singleValueContainer()
            try superEncoder.encode("base")
        }
    }

    @Test func keyedContainersAtOnePositionMergeAndTheLaterValueWins() throws {
        #expect(try JSONValue(encoding: Merged()) == ["a": 1, "shared": "new", "b": [true], "super": "base"])
    }

    @Test func aNumberThatIsNotFiniteIsRefusedWithItsPath() throws {
        struct Bad: Encodable { var values = [1.0, .infinity] }
        do {
            _ = try JSONValue(encoding: Bad())
            Issue.record("an infinite number was encoded")
        } catch let EncodingError.invalidValue(_, context) {
            #expect(context.codingPath.map(\.stringValue) == ["values", "1"])
        }
    }
}
