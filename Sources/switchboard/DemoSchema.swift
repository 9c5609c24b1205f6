/// The `@model` schema `switchboard demo` serves: todos anyone with the API key may read and
/// write, and comments that the API key may only read while IAM-signed callers write them.
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
