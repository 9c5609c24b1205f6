import ModelTransform
import Testing

/// `@default(value:)` (reference §3).
@Suite struct DefaultValueTests {
    @Test func defaultMakesTheFieldOptionalOnCreate() throws {
        let output = try Transform.output(
            """
            type Todo @model { id: ID! content: String! @default(value: "My new Todo") priority: Priority! @default(value: "HIGH") done: Boolean @default(value: "false") }
            enum Priority { LOW HIGH }
            """)
        #expect(
            output.printed("CreateTodoInput")
                == "input CreateTodoInput {\n  id: ID\n  content: String\n  priority: Priority\n  done: Boolean\n}")
        // The object type keeps the declared nullability.
        #expect(output.printed("Todo").contains("content: String!"))
        let model = try output.catalog.require("Todo")
        #expect(model.field(named: "content")?.defaultValue == "My new Todo")
        #expect(model.field(named: "priority")?.defaultValue == "HIGH")
    }

    @Test func defaultMustFitTheFieldType() {
        let diagnostics = Transform.errors(
            """
            type Todo @model {
              id: ID!
              count: Int @default(value: "many")
              priority: Priority @default(value: "URGENT")
              tags: [String] @default(value: "a")
            }
            enum Priority { LOW HIGH }
            """)
        #expect(
            diagnostics.map(\.description) == [
                "schema.graphql:3:14: error: Default value \"many\" is not a valid Int for Todo.count",
                "schema.graphql:4:22: error: Default value \"URGENT\" is not a valid Priority for Todo.priority",
                "schema.graphql:5:18: error: @default can only be used on scalar and enum fields, not on Todo.tags: [String]",
            ])
    }
}
