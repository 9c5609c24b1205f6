import Foundation
import TestSupport
import Testing

@testable import Switchboard
@testable import SwitchboardAPI

/// Random list responses — members in any order, whitespace anywhere, escapes and multibyte text in
/// strings and ids, lists absent, null, present or nested, references keys-only or loaded, unknown
/// fields — decode the same through a marked body as through the general path.
@Suite struct NotLoadedListMarkingPropertyTests {
    struct Writer {
        var generator: SplitMix64
        mutating func space() -> String { generator.pick(["", "", "", " ", "\n  ", "\t"]) }
        mutating func text() -> String {
            (0..<generator.below(4)).map { _ in
                generator.pick(["plain", #"\""#, #"\\"#, "é", #"\u00e9"#, "{", "}", "[", "]", ",", ":", "ü😀", #"\/"#])
            }.joined()
        }
        mutating func object(_ members: [(String, String)]) -> String {
            var members = members
            for index in members.indices.reversed() { members.swapAt(index, generator.below(index + 1)) }
            let body = members.map { key, value in
                "\(space())\"\(key)\"\(space()):\(space())\(value)\(space())"
            }.joined(separator: ",")
            return "{\(body)\(members.isEmpty ? space() : "")}"
        }
        mutating func comment(post: String) -> String {
            var members = [("id", "\"c\(generator.below(100))\""), ("content", "\"\(text())\"")]
            members.append(("post", generator.pick([object([("id", post)]), "null"])))
            return object(members)
        }
        mutating func list(post: String) -> String {
            let items = (0..<generator.below(3)).map { _ in comment(post: post) }
            return object([
                ("items", "[\(space())\(items.joined(separator: ",\(space())"))\(space())]"),
                ("nextToken", generator.pick(["null", "\"n\(generator.below(9))\""])),
            ])
        }
        mutating func post(index: Int) -> String {
            let id = generator.pick(["\"p\(index)\"", "\"p\\u00e9\(index)\"", "\"p\\\"\(index)\""])
            var members = [("id", id), ("title", "\"\(text())\""), ("status", "\"DRAFT\"")]
            switch generator.below(4) {
            case 0: break
            case 1: members.append(("comments", "null"))
            default: members.append(("comments", list(post: id)))
            }
            switch generator.below(6) {
            case 0: break
            case 1: members.append(("blog", "null"))
            case 2: members.append(("blog", object([("id", "\"b1\"")])))
            case 3: members.append(("blog", object([("id", "\"b1\""), ("__typename", "\"Blog\""), ("score", "1")])))
            case 4: members.append(("blog", object([("id", "\"b2\""), ("name", "\"\(text())\"")])))
            default:
                let posts = object([("items", "[]"), ("nextToken", "null")])
                members.append(("blog", object([("id", "\"b3\""), ("name", "\"n\""), ("posts", posts)])))
            }
            if generator.below(3) == 0 {
                members.append(("extra", "[1,\(space()){\"k\":\"}\\\"{\"},\(space())true,\(space())-2.5e3]"))
            }
            return object(members)
        }
    }

    @Test func markedAndGeneralDecodesAgreeOnRandomResponses() async throws {
        try await NotLoadedListMarkingTests.learnModelTypes()
        let request = GraphQLRequest<List<Post>>.list(Post.self)
        var marked = 0
        for seed in UInt64(1)...150 {
            var writer = Writer(generator: SplitMix64(seed: seed))
            let count = writer.generator.below(5) + 1
            let posts = (0..<count).map { writer.post(index: $0) }
            let body = #"{"data":{"listPosts":{"items":[\#(posts.joined(separator: ","))],"nextToken":null}}}"#
            // An escaped key in the first post's object sends the same response the general way.
            let general = body.replacingOccurrences(
                of: #"{"data":{"listPosts":{"items":[{"#, with: #"{"data":{"listPosts":{"items":[{"\u0078":0,"#)
            #expect(!NotLoadedListMarkingTests.marks(general, path: ["listPosts"], as: List<Post>.self), "seed \(seed)")
            if NotLoadedListMarkingTests.marks(body, path: ["listPosts"], as: List<Post>.self) { marked += 1 }
            let fast = try await NotLoadedListMarkingTests.query(request, body: body)
            let slow = try await NotLoadedListMarkingTests.query(request, body: general)
            switch (fast, slow) {
            case (.success(let fast), .success(let slow)):
                #expect(
                    NotLoadedListMarkingTests.describe(fast) == NotLoadedListMarkingTests.describe(slow), "seed \(seed)"
                )
                #expect(fast.map(\.title) == slow.map(\.title), "seed \(seed)")
            default:
                Issue.record("seed \(seed): \(fast) vs \(slow)\n\(body)")
            }
        }
        #expect(marked == 150)
    }
}
