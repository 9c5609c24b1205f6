import ModelTransform
import Testing

/// Every problem is a diagnostic at `file:line:column`, and a schema with errors produces no output.
@Suite struct DiagnosticTests {
    private func messages(_ sdl: String) -> [String] { Transform.errors(sdl).map(\.description) }

    @Test func syntaxErrorsCarryTheirPosition() {
        #expect(
            messages("type Post @model {\n  id: ID!\n  title String\n}") == [
                "schema.graphql:3:9: error: Expected \":\", found Name \"String\"."
            ])
    }

    @Test func unknownDirectivesAndArguments() {
        #expect(
            messages(
                """
                type Post @model @cached {
                  id: ID! @index(name: "byId", sort: ["x"])
                  title: String @index(sortKeyFields: 3)
                }
                """) == [
                    "schema.graphql:1:18: error: Unknown directive @cached; Transformer v2 schemas use @model, @primaryKey, @index, @hasMany, @hasOne, @belongsTo, @manyToMany, @default and @auth",
                    "schema.graphql:2:32: error: Unknown argument \"sort\" on @index; it takes name, queryField, sortKeyFields",
                    "schema.graphql:3:24: error: @index(sortKeyFields:) expects a list of strings, not a number",
                ])
    }

    @Test func directivesInTheWrongPlace() {
        #expect(
            messages("type Post @model @hasMany { id: ID! @model }") == [
                "schema.graphql:1:18: error: @hasMany cannot be used on an object type; it belongs on a field",
                "schema.graphql:1:37: error: @model cannot be used on a field; it belongs on an object type",
            ])
    }

    @Test func relationshipsToMissingOrNonModelTypes() {
        #expect(
            messages(
                """
                type Blog @model {
                  id: ID!
                  posts: [Post] @hasMany
                  owner: Person @hasOne
                  title: String @hasOne
                }
                type Person { name: String }
                """) == [
                    "schema.graphql:3:3: error: Unknown type \"Post\" for field Blog.posts",
                    "schema.graphql:4:17: error: @hasOne on Blog.owner: Object type Person must be annotated with @model",
                    "schema.graphql:5:17: error: @hasOne on Blog.title needs a @model type, not String",
                ])
    }

    @Test func belongsToNeedsAHasManyOrHasOneOnTheOtherSide() {
        #expect(
            messages("type Blog @model { id: ID! } type Post @model { id: ID! blog: Blog @belongsTo }") == [
                "schema.graphql:1:68: error: @belongsTo on Post.blog: Blog must have a relationship with Post in order to use @belongsTo; add a @hasMany or @hasOne field of type Post to Blog, or use @hasOne here"
            ])
    }

    @Test func listShapesOfRelationships() {
        #expect(
            messages(
                """
                type A @model { id: ID! b: B @hasMany c: [C] @hasOne }
                type B @model { id: ID! }
                type C @model { id: ID! }
                """) == [
                    "schema.graphql:1:30: error: @hasMany on A.b: @hasMany must be used with a list. Use @hasOne for non-list types.",
                    "schema.graphql:1:46: error: @hasOne on A.c: @hasOne cannot be used with lists. Use @hasMany for lists.",
                ])
    }

    @Test func keyFieldsMustExistAndBeRequiredScalars() {
        #expect(
            messages(
                """
                type Post @model {
                  id: ID! @primaryKey(sortKeyFields: ["missing"])
                  slug: String @index(name: "bySlug", sortKeyFields: ["tags"])
                  tags: [String]
                }
                type Comment @model { key: String @primaryKey }
                """) == [
                    "schema.graphql:2:11: error: Can't find field 'missing' in Post, but it was specified in the primary key of Post",
                    "schema.graphql:3:16: error: index \"bySlug\" on Post: field 'tags' must be a scalar or enum, not [String]",
                    "schema.graphql:6:35: error: the primary key of Comment must reference non-null fields; make 'key' String!",
                ])
    }

    @Test func relationshipFieldsMustNameScalarFieldsOfTheRightType() {
        #expect(
            messages(
                """
                type Project @model { id: ID! teamID: Int team: Team @hasOne(fields: ["teamId"]) other: Team @hasOne(fields: ["teamID"]) }
                type Team @model { id: ID! }
                """) == [
                    "schema.graphql:1:54: error: @hasOne on Project.team: teamId is not a field in Project",
                    "schema.graphql:1:94: error: @hasOne on Project.other: teamID field is not of type ID",
                ])
    }

    @Test func namesTakenFromArgumentsMustBeGraphQLNames() {
        #expect(
            messages(
                """
                type Post @model(queries: { get: "get-post" }) @auth(rules: [{ allow: owner, ownerField: "the owner" }]) {
                  id: ID! category: String @index(name: "byCategory", queryField: "posts by category")
                }
                """) == [
                    "schema.graphql:1:29: error: @model(queries: { get: }) \"get-post\" is not a valid GraphQL name (letters, digits and _, not starting with a digit)",
                    "schema.graphql:1:78: error: @auth rule ownerField \"the owner\" is not a valid GraphQL name (letters, digits and _, not starting with a digit)",
                    "schema.graphql:2:28: error: @index(queryField:) \"posts by category\" is not a valid GraphQL name (letters, digits and _, not starting with a digit)",
                ])
    }

    @Test func operationsGeneratedTwiceAreErrors() {
        #expect(
            messages("type Query { getPost: String } type Post @model { id: ID! }") == [
                "schema.graphql: error: Query.getPost would be generated twice (or is declared in the schema too); rename a model or set the name with @model(queries:mutations:subscriptions:) or @index(queryField:)"
            ])
    }

    @Test func hasManyIndexMustExist() {
        #expect(
            messages(
                """
                type Post @model { id: ID! comments: [Comment] @hasMany(indexName: "byPost", fields: ["id"]) }
                type Comment @model { id: ID! postID: ID! }
                """) == [
                    "schema.graphql:1:48: error: @hasMany on Post.comments: Index byPost does not exist for model Comment"
                ])
    }

    @Test func reservedNames() {
        #expect(
            messages("type Query @model { id: ID! } type Post @model { id: ID! and: String }") == [
                "schema.graphql:1:1: error: 'Query' is a reserved type name and cannot be a @model",
                "schema.graphql:1:58: error: field name \"and\" is reserved: the filter inputs of Post use it to combine conditions",
            ])
        #expect(
            messages("type Post @model { id: ID! } input CreatePostInput { id: ID }") == [
                "schema.graphql:1:30: error: type CreatePostInput has the name of a type the transform generates; rename it"
            ])
    }

    @Test func duplicateTypes() {
        #expect(
            messages("type Post @model { id: ID! }\ntype Post { id: ID! }") == [
                "schema.graphql:2:1: error: There can be only one type named \"Post\" (first defined at 1:1)"
            ])
    }

    @Test func manyToManyNeedsTwoSides() {
        #expect(
            messages(
                "type Post @model { id: ID! tags: [Tag] @manyToMany(relationName: \"PostTags\") } type Tag @model { id: ID! }"
            ) == ["schema.graphql:1:40: error: relationNames should have 2 occurrences. 'PostTags' has '1' occurrences"]
        )
    }

    @Test func unsupportedDirectivesAreRefusedOrIgnoredWithTheReason() throws {
        #expect(
            messages(
                """
                type Post @model { id: ID! summary: String @predictions(actions: [translateText]) }
                type Row @model { id: ID! total: Int @sql(statement: "SELECT 1") }
                """) == [
                    "schema.graphql:1:44: error: @predictions rewrites the field with Amazon AI service inputs, which is not supported (on field Post.summary)",
                    "schema.graphql:2:38: error: @sql needs an SQL data source; only DynamoDB-backed models are supported (on field Row.total)",
                ])
        let output = try Transform.output(
            """
            type Post @model @searchable @aws_iam { id: ID! title: String }
            type Query { echo(msg: String): String @function(name: "echo-${env}") weather: String @http(url: "https://example.com") }
            """)
        #expect(
            output.warnings.map(\.description) == [
                "schema.graphql:1:18: warning: ignored @searchable on type Post: @searchable needs an OpenSearch domain; the searchX query and its Searchable* types are not generated",
                "schema.graphql:1:30: warning: ignored @aws_iam on the @model type Post: write @auth rules and the transform chooses the AppSync directives",
                "schema.graphql:2:40: warning: ignored @function on field Query.echo: @function resolvers run in AWS Lambda; the field is kept but no resolver is attached",
                "schema.graphql:2:87: warning: ignored @http on field Query.weather: @http resolvers call external services; the field is kept but no resolver is attached",
            ])
        #expect(output.printed("Query").contains("echo(msg: String): String\n"))
        #expect(!output.appSyncSchema.contains("@searchable"))
    }

    @Test func nonModelTypesCannotHoldModels() {
        #expect(
            messages("type Post @model { id: ID! meta: Meta } type Meta { author: Post }") == [
                "schema.graphql:1:53: error: field Meta.author has the @model type Post; a type without @model is stored inside items and cannot hold a relationship"
            ])
    }

    @Test func appSyncHasNoCustomScalars() {
        #expect(
            messages("scalar Money type Price @model { id: ID! amount: Money }") == [
                "schema.graphql:1:1: error: AppSync has no custom scalars; use one of its scalars (AWSDateTime, AWSJSON, …) instead of Money"
            ])
    }

    @Test func descriptionsWithoutAFileNameStartAtTheLine() throws {
        do {
            _ = try ModelTransformer.transform("type Post @model @cached { id: ID! }")
            Issue.record("expected an error")
        } catch {
            #expect(error.diagnostics.first?.description.hasPrefix("1:18: error: Unknown directive @cached") == true)
            #expect(error.errors.count == 1)
        }
    }
}
