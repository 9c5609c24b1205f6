import ModelTransform
import Testing

/// `@primaryKey` and `@index` (reference §3).
@Suite struct KeyDirectiveTests {
    static let composite = """
        type Test @model { email: String! @primaryKey(sortKeyFields: ["kind", "other"]) kind: Int! other: AWSDateTime! name: String }
        """

    @Test func compositePrimaryKeyShapesGetListAndInputs() throws {
        let output = try Transform.output(Self.composite)
        #expect(output.rootField("getTest") == "getTest(email: String!, kind: Int!, other: AWSDateTime!): Test")
        #expect(
            output.rootField("listTests")
                == "listTests(email: String, kindOther: ModelTestPrimaryCompositeKeyConditionInput, filter: ModelTestFilterInput, limit: Int, nextToken: String, sortDirection: ModelSortDirection): ModelTestConnection"
        )
        #expect(
            output.printed("ModelTestPrimaryCompositeKeyConditionInput") == """
                input ModelTestPrimaryCompositeKeyConditionInput {
                  eq: ModelTestPrimaryCompositeKeyInput
                  le: ModelTestPrimaryCompositeKeyInput
                  lt: ModelTestPrimaryCompositeKeyInput
                  ge: ModelTestPrimaryCompositeKeyInput
                  gt: ModelTestPrimaryCompositeKeyInput
                  between: [ModelTestPrimaryCompositeKeyInput]
                  beginsWith: ModelTestPrimaryCompositeKeyInput
                }
                """)
        // The last sort key, which beginsWith may cut short, is compared as its filter scalar.
        #expect(
            output.printed("ModelTestPrimaryCompositeKeyInput")
                == "input ModelTestPrimaryCompositeKeyInput {\n  kind: Int\n  other: String\n}")
        #expect(
            output.printed("UpdateTestInput")
                == "input UpdateTestInput {\n  email: String!\n  kind: Int!\n  other: AWSDateTime!\n  name: String\n}")
        #expect(
            output.printed("DeleteTestInput")
                == "input DeleteTestInput {\n  email: String!\n  kind: Int!\n  other: AWSDateTime!\n}")
        // Key fields cannot be conditions of a write.
        #expect(
            output.printed("ModelTestConditionInput").hasPrefix(
                "input ModelTestConditionInput {\n  name: ModelStringInput\n  and:"))
        #expect(!output.printed("Test").contains("id:"))
        let key = try output.catalog.require("Test").primaryKey
        #expect(key.partitionKey == "email" && key.sortKeyFields == ["kind", "other"] && key.isExplicit)
    }

    @Test func singleSortKeyUsesTheScalarKeyCondition() throws {
        let output = try Transform.output(
            "type Reading @model { id: ID! @primaryKey(sortKeyFields: [\"serial\"]) serial: Int! }")
        #expect(
            output.rootField("listReadings")
                == "listReadings(id: ID, serial: ModelIntKeyConditionInput, filter: ModelReadingFilterInput, limit: Int, nextToken: String, sortDirection: ModelSortDirection): ModelReadingConnection"
        )
        #expect(
            output.printed("ModelIntKeyConditionInput") == """
                input ModelIntKeyConditionInput {
                  eq: Int
                  le: Int
                  lt: Int
                  ge: Int
                  gt: Int
                  between: [Int]
                }
                """)
    }

    @Test func primaryKeyWithoutSortKeyStillAddsListKeyArguments() throws {
        let output = try Transform.output("type Account @model { userId: ID! @primaryKey name: String }")
        #expect(
            output.rootField("listAccounts")
                == "listAccounts(userId: ID, filter: ModelAccountFilterInput, limit: Int, nextToken: String, sortDirection: ModelSortDirection): ModelAccountConnection"
        )
        #expect(output.rootField("getAccount") == "getAccount(userId: ID!): Account")
        // No `id` is added, and the key stays required on create.
        #expect(output.printed("CreateAccountInput") == "input CreateAccountInput {\n  userId: ID!\n  name: String\n}")
    }

    @Test func indexWithQueryFieldAddsAKeyQuery() throws {
        let output = try Transform.output(
            """
            type Post @model { id: ID! category: String! @index(name: "byCategory", sortKeyFields: ["createdAt"], queryField: "postsByCategory") createdAt: AWSDateTime! }
            """)
        #expect(
            output.rootField("postsByCategory")
                == "postsByCategory(category: String!, createdAt: ModelStringKeyConditionInput, sortDirection: ModelSortDirection, filter: ModelPostFilterInput, limit: Int, nextToken: String): ModelPostConnection"
        )
        let index = try #require(output.catalog.require("Post").indexes.first)
        #expect(index.name == "byCategory" && index.partitionKey == "category" && index.sortKeyFields == ["createdAt"])
    }

    @Test func indexWithoutQueryFieldGetsAGeneratedOneUnlessNull() throws {
        let output = try Transform.output(
            """
            type Post @model {
              id: ID!
              category: String! @index(sortKeyFields: ["createdAt"])
              author: String @index(name: "byAuthor", queryField: null)
              createdAt: AWSDateTime!
            }
            """)
        #expect(
            output.rootField("postsByCategoryAndCreatedAt").hasPrefix("postsByCategoryAndCreatedAt(category: String!"))
        let indexes = try output.catalog.require("Post").indexes
        #expect(indexes.map(\.name) == ["postsByCategoryAndCreatedAt", "byAuthor"])
        #expect(indexes[1].queryField == nil)
        #expect(!output.printed("Query").contains("author: String!"))
        let withoutGenerated = try Transform.output(
            "type Post @model { id: ID! category: String! @index(name: \"byCategory\") }",
            options: TransformOptions(generatesIndexQueryFields: false))
        #expect(!withoutGenerated.printed("Query").contains("ByCategory"))
    }

    @Test func compositeIndexSortKeyUsesTheIndexName() throws {
        let output = try Transform.output(
            """
            type Item @model { id: ID! owner: String! @index(name: "byOwner", sortKeyFields: ["kind", "at"], queryField: "itemsByOwner") kind: String! at: AWSDateTime! }
            """)
        #expect(output.rootField("itemsByOwner").contains("kindAt: ModelItemByOwnerCompositeKeyConditionInput"))
        #expect(
            output.printed("ModelItemByOwnerCompositeKeyInput")
                == "input ModelItemByOwnerCompositeKeyInput {\n  kind: String\n  at: String\n}")
    }

    @Test func enumSortKeysCompareAsStrings() throws {
        let output = try Transform.output(
            "type Job @model { id: ID! @primaryKey(sortKeyFields: [\"state\"]) state: State! } enum State { OPEN DONE }"
        )
        #expect(output.rootField("listJobs").contains("state: ModelStringKeyConditionInput"))
    }
}
