import Foundation
import Switchboard

public struct Comment: Model {
    public let id: String
    internal var _post: LazyReference<Post>
    public var post: Post {
        get async throws { try await _post.require() }
    }
    public var content: String
    public var createdAt: Temporal.DateTime?
    public var updatedAt: Temporal.DateTime?

    public init(id: String = UUID().uuidString, post: Post, content: String) {
        self.id = id
        self._post = LazyReference(post)
        self.content = content
        self.createdAt = nil
        self.updatedAt = nil
    }

    public mutating func setPost(_ post: Post) {
        self._post = LazyReference(post)
    }

    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        id = try values.decode(String.self, forKey: .id)
        _post = try values.decodeIfPresent(LazyReference<Post>.self, forKey: .post) ?? LazyReference(identifiers: nil)
        content = try values.decode(String.self, forKey: .content)
        createdAt = try? values.decode(Temporal.DateTime?.self, forKey: .createdAt)
        updatedAt = try? values.decode(Temporal.DateTime?.self, forKey: .updatedAt)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(_post, forKey: .post)
        try container.encode(content, forKey: .content)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(updatedAt, forKey: .updatedAt)
    }
}

extension Comment {
    public enum CodingKeys: String, ModelKey {
        case id
        case post
        case content
        case createdAt
        case updatedAt
    }

    public static let keys = CodingKeys.self

    public static let schema = defineSchema { model in
        let comment = Comment.keys
        model.listPluralName = "Comments"
        model.syncPluralName = "Comments"
        model.attributes(
            .index(fields: ["postID", "content"], name: "byPost"),
            .primaryKey(fields: [comment.id])
        )
        model.fields(
            .field(comment.id, is: .required, ofType: .string),
            .belongsTo(comment.post, is: .required, ofType: Post.self, targetNames: ["postID"]),
            .field(comment.content, is: .required, ofType: .string),
            .field(comment.createdAt, is: .optional, isReadOnly: true, ofType: .dateTime),
            .field(comment.updatedAt, is: .optional, isReadOnly: true, ofType: .dateTime)
        )
    }

    public class Path: ModelPath<Comment> {}

    public static var rootPath: PropertyContainerPath? { Path() }
}

extension Comment: ModelIdentifiable {
    public typealias IdentifierFormat = ModelIdentifierFormat.Default
    public typealias IdentifierProtocol = DefaultModelIdentifier<Self>
}
