import Foundation
import SwitchboardAPI
import Testing

/// Generated code whose GraphQL names collide with Swift keywords, with the locals and members
/// generated code uses, and with reserved type names still decodes and encodes correctly.
@Suite struct EdgeCasesTests {
    @Test func collidingNamesDecode() async throws {
        let thing: JSONValue = [
            "__typename": "Thing", "id": "1", "container": "box", "decoder": 7, "default": true, "self": "me",
            "fragments": ["a"], "string": ["__typename": "Label", "text": "s"],
            "data": ["__typename": "Label", "text": "d"], "kind": "SELF_TYPE",
            "statuses": ["FOO_BAR", "fooBar", "NEW"],
        ]
        let harness = try await MockHarness.start([
            "EdgeCases": ["things": [thing], "node": ["__typename": "Thing", "asThing": "1", "default": false]]
        ])
        let filter = Filter(default: "x", and: [Filter(not: .value(Filter(default: .null)))])
        let data = try await harness.plugin.query(operation: EdgeCasesQuery(variables: "v", filter: .value(filter)))
            .get()
        let variables = harness.receivedBodies.first?["variables"]
        await harness.stop()

        let expected: JSONValue = [
            "variables": "v", "filter": ["default": "x", "and": [["not": ["default": .null]]]],
        ]
        #expect(variables == expected)
        let first = try #require(data.things.first)
        #expect(first.container == "box" && first.decoder == 7 && first.default == true && first.`self` == "me")
        #expect(first.fragments == ["a"] && first.string?.text == "s" && first.data?.text == "d")
        #expect(first.kind == .selfType)
        #expect(first.statuses == [.FOO_BAR, .fooBar, .unknown("NEW")])
        #expect(ThingID(key: first).id == "1")
        #expect(data.node?.asThing == "1")
        #expect(data.node?.asThing2?.default == false)
    }

    @Test func fragmentOnTheQueryTypeReadsFromTheRoot() async throws {
        let harness = try await MockHarness.start([
            "RootFragment": ["things": [["__typename": "Thing", "id": "7"]]]
        ])
        let data = try await harness.plugin.query(operation: RootFragmentQuery()).get()
        await harness.stop()
        #expect(data.things.map(\.id) == ["7"])
        #expect(Things(key: data).things.map(\.id) == ["7"])
    }
}
