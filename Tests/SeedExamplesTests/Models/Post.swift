import Foundation
import Switchboard

public enum PostStatus: String, EnumPersistable {
    case active = "ACTIVE"
    case inactive = "INACTIVE"
}

public struct Post: Model {
    public let id: String
    public var title: String
    public var rating: Int
    public var status: PostStatus
    public var comments: List<Comment>?
    public var notes: List<Note>?
    public var createdAt: Temporal.DateTime?
    public var updatedAt: Temporal.DateTime?

    public init(
        id: String = UUID().uuidString, title: String, rating: Int, status: PostStatus,
        comments: List<Comment>? = [], notes: List<Note>? = []
    ) {
        self.id = id
        self.title = title
        self.rating = rating
        self.status = status
        self.comments = comments
        self.notes = notes
        self.createdAt = nil
        self.updatedAt = nil
    }
}

extension Post {
    public enum CodingKeys: String, ModelKey {
        case id
        case title
        case rating
        case status
        case comments
        case notes
        case createdAt
        case updatedAt
    }

    public static let keys = CodingKeys.self

    public static let schema = defineSchema { model in
        let post = Post.keys
        model.listPluralName = "Posts"
        model.syncPluralName = "Posts"
        model.attributes(.primaryKey(fields: [post.id]))
        model.fields(
            .field(post.id, is: .required, ofType: .string),
            .field(post.title, is: .required, ofType: .string),
            .field(post.rating, is: .required, ofType: .int),
            .field(post.status, is: .required, ofType: .enum(type: PostStatus.self)),
            .hasMany(post.comments, is: .optional, ofType: Comment.self, associatedWith: Comment.keys.post),
            .hasMany(post.notes, is: .optional, ofType: Note.self, associatedWith: Note.keys.post),
            .field(post.createdAt, is: .optional, isReadOnly: true, ofType: .dateTime),
            .field(post.updatedAt, is: .optional, isReadOnly: true, ofType: .dateTime)
        )
    }
}

extension Post: ModelIdentifiable {
    public typealias IdentifierFormat = ModelIdentifierFormat.Default
    public typealias IdentifierProtocol = DefaultModelIdentifier<Self>
}
