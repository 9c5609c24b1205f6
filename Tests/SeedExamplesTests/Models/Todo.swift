import Foundation
import Switchboard

// The models of the advanced-workflows seed, in the shapes Amplify's `codegen models` writes (the
// lazy-load form where a model belongs to another), for this schema:
//
//   type Todo @model { id: ID! name: String! description: String }
//   enum PostStatus { ACTIVE INACTIVE }
//   type Post @model { id: ID! title: String! rating: Int! status: PostStatus!
//     comments: [Comment] @hasMany(indexName: "byPost", fields: ["id"])
//     notes: [Note] @hasMany(indexName: "byNote", fields: ["id"]) }
//   type Comment @model { id: ID! postID: ID! @index(name: "byPost", sortKeyFields: ["content"])
//     post: Post! @belongsTo(fields: ["postID"]) content: String! }
//   type Note @model { id: ID! postID: ID! @index(name: "byNote", sortKeyFields: ["content"])
//     post: Post! @belongsTo(fields: ["postID"]) content: String! }

public struct Todo: Model {
    public let id: String
    public var name: String
    public var description: String?
    public var createdAt: Temporal.DateTime?
    public var updatedAt: Temporal.DateTime?

    public init(id: String = UUID().uuidString, name: String, description: String? = nil) {
        self.init(id: id, name: name, description: description, createdAt: nil, updatedAt: nil)
    }

    internal init(
        id: String = UUID().uuidString, name: String, description: String? = nil,
        createdAt: Temporal.DateTime? = nil, updatedAt: Temporal.DateTime? = nil
    ) {
        self.id = id
        self.name = name
        self.description = description
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

extension Todo {
    public enum CodingKeys: String, ModelKey {
        case id
        case name
        case description
        case createdAt
        case updatedAt
    }

    public static let keys = CodingKeys.self

    public static let schema = defineSchema { model in
        let todo = Todo.keys
        model.listPluralName = "Todos"
        model.syncPluralName = "Todos"
        model.attributes(.primaryKey(fields: [todo.id]))
        model.fields(
            .field(todo.id, is: .required, ofType: .string),
            .field(todo.name, is: .required, ofType: .string),
            .field(todo.description, is: .optional, ofType: .string),
            .field(todo.createdAt, is: .optional, isReadOnly: true, ofType: .dateTime),
            .field(todo.updatedAt, is: .optional, isReadOnly: true, ofType: .dateTime)
        )
    }
}

extension Todo: ModelIdentifiable {
    public typealias IdentifierFormat = ModelIdentifierFormat.Default
    public typealias IdentifierProtocol = DefaultModelIdentifier<Self>
}
