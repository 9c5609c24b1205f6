import Foundation
import Switchboard
import Testing

@Suite struct JSONValueTests {
    @Test func literalsBuildEveryKind() {
        let value: JSONValue = ["s": "x", "i": 1, "d": 1.5, "b": true, "n": nil, "a": [1, "two"]]
        #expect(value["s"] == .string("x"))
        #expect(value["i"] == .number(1))
        #expect(value["d"]?.doubleValue == 1.5)
        #expect(value["b"]?.booleanValue == true)
        #expect(value["n"]?.isNull == true)
        #expect(value["a"]?[1]?.stringValue == "two")
        #expect(value.s?.stringValue == "x")
    }

    @Test func valueAtKeyPathWalksObjectsAndArrays() {
        let value: JSONValue = ["listTodos": ["items": [["name": "a"], ["name": "b"]]]]
        #expect(value.value(at: "listTodos.items.1.name") == "b")
        #expect(value.value(at: "listTodos.missing") == nil)
        #expect(value.value(at: "") == value)
        #expect(value.value(at: "listTodos.items.7") == nil)
    }

    @Test func decodesAndEncodesRoundTrip() throws {
        let text = #"{"a":[1,2.5,"x",true,null],"b":{"c":-3}}"#
        let value = try JSONValue(parsing: Data(text.utf8))
        #expect(value.jsonText == text)
        let reencoded = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(value))
        #expect(reencoded == value)
    }

    @Test func serializationEscapesControlCharactersAndQuotes() throws {
        let value: JSONValue = ["k": "a\"b\\c\n\u{01}é\t\r\u{1F}", "plain": "no escapes ✓"]
        let text = String(decoding: try value.serializedData(), as: UTF8.self)
        #expect(text == #"{"k":"a\"b\\c\n\u0001é\t\r\u001f","plain":"no escapes ✓"}"#)
        #expect(try JSONValue(parsing: Data(text.utf8)) == value)
    }

    @Test func serializationRejectsNonFiniteNumbersWithPath() {
        let value: JSONValue = ["input": ["score": .number(.nan)]]
        #expect(throws: JSONSerializationFailure.self) { try value.serializedData() }
        do {
            _ = try value.serializedData()
        } catch {
            #expect(error.path == "input.score")
        }
        let inList: JSONValue = ["a": 1, "list": [1, .number(.infinity)]]
        do {
            _ = try inList.serializedData()
            Issue.record("an infinite number was written")
        } catch {
            #expect(error.path == "list.1")
        }
        #expect(value.jsonText == #"{"input":{"score":null}}"#)
    }

    @Test func initFromEncodableAndDecodeBack() throws {
        struct Todo: Codable, Equatable {
            let id: String
            let priority: Int?
        }
        let value = try JSONValue(encoding: Todo(id: "1", priority: 3))
        #expect(value == ["id": "1", "priority": 3])
        #expect(try value.decode(as: Todo.self) == Todo(id: "1", priority: 3))
    }

    @Test func integralNumbersPrintWithoutFraction() {
        #expect(JSONValue.number(10).jsonText == "10")
        #expect(JSONValue.number(-0.25).jsonText == "-0.25")
    }

    @Test func integersAreWrittenAsStringSpellsThem() {
        var generator = SystemRandomNumberGenerator()
        let edges: [Int64] = [0, 1, -1, 9, 10, -9, -10, 99, 100, 1_000_000, .max, .min, .max - 1, .min + 1]
        let random = (0..<1_000).map { _ in Int64.random(in: .min ... .max, using: &generator) }
        for value in edges + random {
            var bytes: [UInt8] = []
            JSONValue.appendInteger(value, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == String(value))
        }
        #expect(JSONValue.number(-42).jsonText == "-42")
    }
}
