import GraphQLLanguage
import TestSupport
import Testing

@testable import SwitchboardServer

/// Scalar members of plain objects take a short, synchronous way (``ExecutionRun``); everything
/// that raises an error falls back to the general path. Here both ways run the same random
/// documents over the same random data, nulls, wrong types, denied fields, budgets and depth
/// limits included, and must answer the same bytes with the same errors.
@Suite struct ScalarMemberShortcutTests {
    static let sdl = """
        type Query { items: [Item] strict: [Item!]! one: Item }
        type Item { id: ID! name: String count: Int score: Float! flag: Boolean tag: Tag next: Item }
        enum Tag { A B }
        """

    struct Context: Sendable {}

    struct Canned: FieldResolver {
        let value: JSON
        func resolve(_ call: FieldCall<Context>) async throws -> JSON { value }
    }

    /// Refuses `Item.flag` to every caller, so that denied fields are compared too.
    struct NoFlags: FieldAccessPolicy {
        func check(parentType: String, field: SchemaField, context: Context) -> ExecutionError? {
            field.name == "flag" ? ExecutionError("Not Authorized to access flag on type Item") : nil
        }
    }

    /// A random member for `field`: usually valid, sometimes null, missing or of the wrong type.
    static func member(_ field: String, _ random: inout SplitMix64, depth: Int) -> JSON? {
        switch random.below(10) {
        case 0: return nil
        case 1: return .null
        case 2: return [.string("text"), .int(7), .bool(true), .double(1.5), .array([])][random.below(5)]
        default: break
        }
        switch field {
        case "id", "name": return .string("v\(random.below(1000))")
        case "count": return .int(random.below(100) - 50)
        case "score": return .double(Double(random.below(1000)) / 8)
        case "flag": return .bool(random.below(2) == 0)
        case "tag": return .string(random.below(2) == 0 ? "A" : "B")
        default: return depth < 2 ? item(&random, depth: depth + 1) : .null
        }
    }

    static func item(_ random: inout SplitMix64, depth: Int = 0) -> JSON {
        var object = JSONObject()
        for field in ["id", "name", "count", "score", "flag", "tag", "next"] {
            if let value = member(field, &random, depth: depth) { object[field] = value }
        }
        return .object(object)
    }

    /// A random selection of Item's fields, some aliased or asked twice, `next` nested.
    static func selection(_ random: inout SplitMix64, depth: Int = 0) -> String {
        var fields: [String] = []
        for field in ["id", "name", "count", "score", "flag", "tag", "__typename"] where random.below(3) > 0 {
            fields.append(random.below(6) == 0 ? "alias\(fields.count): \(field)" : field)
            if random.below(8) == 0 { fields.append(field) }
        }
        if depth < 2 && random.below(3) == 0 { fields.append("next { \(selection(&random, depth: depth + 1)) }") }
        return fields.isEmpty ? "id" : fields.joined(separator: " ")
    }

    @Test func bothWaysAnswerTheSameBytesAndErrors() async throws {
        let schema = try Schema(sdl: Self.sdl)
        for seed in UInt64(1)...300 {
            var random = SplitMix64(seed: seed)
            let items = (0..<random.below(12)).map { _ in Self.item(&random) }
            var resolvers = ResolverRegistry<Context>()
            resolvers.register(Canned(value: .array(items)), type: "Query", field: "items")
            resolvers.register(Canned(value: .array(items)), type: "Query", field: "strict")
            resolvers.register(Canned(value: items.first ?? .null), type: "Query", field: "one")
            let root = ["items", "strict", "one"][random.below(3)]
            let query = "{ \(root) { \(Self.selection(&random)) } }"
            var limits = Executor<Context>.Limits()
            if random.below(2) == 0 { limits.maximumCompletedValues = 1 + random.below(120) }
            if random.below(4) == 0 { limits.maximumErrors = 1 + random.below(4) }
            if random.below(4) == 0 { limits.maximumFieldDepth = 1 + random.below(3) }
            let policy: (any FieldAccessPolicy<Context>)? = random.below(3) == 0 ? NoFlags() : nil
            var general = Executor(schema: schema, resolvers: resolvers, accessPolicy: policy, limits: limits)
            general.readsScalarMembersDirectly = false
            let shortened = Executor(schema: schema, resolvers: resolvers, accessPolicy: policy, limits: limits)
            let document = try Parser.parse(query)
            let expected = await general.execute(document, context: Context())
            let actual = await shortened.execute(document, context: Context())
            #expect(actual.body == expected.body, "seed \(seed): \(query)")
            #expect(actual.errors == expected.errors, "seed \(seed): \(query)")
        }
    }

    /// The cases the comparison above relies on do occur: a later item's null in a non-null
    /// field nulls that item with the error at its path, and a later item's unserializable value
    /// is null with its error, the other members written as they are.
    @Test func laterItemsStillFailAtTheirOwnPath() async throws {
        let schema = try Schema(sdl: Self.sdl)
        var resolvers = ResolverRegistry<Context>()
        let items: [JSON] = [
            .object(["id": "1", "count": .int(1)]), .object(["id": "2", "count": .int(2)]),
            .object(["id": nil, "count": .int(3)]), .object(["id": "4", "count": "four"]),
        ]
        resolvers.register(Canned(value: .array(items)), type: "Query", field: "items")
        let executor = Executor(schema: schema, resolvers: resolvers)
        let result = await executor.execute(try Parser.parse("{ items { id count } }"), context: Context())
        #expect(
            String(decoding: result.body, as: UTF8.self)
                == #"{"data":{"items":[{"id":"1","count":1},{"id":"2","count":2},null,{"id":"4","count":null}]},"#
                + #""errors":[{"path":["items",2,"id"],"locations":[{"line":1,"column":11,"sourceName":null}],"#
                + #""message":"Cannot return null for non-nullable type: 'ID' within parent 'Item' (/items[2]/id)"},"#
                + #"{"path":["items",3,"count"],"locations":[{"line":1,"column":14,"sourceName":null}],"#
                + #""message":"Can't serialize value (/items[3]/count) : Int cannot represent value: \"four\""}]}"#)
    }
}
