import SwitchboardAPI

/// The models of the demo's model-based step, in the shape `amplify codegen models` writes.
enum DemoModels {
    /// A post with lazily loaded comments.
    struct Post: Model {
        let id: String
        var title: String
        var comments: List<Comment>?

        enum CodingKeys: String, ModelKey { case id, title, comments }
        static let keys = CodingKeys.self
        static let schema = defineSchema { model in
            let post = Post.keys
            model.listPluralName = "Posts"
            model.fields(
                .field(post.id, is: .required, ofType: .string),
                .field(post.title, is: .required, ofType: .string),
                .hasMany(post.comments, is: .optional, ofType: Comment.self, associatedWith: Comment.keys.post))
        }
    }

    /// A comment that belongs to a post.
    struct Comment: Model {
        let id: String
        var content: String
        var post: LazyReference<Post>?

        enum CodingKeys: String, ModelKey { case id, content, post }
        static let keys = CodingKeys.self
        static let schema = defineSchema { model in
            let comment = Comment.keys
            model.listPluralName = "Comments"
            model.fields(
                .field(comment.id, is: .required, ofType: .string),
                .field(comment.content, is: .required, ofType: .string),
                .belongsTo(comment.post, is: .optional, ofType: Post.self, targetNames: ["postId"]))
        }
    }
}
