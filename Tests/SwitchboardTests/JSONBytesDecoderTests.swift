import Foundation
import Switchboard
import TestSupport
import Testing

/// `JSONBytesDecoder` decodes what `JSONDecoder` decodes, into equal values, with `DecodingError`s
/// that carry the same coding paths, and rejects what Switchboard's strict reader rejects.
@Suite struct JSONBytesDecoderTests {
    struct Author: Codable, Equatable {
        var name: String
        var age: Int?
        var tags: [String]
    }

    enum Status: String, Codable {
        case draft = "DRAFT"
        case published = "PUBLISHED"
    }

    struct Post: Codable, Equatable {
        var id: String
        var status: Status
        var rating: Double
        var votes: UInt64
        var small: Int8
        var ratio: Float
        var flags: [Bool]
        var matrix: [[Int]]
        var author: Author
        var editors: [Author]
        var counts: [String: Int]
        var nothing: String?
        var published: Date
        var attachment: Data
        var link: URL
        var price: Decimal
        var extra: JSONValue
    }

    static let postJSON = #"""
        {"id":"p1","status":"PUBLISHED","rating":4.25,"votes":18446744073709551615,"small":-128,
         "ratio":0.5,"flags":[true,false],"matrix":[[1,2],[],[3]],
         "author":{"tags":["a","b\u00e9"],"name":"Ada"},
         "editors":[{"name":"Bo","age":41,"tags":[]},{"name":"Cy","age":null,"tags":["x"]}],
         "counts":{"x":1,"y":-2},"nothing":null,"published":1.5,"attachment":"aGk=",
         "link":"https://example.com/a?b=c","price":12345678901234567890.123456789,
         "extra":{"k":[1,"two",null,{"n":true}]}}
        """#

    @Test func decodesWhatJSONDecoderDecodesIntoEqualValues() throws {
        let data = Data(Self.postJSON.utf8)
        let expected = try JSONDecoder().decode(Post.self, from: data)
        let decoded = try JSONBytesDecoder().decode(Post.self, from: data)
        #expect(decoded == expected)
        #expect(decoded.votes == UInt64.max)
        #expect(decoded.price.description == "12345678901234567890.123456789", "Decimal keeps every digit")
        #expect(decoded.author.tags == ["a", "bé"])
    }

    @Test func keysMatchInAnyOrderAndThroughEscapes() throws {
        let data = Data(#"{"tags":[],"n\u0061me":"Ada","age":3}"#.utf8)
        #expect(try JSONBytesDecoder().decode(Author.self, from: data) == Author(name: "Ada", age: 3, tags: []))
    }

    @Test func topLevelScalarsArraysAndDictionaries() throws {
        let decoder = JSONBytesDecoder()
        #expect(try decoder.decode(Int.self, from: Data("42".utf8)) == 42)
        #expect(try decoder.decode(Int.self, from: Data("1e3".utf8)) == 1000)
        #expect(try decoder.decode(String?.self, from: Data("null".utf8)) == nil)
        #expect(try decoder.decode([Double].self, from: Data("[1, 2.5, -0.0e-7]".utf8)) == [1, 2.5, -0.0])
        #expect(try decoder.decode([String: [Int]].self, from: Data(#"{"a":[1],"b":[]}"#.utf8)) == ["a": [1], "b": []])
        #expect(try decoder.decode([Int?].self, from: Data("[1,null,3]".utf8)) == [1, nil, 3])
    }

    @Test func errorsCarryTheCodingPath() throws {
        let decoder = JSONBytesDecoder()
        let wrongType = Data(#"{"editors":[{"name":"Bo","tags":[]},{"name":7,"tags":[]}]}"#.utf8)
        struct Editors: Decodable { var editors: [Author] }
        let mismatch = try #require(throws: DecodingError.self) { try decoder.decode(Editors.self, from: wrongType) }
        guard case .typeMismatch(let type, let context) = mismatch else {
            Issue.record("expected typeMismatch, got \(mismatch)")
            return
        }
        #expect(ObjectIdentifier(type) == ObjectIdentifier(String.self))
        #expect(context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue } == ["editors", "1", "name"])

        let missing = try #require(throws: DecodingError.self) {
            try decoder.decode(Author.self, from: Data(#"{"name":"x"}"#.utf8))
        }
        guard case .keyNotFound(let key, _) = missing else {
            Issue.record("expected keyNotFound, got \(missing)")
            return
        }
        #expect(key.stringValue == "tags")

        let null = try #require(throws: DecodingError.self) {
            try decoder.decode(Author.self, from: Data(#"{"name":null,"tags":[]}"#.utf8))
        }
        guard case .valueNotFound(_, let nullContext) = null else {
            Issue.record("expected valueNotFound, got \(null)")
            return
        }
        #expect(nullContext.codingPath.map(\.stringValue) == ["name"])
    }

    @Test func numbersThatDoNotFitAreErrorsNotTruncations() {
        let decoder = JSONBytesDecoder()
        #expect(throws: DecodingError.self) { try decoder.decode(Int8.self, from: Data("128".utf8)) }
        #expect(throws: DecodingError.self) { try decoder.decode(Int.self, from: Data("1.5".utf8)) }
        #expect(throws: DecodingError.self) { try decoder.decode(UInt.self, from: Data("-1".utf8)) }
        #expect(throws: DecodingError.self) { try decoder.decode(Int64.self, from: Data("9223372036854775808".utf8)) }
        #expect(throws: DecodingError.self) { try decoder.decode(Double.self, from: Data("1e400".utf8)) }
        #expect(throws: DecodingError.self) { try decoder.decode(Float.self, from: Data("1e300".utf8)) }
    }

    @Test(arguments: JSONParsingTests.rejected)
    func rejectsWhatTheStrictReaderRejectsAtTheSameOffset(_ text: String, offset: Int, reason: String) throws {
        // A number beyond a Double is valid JSON: the decoder rejects it only where a Double is read.
        let error = try #require(throws: DecodingError.self) {
            try JSONBytesDecoder().decode(JSONValue.self, from: Data(text.utf8))
        }
        guard case .dataCorrupted(let context) = error else {
            Issue.record("expected dataCorrupted, got \(error)")
            return
        }
        if let parsing = context.underlyingError as? JSONParsingError {
            #expect(parsing.byteOffset == offset && parsing.reason.contains(reason), "\(text): \(parsing)")
        } else {
            #expect(reason.contains("beyond the range of a Double"), "\(text): \(context.debugDescription)")
        }
    }

    @Test(arguments: JSONParsingTests.accepted)
    func readsJSONValuesAsTheStrictReaderDoes(_ text: String, _ expected: JSONValue) throws {
        #expect(try JSONBytesDecoder().decode(JSONValue.self, from: Data(text.utf8)) == expected, "\(text)")
    }

    @Test func nestingIsLimited() throws {
        var decoder = JSONBytesDecoder()
        decoder.maximumDepth = 8
        let deep = Data((String(repeating: "[", count: 9) + String(repeating: "]", count: 9)).utf8)
        #expect(throws: DecodingError.self) { try decoder.decode(JSONValue.self, from: deep) }
        let allowed = Data((String(repeating: "[", count: 8) + String(repeating: "]", count: 8)).utf8)
        #expect(try decoder.decode(JSONValue.self, from: allowed) != .null)
    }

    /// A class hierarchy that decodes through `superDecoder()`, and a type that walks nested
    /// containers by hand, as hand-written `init(from:)`s do.
    class Base: Decodable {
        let id: String
        private enum CodingKeys: String, CodingKey { case id }
        required init(from decoder: any Decoder) throws {
            id = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .id)
        }
    }

    final class Derived: Base, @unchecked Sendable {
        let extra: Int
        private enum CodingKeys: String, CodingKey { case extra, `super` }
        required init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            extra = try container.decode(Int.self, forKey: .extra)
            try super.init(from: container.superDecoder())
        }
    }

    struct Nested: Decodable, Equatable {
        var first: Int
        var pairs: [[String]]
        private enum CodingKeys: String, CodingKey { case outer, pairs }
        private enum OuterKeys: String, CodingKey { case first }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            first = try container.nestedContainer(keyedBy: OuterKeys.self, forKey: .outer).decode(
                Int.self, forKey: .first)
            var list = try container.nestedUnkeyedContainer(forKey: .pairs)
            var pairs: [[String]] = []
            while !list.isAtEnd {
                var pair = try list.nestedUnkeyedContainer()
                pairs.append([try pair.decode(String.self), try pair.decode(String.self)])
            }
            self.pairs = pairs
        }
    }

    @Test func superDecodersAndNestedContainersWork() throws {
        let derived = try JSONBytesDecoder().decode(
            Derived.self, from: Data(#"{"extra":3,"super":{"id":"base-1"}}"#.utf8))
        #expect((derived.id, derived.extra) == ("base-1", 3))
        let nested = try JSONBytesDecoder().decode(
            Nested.self, from: Data(#"{"outer":{"first":1},"pairs":[["a","b"],["c","d"]]}"#.utf8))
        #expect(nested.first == 1 && nested.pairs == [["a", "b"], ["c", "d"]])
    }

    @Test func userInfoReachesInitFromDecoder() throws {
        struct ReadsUserInfo: Decodable {
            static let key = CodingUserInfoKey(rawValue: "test.prefix")!
            let value: String
            init(from decoder: any Decoder) throws {
                let prefix = decoder.userInfo[Self.key] as? String ?? ""
                value = prefix + (try decoder.singleValueContainer().decode(String.self))
            }
        }
        var decoder = JSONBytesDecoder()
        decoder.userInfo[ReadsUserInfo.key] = "pre-"
        #expect(try decoder.decode([ReadsUserInfo].self, from: Data(#"["x"]"#.utf8)).map(\.value) == ["pre-x"])
    }

    @Test func agreesWithJSONDecoderOnRandomDocuments() throws {
        var generator = SplitMix64(seed: 0xB17E5)
        for _ in 0..<200 {
            let value = JSONParsingTests.randomValue(depth: 0, using: &generator)
            let data = try value.serializedData()
            #expect(try JSONBytesDecoder().decode(JSONValue.self, from: data) == value)
            #expect(
                try JSONBytesDecoder().decode(JSONValue.self, from: data)
                    == JSONDecoder().decode(JSONValue.self, from: data))
        }
    }
}
