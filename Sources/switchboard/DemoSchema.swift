/// The `@model` schema `switchboard demo` and `switchboard serve --example-schema` serve: todos
/// anyone with the API key may read and write, and comments that the API key may only read while
/// IAM-signed callers write them. `Examples/Todo/schema.graphql` holds the same schema (a test
/// keeps them equal) with the models generated from it.
enum DemoSchema {
    static let sdl = """
        type Todo @model @auth(rules: [{allow: public}, {allow: private, provider: iam}]) {
          id: ID!
          name: String!
          priority: Int!
          done: Boolean!
          comments: [Comment] @hasMany
        }

        type Comment @model @auth(rules: [{allow: public, operations: [read]}, {allow: private, provider: iam}]) {
          id: ID!
          content: String!
          todo: Todo @belongsTo
        }
        """
}
