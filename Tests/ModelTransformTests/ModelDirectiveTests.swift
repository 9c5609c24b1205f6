import GraphQLLanguage
import ModelTransform
import Testing

/// `@model`: the object type, connection, queries, mutations, subscriptions and their inputs
/// (reference §1).
@Suite struct ModelDirectiveTests {
    static let post = """
        type Post @model { id: ID! title: String! rating: Int status: Status tags: [String] }
        enum Status { DRAFT PUBLISHED }
        """

    @Test func modelGetsTimestampsConnectionAndRootFields() throws {
        let output = try Transform.output(Self.post)
        #expect(
            output.printed("Post") == """
                type Post {
                  id: ID!
                  title: String!
                  rating: Int
                  status: Status
                  tags: [String]
                  createdAt: AWSDateTime!
                  updatedAt: AWSDateTime!
                }
                """)
        #expect(
            output.printed("ModelPostConnection")
                == "type ModelPostConnection {\n  items: [Post]!\n  nextToken: String\n}")
        #expect(output.rootField("getPost") == "getPost(id: ID!): Post")
        #expect(
            output.rootField("listPosts")
                == "listPosts(filter: ModelPostFilterInput, limit: Int, nextToken: String): ModelPostConnection")
        #expect(
            output.rootField("createPost")
                == "createPost(input: CreatePostInput!, condition: ModelPostConditionInput): Post")
        #expect(
            output.rootField("deletePost")
                == "deletePost(input: DeletePostInput!, condition: ModelPostConditionInput): Post")
        #expect(
            output.rootField("onUpdatePost")
                == #"onUpdatePost(filter: ModelSubscriptionPostFilterInput): Post @aws_subscribe(mutations: ["updatePost"])"#
        )
    }

    @Test func createInputHasOptionalIDAndNoTimestamps() throws {
        let output = try Transform.output(Self.post)
        #expect(
            output.printed("CreatePostInput") == """
                input CreatePostInput {
                  id: ID
                  title: String!
                  rating: Int
                  status: Status
                  tags: [String]
                }
                """)
        #expect(
            output.printed("UpdatePostInput") == """
                input UpdatePostInput {
                  id: ID!
                  title: String
                  rating: Int
                  status: Status
                  tags: [String]
                }
                """)
        #expect(output.printed("DeletePostInput") == "input DeletePostInput {\n  id: ID!\n}")
    }

    @Test func idIsOptionalOnCreateOnlyForIDAndString() throws {
        let output = try Transform.output(
            "type Task @model { id: Int! title: String! } type Note @model { id: String! body: String }")
        #expect(output.printed("CreateTaskInput") == "input CreateTaskInput {\n  id: Int!\n  title: String!\n}")
        #expect(output.printed("CreateNoteInput") == "input CreateNoteInput {\n  id: String\n  body: String\n}")
        // get and delete keep Amplify's `id: ID!` whatever the field's type.
        #expect(output.rootField("getTask") == "getTask(id: ID!): Task")
        // An Int id is not the auto-generated key, so conditions may test it.
        #expect(output.printed("ModelTaskConditionInput").contains("id: ModelIntInput"))
    }

    @Test func modelWithoutIDGetsOneAfterItsFields() throws {
        let output = try Transform.output("type Todo @model { content: String }")
        #expect(
            output.printed("Todo")
                == "type Todo {\n  content: String\n  id: ID!\n  createdAt: AWSDateTime!\n  updatedAt: AWSDateTime!\n}")
        #expect(output.printed("CreateTodoInput") == "input CreateTodoInput {\n  content: String\n  id: ID\n}")
        #expect(output.printed("UpdateTodoInput") == "input UpdateTodoInput {\n  content: String\n  id: ID!\n}")
        let id = try #require(output.catalog.model(named: "Todo")?.field(named: "id"))
        #expect(id.origin == .implicitID)
    }

    @Test func filterConditionAndSubscriptionInputs() throws {
        let output = try Transform.output(Self.post)
        #expect(
            output.printed("ModelPostFilterInput") == """
                input ModelPostFilterInput {
                  id: ModelIDInput
                  title: ModelStringInput
                  rating: ModelIntInput
                  status: ModelStatusInput
                  tags: ModelStringInput
                  createdAt: ModelStringInput
                  updatedAt: ModelStringInput
                  and: [ModelPostFilterInput]
                  or: [ModelPostFilterInput]
                  not: ModelPostFilterInput
                }
                """)
        // The condition leaves out the key; implicit timestamps follow the combinators.
        #expect(
            output.printed("ModelPostConditionInput") == """
                input ModelPostConditionInput {
                  title: ModelStringInput
                  rating: ModelIntInput
                  status: ModelStatusInput
                  tags: ModelStringInput
                  and: [ModelPostConditionInput]
                  or: [ModelPostConditionInput]
                  not: ModelPostConditionInput
                  createdAt: ModelStringInput
                  updatedAt: ModelStringInput
                }
                """)
        // Subscription filters compare enums as strings and have no `not`.
        #expect(
            output.printed("ModelSubscriptionPostFilterInput") == """
                input ModelSubscriptionPostFilterInput {
                  id: ModelSubscriptionIDInput
                  title: ModelSubscriptionStringInput
                  rating: ModelSubscriptionIntInput
                  status: ModelSubscriptionStringInput
                  tags: ModelSubscriptionStringInput
                  createdAt: ModelSubscriptionStringInput
                  updatedAt: ModelSubscriptionStringInput
                  and: [ModelSubscriptionPostFilterInput]
                  or: [ModelSubscriptionPostFilterInput]
                }
                """)
    }

    @Test func enumFieldsGetEnumAndEnumListFilterInputs() throws {
        let output = try Transform.output(
            "type Hero @model { id: ID! episode: Episode appearsIn: [Episode!] } enum Episode { NEWHOPE EMPIRE }")
        #expect(output.printed("ModelEpisodeInput") == "input ModelEpisodeInput {\n  eq: Episode\n  ne: Episode\n}")
        #expect(
            output.printed("ModelEpisodeListInput") == """
                input ModelEpisodeListInput {
                  eq: [Episode]
                  ne: [Episode]
                  contains: Episode
                  notContains: Episode
                }
                """)
        #expect(output.printed("ModelHeroFilterInput").contains("appearsIn: ModelEpisodeListInput"))
    }

    @Test func scalarFilterInputsHaveEveryOperatorOfTheReference() throws {
        let output = try Transform.output(Self.post)
        func operators(_ name: String) -> [String] {
            output.printed(name).split(separator: "\n").dropFirst().dropLast().map {
                String($0.trimmingCharacters(in: .whitespaces).split(separator: ":")[0])
            }
        }
        let stringOperators =
            "ne eq le lt ge gt contains notContains between beginsWith attributeExists attributeType size"
        #expect(operators("ModelStringInput").joined(separator: " ") == stringOperators)
        #expect(operators("ModelIDInput").joined(separator: " ") == stringOperators)
        #expect(
            operators("ModelIntInput").joined(separator: " ")
                == "ne eq le lt ge gt between attributeExists attributeType")
        #expect(operators("ModelFloatInput") == operators("ModelIntInput"))
        #expect(operators("ModelBooleanInput").joined(separator: " ") == "ne eq attributeExists attributeType")
        #expect(operators("ModelSizeInput").joined(separator: " ") == "ne eq le lt ge gt between")
        #expect(
            operators("ModelSubscriptionStringInput").joined(separator: " ")
                == "ne eq le lt ge gt contains notContains between beginsWith in notIn")
        #expect(operators("ModelSubscriptionIDInput") == operators("ModelSubscriptionStringInput"))
        #expect(operators("ModelSubscriptionIntInput").joined(separator: " ") == "ne eq le lt ge gt between in notIn")
        #expect(operators("ModelSubscriptionFloatInput") == operators("ModelSubscriptionIntInput"))
        #expect(operators("ModelSubscriptionBooleanInput").joined(separator: " ") == "ne eq")
        #expect(
            output.printed("ModelAttributeTypes").split(separator: "\n").dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
                == "binary binarySet bool list map number numberSet string stringSet _null")
        #expect(output.printed("ModelSortDirection") == "enum ModelSortDirection {\n  ASC\n  DESC\n}")
    }

    @Test func appSyncScalarsFilterAsStringAndTimestampsAsInt() throws {
        let output = try Transform.output(
            "type Event @model { id: ID! at: AWSDateTime day: AWSDate seen: AWSTimestamp meta: AWSJSON }")
        let filter = output.printed("ModelEventFilterInput")
        #expect(filter.contains("at: ModelStringInput"))
        #expect(filter.contains("day: ModelStringInput"))
        #expect(filter.contains("seen: ModelIntInput"))
        #expect(filter.contains("meta: ModelStringInput"))
        #expect(output.printed("ModelSubscriptionEventFilterInput").contains("seen: ModelSubscriptionIntInput"))
    }

    @Test func customTimestampNamesAndNoTimestamps() throws {
        let output = try Transform.output(
            """
            type A @model(timestamps: { createdAt: "createdOn", updatedAt: "updatedOn" }) { content: String }
            type B @model(timestamps: null) { id: ID! }
            type C @model(timestamps: { createdAt: null }) { id: ID! }
            type D @model { id: ID! createdAt: AWSDateTime! }
            """)
        #expect(output.printed("A").contains("createdOn: AWSDateTime!\n  updatedOn: AWSDateTime!"))
        #expect(output.printed("B") == "type B {\n  id: ID!\n}")
        #expect(output.printed("C") == "type C {\n  id: ID!\n  updatedAt: AWSDateTime!\n}")
        // A declared timestamp stays where it is written and is optional on create.
        #expect(output.printed("D") == "type D {\n  id: ID!\n  createdAt: AWSDateTime!\n  updatedAt: AWSDateTime!\n}")
        #expect(output.printed("CreateDInput") == "input CreateDInput {\n  id: ID\n  createdAt: AWSDateTime\n}")
        let timestamps = try output.catalog.require("A").timestamps
        #expect(timestamps.createdAt == "createdOn" && timestamps.updatedAt == "updatedOn")
    }

    @Test func modelArgumentsSwitchOperationsOffOrRenameThem() throws {
        let output = try Transform.output(
            """
            type NoQueries @model(queries: null) { id: ID! }
            type NoMutations @model(mutations: null) { id: ID! }
            type NoSubscriptions @model(subscriptions: null) { id: ID! }
            type Renamed @model(queries: { get: "fetchRenamed" }, mutations: { delete: null },
                subscriptions: { onCreate: ["renamedAdded"] }) { id: ID! }
            """)
        #expect(output.rootField("getNoQueries").isEmpty && output.rootField("listNoQueries").isEmpty)
        #expect(!output.hasType("ModelNoQueriesConnection"))
        #expect(!output.rootField("createNoQueries").isEmpty)
        #expect(output.rootField("createNoMutations").isEmpty)
        // Subscriptions listen to mutations, so none without them.
        #expect(output.rootField("onCreateNoMutations").isEmpty)
        #expect(!output.hasType("CreateNoMutationsInput"))
        #expect(output.rootField("onCreateNoSubscriptions").isEmpty)
        #expect(!output.hasType("ModelSubscriptionNoSubscriptionsFilterInput"))
        #expect(output.rootField("fetchRenamed") == "fetchRenamed(id: ID!): Renamed")
        #expect(!output.rootField("listRenameds").isEmpty)
        #expect(output.rootField("deleteRenamed").isEmpty && !output.hasType("DeleteRenamedInput"))
        #expect(output.rootField("renamedAdded").hasSuffix(#"@aws_subscribe(mutations: ["createRenamed"])"#))
        #expect(output.rootField("onDeleteRenamed").isEmpty)
        let operations = try output.catalog.require("Renamed").operations
        #expect(operations.get == "fetchRenamed" && operations.delete == nil && operations.onCreate == ["renamedAdded"])
    }

    @Test func nonModelTypesGetInputTypesAndStayOutOfFilters() throws {
        let output = try Transform.output(
            """
            type Blog @model { id: ID! customs: [Custom] }
            type Custom { id: ID! name: String! children: [Nested] }
            type Nested { value: Int }
            """)
        #expect(
            output.printed("CustomInput")
                == "input CustomInput {\n  id: ID!\n  name: String!\n  children: [NestedInput]\n}")
        #expect(output.printed("NestedInput") == "input NestedInput {\n  value: Int\n}")
        #expect(output.printed("CreateBlogInput").contains("customs: [CustomInput]"))
        #expect(!output.printed("ModelBlogFilterInput").contains("customs"))
        #expect(output.printed("Custom") == "type Custom {\n  id: ID!\n  name: String!\n  children: [Nested]\n}")
        let catalog = output.catalog
        #expect(catalog.nonModelType(named: "Custom")?.fields.map(\.name) == ["id", "name", "children"])
        #expect(try catalog.require("Blog").field(named: "customs")?.kind == .embedded("Custom"))
    }

    @Test func amplifyInputIsASettingNotAType() throws {
        let output = try Transform.output(
            "input AMPLIFY { globalAuthRule: AuthRule = { allow: public } } type Post @model { id: ID! }")
        #expect(!output.hasType("AMPLIFY"))
        #expect(output.catalog.authorization.isSandbox)
    }

    @Test func customRootFieldsAndTypesArePassedThrough() throws {
        let output = try Transform.output(
            """
            type Query { echo(message: String!): String }
            type Post @model { id: ID! }
            union Result = Post
            """)
        let query = output.printed("Query")
        #expect(query.hasPrefix("type Query {\n  echo(message: String!): String\n  getPost(id: ID!): Post"))
        #expect(output.printed("Result") == "union Result = Post")
    }

    @Test func outputParsesAndBuildsAnAppSyncSchema() throws {
        let output = try Transform.output(Self.post)
        let schema = try Schema(sdl: output.appSyncSchema, options: .appSync)
        #expect(schema.type(named: "ModelPostConnection") != nil)
        #expect(output.appSyncSchema.hasSuffix("}\n"))
    }
}
