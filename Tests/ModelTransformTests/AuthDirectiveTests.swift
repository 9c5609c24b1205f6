import ModelTransform
import Testing

/// `@auth` rules and the AppSync auth directives they place (reference §5).
@Suite struct AuthDirectiveTests {
    @Test func rulesForTheDefaultModeOnlyAddNoDirectives() throws {
        let output = try Transform.output("type Post @model @auth(rules: [{ allow: public }]) { id: ID! }")
        #expect(
            output.printed("Post") == "type Post {\n  id: ID!\n  createdAt: AWSDateTime!\n  updatedAt: AWSDateTime!\n}")
        #expect(!output.appSyncSchema.contains("@aws_api_key"))
        let rule = try #require(output.catalog.require("Post").authRules.first)
        #expect(rule.strategy == .public && rule.provider == .apiKey && rule.operations == nil)
    }

    @Test func ownerRulesAddTheOwnerFieldDirectivesAndSubscriptionArgument() throws {
        let output = try Transform.output(
            "type Todo @model @auth(rules: [{ allow: owner }]) { id: ID! content: String }")
        #expect(output.printed("Todo").hasPrefix("type Todo @aws_cognito_user_pools {"))
        #expect(output.printed("Todo").hasSuffix("updatedAt: AWSDateTime!\n  owner: String\n}"))
        #expect(output.printed("ModelTodoConnection").hasPrefix("type ModelTodoConnection @aws_cognito_user_pools {"))
        #expect(output.rootField("getTodo") == "getTodo(id: ID!): Todo @aws_cognito_user_pools")
        #expect(
            output.rootField("onCreateTodo")
                == #"onCreateTodo(filter: ModelSubscriptionTodoFilterInput, owner: String): Todo @aws_subscribe(mutations: ["createTodo"]) @aws_cognito_user_pools"#
        )
        // The implicit owner is not an input field, but filters accept it.
        #expect(!output.printed("CreateTodoInput").contains("owner"))
        #expect(output.printed("ModelTodoFilterInput").hasSuffix("  owner: ModelStringInput\n}"))
        #expect(
            output.printed("ModelSubscriptionTodoFilterInput").hasSuffix(
                "  or: [ModelSubscriptionTodoFilterInput]\n  owner: ModelStringInput\n}"))
        let rule = try #require(output.catalog.require("Todo").authRules.first)
        #expect(rule.provider == .userPools && rule.ownerField == "owner" && rule.identityClaim == "sub::username")
        #expect(try output.catalog.require("Todo").field(named: "owner")?.origin == .authorization)
    }

    @Test func mixingModesAddsTheDefaultModeToTheOthers() throws {
        let output = try Transform.output(
            "type Post @model @auth(rules: [{ allow: owner }, { allow: public, operations: [read] }]) { id: ID! }")
        #expect(output.printed("Post").hasPrefix("type Post @aws_cognito_user_pools @aws_api_key {"))
        #expect(output.rootField("listPosts").hasSuffix("ModelPostConnection @aws_api_key @aws_cognito_user_pools"))
        // Writes are the owner's only, so they admit user pools alone.
        #expect(output.rootField("createPost").hasSuffix("): Post @aws_cognito_user_pools"))
        #expect(
            output.printed("ModelPostConnection").hasPrefix(
                "type ModelPostConnection @aws_api_key @aws_cognito_user_pools {"))
    }

    @Test func operationsWithoutAnyRuleKeepOnlyTheDefaultMode() throws {
        let output = try Transform.output(
            "type Todo @model @auth(rules: [{ allow: owner, operations: [read, create, delete] }]) { id: ID! }")
        #expect(output.rootField("updateTodo").hasSuffix("): Todo"))
        #expect(output.rootField("deleteTodo").hasSuffix("): Todo @aws_cognito_user_pools"))
    }

    @Test func everyProviderMapsToItsDirective() throws {
        let output = try Transform.output(
            """
            type A @model @auth(rules: [{ allow: private, provider: iam }]) { id: ID! }
            type B @model @auth(rules: [{ allow: owner, provider: oidc, identityClaim: "sub" }]) { id: ID! }
            type C @model @auth(rules: [{ allow: custom }]) { id: ID! }
            type D @model @auth(rules: [{ allow: groups, groups: ["Admins"] }]) { id: ID! }
            type E @model @auth(rules: [{ allow: public, provider: identityPool }]) { id: ID! }
            """)
        #expect(output.printed("A").hasPrefix("type A @aws_iam {"))
        #expect(output.printed("B").hasPrefix("type B @aws_oidc {"))
        #expect(output.printed("C").hasPrefix("type C @aws_lambda {"))
        #expect(output.printed("D").hasPrefix("type D @aws_cognito_user_pools {"))
        #expect(output.printed("E").hasPrefix("type E @aws_iam {"))
        #expect(try output.catalog.require("B").authRules.first?.identityClaim == "sub")
        #expect(try output.catalog.require("D").authRules.first?.groups == ["Admins"])
    }

    @Test func sandboxOpensModelsWithoutAuthToAPIKeysWhenTheDefaultIsAnother() throws {
        let schema = """
            input AMPLIFY { globalAuthRule: AuthRule = { allow: public } }
            type Post @model { id: ID! }
            """
        let userPoolsDefault = try Transform.output(
            schema, options: TransformOptions(defaultAuthorizationMode: .userPools))
        #expect(userPoolsDefault.printed("Post").hasPrefix("type Post @aws_api_key {"))
        #expect(userPoolsDefault.rootField("listPosts").hasSuffix("ModelPostConnection @aws_api_key"))
        #expect(userPoolsDefault.rootField("onCreatePost").hasSuffix("@aws_api_key"))
        let apiKeyDefault = try Transform.output(schema)
        #expect(!apiKeyDefault.appSyncSchema.contains("@aws_api_key"))
    }

    @Test func listOwnerFieldsAreNotSubscriptionArguments() throws {
        let output = try Transform.output(
            """
            type Todo @model @auth(rules: [{ allow: owner }, { allow: owner, ownerField: "editors", operations: [update, read] }]) {
              id: ID! owner: String editors: [String]
            }
            """)
        #expect(
            output.rootField("onCreateTodo").hasPrefix(
                "onCreateTodo(filter: ModelSubscriptionTodoFilterInput, owner: String)"))
        // Fields dynamic rules read move to the end of the subscription filter as plain string filters.
        #expect(
            output.printed("ModelSubscriptionTodoFilterInput").hasSuffix(
                "  or: [ModelSubscriptionTodoFilterInput]\n  owner: ModelStringInput\n  editors: ModelStringInput\n}"))
    }

    @Test func rulesAreCheckedAgainstStrategiesAndConfiguredModes() {
        let diagnostics = Transform.errors(
            """
            type A @model @auth(rules: [{ allow: owner, provider: apiKey }]) { id: ID! }
            type B @model @auth(rules: [{ allow: private, provider: iam }]) { id: ID! }
            type C @model @auth(rules: [{ allow: owner, queries: [get] }]) { id: ID! }
            type D @model @auth(rules: [{ allow: everyone }]) { id: ID! }
            """,
            options: TransformOptions(defaultAuthorizationMode: .apiKey, additionalAuthorizationModes: [.userPools]))
        #expect(
            diagnostics.map(\.description) == [
                "schema.graphql:1:31: error: @auth rule { allow: owner } cannot use provider apiKey; it takes userPools, oidc",
                "schema.graphql:2:31: error: @auth rule uses provider iam, but the API has no AWS_IAM authorization mode; add it to the API or change the rule",
                "schema.graphql:3:45: error: @auth rule: queries is Transformer v1; in Transformer v2 list what the rule grants in operations: [create, read, update, delete]",
                "schema.graphql:4:31: error: @auth rule: allow must be public, private, owner, groups or custom",
            ])
    }
}
