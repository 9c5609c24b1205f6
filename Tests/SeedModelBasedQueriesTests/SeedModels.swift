import Foundation
import Switchboard

// The models of `../shared/seeds/amplify-model-based-queries.txt`. The seed shows only the
// stored properties of what Amplify generates (`struct SimpleModel: Model { let id: String }`);
// the schema extensions below are the rest of the generated files. Two edits are Swift's, not
// the port's: the seed's `List?` needs its element type (`List<Comment>?`), and the blog of the
// seed's fourth example is declared here (the seed shows only its document): a `Blog` whose
// `post` field is a `hasMany` of `Post`, which Amplify generates as the `blogPostId` key field.

struct SimpleModel: Model {
    let id: String
}

struct Post: Model {
    let id: String
    let comments: List<Comment>?
    var blogPostId: String? = nil
}

struct Comment: Model {
    let id: String
    let post: Post?
}

struct Blog: Model {
    let id: String
    let post: List<Post>?
}

extension SimpleModel {
    enum CodingKeys: String, ModelKey {
        case id
    }
    static let keys = CodingKeys.self
    static let schema = defineSchema { model in
        model.listPluralName = "SimpleModels"
        model.fields(.id())
    }
}

extension Post {
    enum CodingKeys: String, ModelKey {
        case id
        case comments
        case blogPostId
    }
    static let keys = CodingKeys.self
    static let schema = defineSchema { model in
        let post = Post.keys
        model.listPluralName = "Posts"
        model.fields(
            .id(),
            .hasMany(post.comments, is: .optional, ofType: Comment.self, associatedWith: Comment.keys.post),
            .field(post.blogPostId, is: .optional, ofType: .string)
        )
    }
}

extension Comment {
    enum CodingKeys: String, ModelKey {
        case id
        case post
    }
    static let keys = CodingKeys.self
    static let schema = defineSchema { model in
        let comment = Comment.keys
        model.listPluralName = "Comments"
        model.attributes(.index(fields: ["postID"], name: "byPost"))
        model.fields(
            .id(),
            .belongsTo(comment.post, is: .optional, ofType: Post.self, targetName: "postID")
        )
    }
}

extension Blog {
    enum CodingKeys: String, ModelKey {
        case id
        case post
    }
    static let keys = CodingKeys.self
    static let schema = defineSchema { model in
        let blog = Blog.keys
        model.listPluralName = "Blogs"
        model.fields(
            .id(),
            .hasMany(blog.post, is: .optional, ofType: Post.self, associatedFields: [Post.keys.blogPostId])
        )
    }
}
