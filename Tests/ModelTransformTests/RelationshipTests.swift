import ModelTransform
import Testing

/// `@hasMany`, `@hasOne`, `@belongsTo` and `@manyToMany` (reference §2).
@Suite struct RelationshipTests {
    @Test func implicitHasManyAddsTheParentFieldForeignKeyToTheChild() throws {
        let output = try Transform.output(
            "type Blog @model { id: ID! posts: [Post] @hasMany } type Post @model { id: ID! title: String }")
        #expect(
            output.printed("Blog").contains(
                "posts(filter: ModelPostFilterInput, sortDirection: ModelSortDirection, limit: Int, nextToken: String): ModelPostConnection"
            ))
        #expect(output.printed("Post").hasSuffix("updatedAt: AWSDateTime!\n  blogPostsId: ID\n}"))
        #expect(output.printed("CreatePostInput").hasSuffix("  blogPostsId: ID\n}"))
        #expect(output.printed("UpdatePostInput").hasSuffix("  blogPostsId: ID\n}"))
        #expect(
            output.printed("ModelPostFilterInput").hasSuffix(
                "  not: ModelPostFilterInput\n  blogPostsId: ModelIDInput\n}"))
        #expect(output.printed("ModelPostConditionInput").hasSuffix("  blogPostsId: ModelIDInput\n}"))
        #expect(
            output.printed("ModelSubscriptionPostFilterInput").hasSuffix("  blogPostsId: ModelSubscriptionIDInput\n}"))
        let catalog = output.catalog
        let relationship = try #require(catalog.require("Blog").field(named: "posts")?.relationship)
        #expect(relationship.kind == .hasMany && relationship.relatedModel == "Post")
        #expect(relationship.foreignKeyHolder == .relatedModel && relationship.foreignKeyFields == ["blogPostsId"])
        #expect(relationship.indexName == "gsi-Blog.posts" && relationship.keySource == .implicit)
        #expect(try catalog.require("Post").field(named: "blogPostsId")?.origin == .foreignKey)
        #expect(
            try catalog.require("Post").indexes == [ModelIndex(name: "gsi-Blog.posts", partitionKey: "blogPostsId")])
    }

    @Test func requiredHasManyListMakesTheForeignKeyRequiredOnCreateOnly() throws {
        let output = try Transform.output(
            "type Blog @model { id: ID! posts: [Post]! @hasMany } type Post @model { id: ID! }")
        #expect(output.printed("Post").contains("blogPostsId: ID!"))
        #expect(output.printed("CreatePostInput").contains("blogPostsId: ID!"))
        #expect(output.printed("UpdatePostInput").contains("blogPostsId: ID\n"))
    }

    @Test func explicitHasManyUsesTheIndexAndItsSortKey() throws {
        let output = try Transform.output(
            """
            type Post @model { id: ID! comments: [Comment] @hasMany(indexName: "byPost", fields: ["id"]) }
            type Comment @model { id: ID! postID: ID! @index(name: "byPost", sortKeyFields: ["content"]) content: String! }
            """)
        #expect(
            output.printed("Post").contains(
                "comments(content: ModelStringKeyConditionInput, filter: ModelCommentFilterInput, sortDirection: ModelSortDirection, limit: Int, nextToken: String): ModelCommentConnection"
            ))
        #expect(!output.printed("Comment").contains("postCommentsId"))
        let relationship = try #require(output.catalog.require("Post").field(named: "comments")?.relationship)
        #expect(relationship.foreignKeyFields == ["postID"] && relationship.indexName == "byPost")
        #expect(relationship.keySource == .fields(["id"]))
    }

    @Test func indexNameWithoutFieldsQueriesTheIndexWithTheParentKey() throws {
        let output = try Transform.output(
            """
            type Person @model { id: ID! calls: [Call] @hasMany(indexName: "byCaller") }
            type Call @model {
              id: ID!
              callerId: ID! @index(name: "byCaller", sortKeyFields: ["startedAt"])
              startedAt: AWSDateTime!
            }
            """)
        #expect(
            output.printed("Person").contains(
                "calls(startedAt: ModelStringKeyConditionInput, filter: ModelCallFilterInput, sortDirection: ModelSortDirection, limit: Int, nextToken: String): ModelCallConnection"
            ))
        // Transformer v2 still adds the implicit key, but no `gsi-Person.calls` index.
        #expect(output.printed("Call").hasSuffix("  personCallsId: ID\n}"))
        #expect(output.printed("CreateCallInput").contains("personCallsId: ID"))
        #expect(try output.catalog.require("Call").indexes.map(\.name) == ["byCaller"])
        let relationship = try #require(output.catalog.require("Person").field(named: "calls")?.relationship)
        #expect(relationship.keySource == .primaryKey && relationship.indexName == "byCaller")
        #expect(relationship.foreignKeyFields == ["callerId"])
    }

    @Test func indexNameWithoutFieldsNeedsTheIndex() throws {
        let diagnostics = Transform.errors(
            """
            type Person @model { id: ID! calls: [Call] @hasMany(indexName: "byCaller") }
            type Call @model { id: ID! callerId: ID! }
            """)
        #expect(
            diagnostics.map(\.message) == ["@hasMany on Person.calls: Index byCaller does not exist for model Call"])
    }

    @Test func referencesNameTheChildKeyOnBothSides() throws {
        let output = try Transform.output(
            """
            type Blog @model { id: ID! posts: [Post] @hasMany(references: ["blogId"]) }
            type Post @model { id: ID! blogId: ID blog: Blog @belongsTo(references: ["blogId"]) }
            """)
        #expect(!output.printed("Post").contains("blogPostsId"))
        let hasMany = try #require(output.catalog.require("Blog").field(named: "posts")?.relationship)
        #expect(hasMany.keySource == .references(["blogId"]) && hasMany.foreignKeyFields == ["blogId"])
        #expect(hasMany.associatedField == "blog")
        let belongsTo = try #require(output.catalog.require("Post").field(named: "blog")?.relationship)
        #expect(belongsTo.foreignKeyHolder == .thisModel && belongsTo.foreignKeyFields == ["blogId"])
    }

    @Test func implicitHasOneAddsTheKeyToTheDeclaringModel() throws {
        let output = try Transform.output(
            "type Project @model { id: ID! team: Team @hasOne } type Team @model { id: ID! name: String! }")
        #expect(output.printed("Project").hasSuffix("updatedAt: AWSDateTime!\n  projectTeamId: ID\n}"))
        #expect(output.printed("Project").contains("  team: Team\n"))
        #expect(!output.printed("CreateProjectInput").contains("team:"))
        let relationship = try #require(output.catalog.require("Project").field(named: "team")?.relationship)
        #expect(relationship.foreignKeyHolder == .thisModel && relationship.foreignKeyFields == ["projectTeamId"])
    }

    @Test func explicitHasOneUsesTheNamedField() throws {
        let output = try Transform.output(
            "type Project @model { id: ID! teamID: ID! team: Team @hasOne(fields: [\"teamID\"]) } type Team @model { id: ID! }"
        )
        #expect(!output.printed("Project").contains("projectTeamId"))
        #expect(
            try output.catalog.require("Project").field(named: "team")?.relationship?.foreignKeyFields == ["teamID"])
    }

    @Test func belongsToWithHasManyReusesItsForeignKey() throws {
        let output = try Transform.output(
            """
            type Blog @model { id: ID! posts: [Post] @hasMany }
            type Post @model { id: ID! blog: Blog @belongsTo }
            """)
        let post = output.printed("Post")
        #expect(post.components(separatedBy: "blogPostsId").count == 2)
        let relationship = try #require(output.catalog.require("Post").field(named: "blog")?.relationship)
        #expect(relationship.foreignKeyFields == ["blogPostsId"] && relationship.associatedField == "posts")
    }

    @Test func belongsToWithHasOneAddsItsOwnForeignKey() throws {
        let output = try Transform.output(
            """
            type Blog @model { id: ID! post: Post @hasOne }
            type Post @model { id: ID! blogField: Blog @belongsTo }
            """)
        #expect(output.printed("Blog").contains("blogPostId: ID"))
        #expect(output.printed("Post").contains("postBlogFieldId: ID"))
        #expect(output.printed("CreatePostInput").contains("postBlogFieldId: ID"))
    }

    @Test func compositeParentKeysAddOneForeignKeyPerKeyField() throws {
        let output = try Transform.output(
            """
            type Post @model { id: ID! @primaryKey(sortKeyFields: ["title"]) title: String! comments: [Comment] @hasMany }
            type Comment @model { id: ID! @primaryKey(sortKeyFields: ["content"]) content: String! post: Post @belongsTo }
            """)
        let comment = output.printed("Comment")
        #expect(comment.contains("postCommentsId: ID\n  postCommentsTitle: String\n"))
        // The connection's sort-key argument follows the related model's own key.
        #expect(output.printed("Post").contains("comments(content: ModelStringKeyConditionInput, filter:"))
        #expect(output.catalog.model(named: "Comment")?.indexes.first?.sortKeyFields == ["postCommentsTitle"])
    }

    @Test func manyToManyCreatesTheJoinModel() throws {
        let output = try Transform.output(
            """
            type Post @model { id: ID! title: String! tags: [Tag] @manyToMany(relationName: "PostTags") }
            type Tag @model { id: ID! label: String! posts: [Post] @manyToMany(relationName: "PostTags") }
            """)
        #expect(
            output.printed("PostTags") == """
                type PostTags {
                  id: ID!
                  postId: ID!
                  tagId: ID!
                  post: Post!
                  tag: Tag!
                  createdAt: AWSDateTime!
                  updatedAt: AWSDateTime!
                }
                """)
        #expect(
            output.printed("Post").contains(
                "tags(filter: ModelPostTagsFilterInput, sortDirection: ModelSortDirection, limit: Int, nextToken: String): ModelPostTagsConnection"
            ))
        #expect(output.printed("Tag").contains("posts(filter: ModelPostTagsFilterInput,"))
        let join = try output.catalog.require("PostTags")
        #expect(join.isJoinModel)
        #expect(join.indexes.map(\.name) == ["byPost", "byTag"])
        #expect(join.indexes.map(\.queryField) == ["postTagsByPostId", "postTagsByTagId"])
        #expect(join.field(named: "post")?.relationship?.foreignKeyFields == ["postId"])
        let tags = try #require(output.catalog.require("Post").field(named: "tags"))
        #expect(tags.kind == .model("PostTags") && tags.relationship?.manyToManyTarget == "Tag")
        #expect(tags.relationship?.foreignKeyFields == ["postId"] && tags.relationship?.associatedField == "post")
        #expect(!output.rootField("postTagsByTagId").isEmpty)
    }

    @Test func olderProjectsNameJoinKeysPostID() throws {
        let output = try Transform.output(
            """
            type Post @model { id: ID! tags: [Tag] @manyToMany(relationName: "PostTags") }
            type Tag @model { id: ID! posts: [Post] @manyToMany(relationName: "PostTags") }
            """,
            options: TransformOptions(respectsPrimaryKeyAttributesOnConnectionField: false))
        #expect(output.printed("PostTags").contains("  postID: ID!\n  tagID: ID!\n"))
    }

    @Test func joinModelKeysFollowCompositeKeys() throws {
        let output = try Transform.output(
            """
            type Post @model { postId: ID! @primaryKey(sortKeyFields: ["title"]) title: String! tags: [Tag] @manyToMany(relationName: "PostTags") }
            type Tag @model { id: ID! @primaryKey(sortKeyFields: ["name"]) name: String! posts: [Post] @manyToMany(relationName: "PostTags") }
            """)
        // Amplify appends sort-key names as written.
        #expect(
            output.printed("PostTags").contains(
                "  postPostId: ID!\n  posttitle: String!\n  tagId: ID!\n  tagname: String!\n"))
    }
}
