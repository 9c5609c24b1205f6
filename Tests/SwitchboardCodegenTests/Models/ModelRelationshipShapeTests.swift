import SwitchboardCodegen
import Testing

/// Relationships as Amplify's codegen writes them with custom primary keys on (Transformer v2
/// projects): which foreign keys are fields, `targetNames`, `associatedWith`, join models.
@Suite struct ModelRelationshipShapeTests {
    @Test func belongsToReplacesTheImplicitKeyOfItsHasMany() throws {
        let files = try Generate.files(
            """
            type Blog @model { id: ID! name: String! posts: [Post] @hasMany }
            type Post @model { id: ID! title: String! blog: Blog @belongsTo }
            """)
        #expect(
            Generate.fieldDefinitions(try #require(files["Blog+Schema.swift"]))[2]
                == ".hasMany(blog.posts, is: .optional, ofType: Post.self, associatedWith: Post.keys.blog)")
        let post = try #require(files["Post+Schema.swift"])
        #expect(
            Generate.fieldDefinitions(post)[2]
                == #".belongsTo(post.blog, is: .optional, ofType: Blog.self, targetNames: ["blogPostsId"])"#)
        #expect(!post.contains("case blogPostsId") && !(files["Post.swift"] ?? "").contains("blogPostsId"))
        #expect(Generate.attributes(post) == [".primaryKey(fields: [post.id])"])
    }

    @Test func aHasManyWithoutBelongsToKeepsItsKeysOnTheChildAfterTheTimestamps() throws {
        let files = try Generate.files(
            """
            type Post @model { id: ID! @primaryKey(sortKeyFields: ["title"]) title: String! comments: [Comment] @hasMany }
            type Comment @model { id: ID! content: String! }
            """)
        #expect(
            Generate.fieldDefinitions(try #require(files["Post+Schema.swift"]))[2]
                == ".hasMany(post.comments, is: .optional, ofType: Comment.self, "
                + "associatedFields: [Comment.keys.postCommentsId, Comment.keys.postCommentsTitle])")
        let comment = try #require(files["Comment.swift"])
        #expect(
            Generate.properties(comment) == [
                "public let id: String", "public var content: String", "public var createdAt: Temporal.DateTime?",
                "public var updatedAt: Temporal.DateTime?", "public var postCommentsId: String?",
                "public var postCommentsTitle: String?",
            ])
        #expect(
            Generate.fieldDefinitions(try #require(files["Comment+Schema.swift"])).suffix(2) == [
                #".field(comment.postCommentsId, is: .optional, ofType: .string, attributes: [.graphQLType("ID")])"#,
                ".field(comment.postCommentsTitle, is: .optional, ofType: .string)",
            ])
    }

    @Test func belongsToWithFieldsRemovesThemAndKeepsTheirIndex() throws {
        let files = try Generate.files(
            """
            type Post @model { id: ID! title: String! comments: [Comment] @hasMany(indexName: "byPost", fields: ["id"]) }
            type Comment @model {
              id: ID!
              postID: ID! @index(name: "byPost", sortKeyFields: ["content"])
              content: String!
              post: Post! @belongsTo(fields: ["postID"])
            }
            """)
        let schema = try #require(files["Comment+Schema.swift"])
        #expect(
            Generate.attributes(schema) == [
                #".index(fields: ["postID", "content"], name: "byPost")"#, ".primaryKey(fields: [comment.id])",
            ])
        #expect(
            Generate.fieldDefinitions(schema).prefix(3) == [
                ".field(comment.id, is: .required, ofType: .string)",
                ".field(comment.content, is: .required, ofType: .string)",
                #".belongsTo(comment.post, is: .required, ofType: Post.self, targetNames: ["postID"])"#,
            ])
        #expect(!(files["Comment.swift"] ?? "").contains("postID"))
        #expect(
            Generate.fieldDefinitions(try #require(files["Post+Schema.swift"]))[2]
                == ".hasMany(post.comments, is: .optional, ofType: Comment.self, associatedWith: Comment.keys.post)")
    }

    @Test func aHasManyThroughAnIndexWithoutBelongsToPointsAtTheIndexField() throws {
        let files = try Generate.files(
            """
            type Post @model { id: ID! comments: [Comment] @hasMany(indexName: "byPost", fields: ["id"]) }
            type Comment @model { id: ID! postID: ID! @index(name: "byPost") content: String! }
            """)
        #expect(
            Generate.fieldDefinitions(try #require(files["Post+Schema.swift"]))[1]
                == ".hasMany(post.comments, is: .optional, ofType: Comment.self, associatedWith: Comment.keys.postID)")
        #expect(Generate.properties(try #require(files["Comment.swift"]))[1] == "public var postID: String")
    }

    @Test func hasOneKeepsItsKeyAndPointsAtTheBelongsToOrTheRelatedKey() throws {
        let files = try Generate.files(
            """
            type Project @model { id: ID! name: String team: Team @hasOne }
            type Team @model { id: ID! name: String! project: Project @belongsTo }
            type Task @model { id: ID! owner: Person @hasOne }
            type Person @model { id: ID! }
            type Desk @model { id: ID! chairID: ID chair: Chair @hasOne(fields: ["chairID"]) }
            type Chair @model { id: ID! }
            """)
        let project = try #require(files["Project+Schema.swift"])
        #expect(
            Generate.fieldDefinitions(project)[2]
                == ".hasOne(project.team, is: .optional, ofType: Team.self, associatedWith: Team.keys.project, "
                + #"targetNames: ["projectTeamId"])"#)
        #expect(
            Generate.fieldDefinitions(project).last
                == #".field(project.projectTeamId, is: .optional, ofType: .string, attributes: [.graphQLType("ID")])"#)
        #expect(
            Generate.fieldDefinitions(try #require(files["Team+Schema.swift"]))[2]
                == #".belongsTo(team.project, is: .optional, ofType: Project.self, targetNames: ["teamProjectId"])"#)
        #expect(!(files["Team.swift"] ?? "").contains("teamProjectId"))
        #expect(
            Generate.fieldDefinitions(try #require(files["Task+Schema.swift"]))[1]
                == ".hasOne(task.owner, is: .optional, ofType: Person.self, associatedWith: Person.keys.id, "
                + #"targetNames: ["taskOwnerId"])"#)
        let desk = try #require(files["Desk+Schema.swift"])
        #expect(
            Generate.fieldDefinitions(desk)[1...2] == [
                #".field(desk.chairID, is: .optional, ofType: .string, attributes: [.graphQLType("ID")])"#,
                #".hasOne(desk.chair, is: .optional, ofType: Chair.self, associatedWith: Chair.keys.id, targetNames: ["chairID"])"#,
            ])
    }

    @Test func referencesKeepTheirFieldsAndTheHasOneHoldsNoKey() throws {
        let files = try Generate.files(
            """
            type Post @model { id: ID! comments: [Comment] @hasMany(references: ["postId"]) }
            type Comment @model { id: ID! postId: ID post: Post @belongsTo(references: ["postId"]) }
            type Project @model { id: ID! team: Team @hasOne(references: ["projectId"]) }
            type Team @model { id: ID! projectId: ID project: Project @belongsTo(references: ["projectId"]) }
            """)
        let comment = try #require(files["Comment+Schema.swift"])
        #expect(
            Generate.fieldDefinitions(comment)[1...2] == [
                #".field(comment.postId, is: .optional, ofType: .string, attributes: [.graphQLType("ID")])"#,
                #".belongsTo(comment.post, is: .optional, ofType: Post.self, targetNames: ["postId"])"#,
            ])
        // The index the relationship adds is not an @index, so it is not an attribute.
        #expect(Generate.attributes(comment) == [".primaryKey(fields: [comment.id])"])
        #expect(
            Generate.fieldDefinitions(try #require(files["Post+Schema.swift"]))[1]
                == ".hasMany(post.comments, is: .optional, ofType: Comment.self, associatedWith: Comment.keys.post)")
        #expect(
            Generate.fieldDefinitions(try #require(files["Project+Schema.swift"]))[1]
                == ".hasOne(project.team, is: .optional, ofType: Team.self, associatedWith: Team.keys.project, targetNames: [])"
        )
    }

    @Test func manyToManyListsJoinModelItemsThatBelongToBothSides() throws {
        let files = try Generate.files(
            """
            type Post @model { id: ID! title: String! tags: [Tag] @manyToMany(relationName: "PostTags") }
            type Tag @model { id: ID! label: String! posts: [Post] @manyToMany(relationName: "PostTags") }
            """)
        #expect(
            Generate.fieldDefinitions(try #require(files["Post+Schema.swift"]))[2]
                == ".hasMany(post.tags, is: .optional, ofType: PostTags.self, associatedWith: PostTags.keys.post)")
        #expect(Generate.properties(try #require(files["Tag.swift"]))[2] == "public var posts: List<PostTags>?")
        let join = try #require(files["PostTags+Schema.swift"])
        #expect(
            Generate.attributes(join) == [
                #".index(fields: ["postId"], name: "byPost")"#, #".index(fields: ["tagId"], name: "byTag")"#,
                ".primaryKey(fields: [postTags.id])",
            ])
        #expect(
            Generate.fieldDefinitions(join) == [
                ".field(postTags.id, is: .required, ofType: .string)",
                #".belongsTo(postTags.post, is: .required, ofType: Post.self, targetNames: ["postId"])"#,
                #".belongsTo(postTags.tag, is: .required, ofType: Tag.self, targetNames: ["tagId"])"#,
                ".field(postTags.createdAt, is: .optional, isReadOnly: true, ofType: .dateTime)",
                ".field(postTags.updatedAt, is: .optional, isReadOnly: true, ofType: .dateTime)",
            ])
        #expect(
            (files["AmplifyModels.swift"] ?? "").contains(
                """
                        ModelRegistry.register(modelType: Post.self)
                        ModelRegistry.register(modelType: Tag.self)
                        ModelRegistry.register(modelType: PostTags.self)
                """))
    }

    @Test func ownerFieldsAddedByAuthAndUnrelatedModelFieldsAreNotDeclared() throws {
        let generator = ModelCodeGenerator()
        let output = try generator.generate(
            schema: """
                type Note @model @auth(rules: [{ allow: owner }]) { id: ID! text: String author: Person }
                type Person @model { id: ID! }
                """,
            fileName: "schema.graphql")
        let note = try #require(output.files.first { $0.name == "Note.swift" }?.contents)
        #expect(!note.contains("owner") && !note.contains("author"))
        #expect(
            output.warnings.contains { $0.message.contains("the Swift model leaves it out") && $0.location.line == 1 })
    }
}
