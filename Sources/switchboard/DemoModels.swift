import Switchboard

/// The models of ``DemoSchema``, as `switchboard codegen models` writes them (classic form),
/// without the registration class the demo does not need.
enum DemoModels {
    /// A todo with lazily loaded comments.
    struct Todo: Model {
        let id: String
        var name: String
        var priority: Int
        var done: Bool
        var comments: List<Comment>?
        var createdAt: Temporal.DateTime?
        var updatedAt: Temporal.DateTime?

        init(id: String, name: String, priority: Int, done: Bool = false) {
            self.id = id
            self.name = name
            self.priority = priority
            self.done = done
            self.comments = []
        }

        enum CodingKeys: String, ModelKey { case id, name, priority, done, comments, createdAt, updatedAt }
        static let keys = CodingKeys.self
        static let schema = defineSchema { model in
            let todo = Todo.keys
            model.authRules = [
                rule(allow: .public, provider: .apiKey, operations: [.create, .update, .delete, .read]),
                rule(allow: .private, provider: .iam, operations: [.create, .update, .delete, .read]),
            ]
            model.listPluralName = "Todos"
            model.syncPluralName = "Todos"
            model.attributes(.primaryKey(fields: [todo.id]))
            model.fields(
                .field(todo.id, is: .required, ofType: .string),
                .field(todo.name, is: .required, ofType: .string),
                .field(todo.priority, is: .required, ofType: .int),
                .field(todo.done, is: .required, ofType: .bool),
                .hasMany(todo.comments, is: .optional, ofType: Comment.self, associatedWith: Comment.keys.todo),
                .field(todo.createdAt, is: .optional, isReadOnly: true, ofType: .dateTime),
                .field(todo.updatedAt, is: .optional, isReadOnly: true, ofType: .dateTime))
        }
    }

    /// A comment on a todo.
    struct Comment: Model {
        let id: String
        var content: String
        var todo: Todo?
        var createdAt: Temporal.DateTime?
        var updatedAt: Temporal.DateTime?

        init(id: String, content: String, todo: Todo?) {
            self.id = id
            self.content = content
            self.todo = todo
        }

        enum CodingKeys: String, ModelKey { case id, content, todo, createdAt, updatedAt }
        static let keys = CodingKeys.self
        static let schema = defineSchema { model in
            let comment = Comment.keys
            model.authRules = [
                rule(allow: .public, provider: .apiKey, operations: [.read]),
                rule(allow: .private, provider: .iam, operations: [.create, .update, .delete, .read]),
            ]
            model.listPluralName = "Comments"
            model.syncPluralName = "Comments"
            model.attributes(.primaryKey(fields: [comment.id]))
            model.fields(
                .field(comment.id, is: .required, ofType: .string),
                .field(comment.content, is: .required, ofType: .string),
                .belongsTo(comment.todo, is: .optional, ofType: Todo.self, targetNames: ["todoCommentsId"]),
                .field(comment.createdAt, is: .optional, isReadOnly: true, ofType: .dateTime),
                .field(comment.updatedAt, is: .optional, isReadOnly: true, ofType: .dateTime))
        }
    }
}
