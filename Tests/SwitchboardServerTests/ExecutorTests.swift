import Foundation
import GraphQLLanguage
import Testing

@testable import SwitchboardServer

/// The executor over a small schema with an interface, a union, enums, lists and non-null
/// fields, with resolvers that return canned values or fail.
@Suite struct ExecutorTests {
    static let sdl = """
        schema { query: Query mutation: Mutation }
        interface Character { id: ID! name: String }
        type Human implements Character { id: ID! name: String height: Float friends: [Character] }
        type Droid implements Character { id: ID! name: String primaryFunction: String! }
        union SearchResult = Human | Droid
        enum Episode { NEWHOPE EMPIRE JEDI }
        input ReviewInput { stars: Int! commentary: String tags: [String!] }
        type Review { stars: Int! commentary: String }
        type Query {
          hero(episode: Episode = JEDI): Character
          search(text: String!): [SearchResult!]
          broken: String
          brokenRequired: Human
          count(limit: Int): Int
          crew: [Character]
        }
        type Mutation { createReview(episode: Episode!, review: ReviewInput!): Review }
        """

    struct Context: Sendable {}

    struct Canned: FieldResolver {
        let value: @Sendable (FieldCall<Context>) throws -> JSON
        func resolve(_ call: FieldCall<Context>) async throws -> JSON { try value(call) }
    }

    static let luke: JSON = .object([
        "__typename": "Human", "id": "1000", "name": "Luke", "height": .double(1.72),
        "friends": .array([
            .object(["__typename": "Droid", "id": "2001", "name": "R2-D2", "primaryFunction": "Astromech"])
        ]),
    ])

    static func executor() throws -> Executor<Context> {
        let schema = try Schema(sdl: sdl)
        var resolvers = ResolverRegistry<Context>()
        resolvers.register(
            Canned { call in
                call.arguments["episode"] == .string("EMPIRE")
                    ? luke : .object(["__typename": "Droid", "id": "2001", "name": "R2-D2"])
            },
            type: "Query", field: "hero")
        resolvers.register(
            Canned { _ in .array([luke, .object(["__typename": "Droid", "id": "3", "name": nil])]) }, type: "Query",
            field: "search")
        resolvers.register(
            Canned { _ in throw ExecutionError("Boom", errorType: "Custom:Failure") }, type: "Query", field: "broken")
        resolvers.register(
            Canned { _ in .object(["__typename": "Human", "id": nil, "name": "x"]) }, type: "Query",
            field: "brokenRequired")
        resolvers.register(
            Canned { call in call.arguments["limit"] ?? .string("absent") }, type: "Query", field: "count")
        resolvers.register(
            Canned { _ in
                .array([
                    .object(["__typename": "Droid", "id": "2001", "name": "R2-D2", "primaryFunction": "Astromech"]),
                    .object(["__typename": "Droid", "id": "3", "name": "Broken", "primaryFunction": nil]), luke,
                ])
            }, type: "Query", field: "crew")
        resolvers.register(
            Canned { call in call.arguments["review"] ?? .null }, type: "Mutation", field: "createReview")
        return Executor(schema: schema, resolvers: resolvers)
    }

    static func run(_ query: String, variables: JSONObject = JSONObject(), operationName: String? = nil) async throws
        -> String
    {
        let document = try Parser.parse(query)
        let result = try await executor().execute(
            document, operationName: operationName, variables: variables, context: Context())
        return String(decoding: result.body, as: UTF8.self)
    }

    @Test func aliasesFragmentsAndAbstractTypes() async throws {
        let text = try await Self.run(
            """
            query Q { empire: hero(episode: EMPIRE) { ...Names ... on Human { height friends { name ... on Droid { primaryFunction } } } }
              hero { __typename name } }
            fragment Names on Character { id name }
            """)
        #expect(
            text
                == #"{"data":{"empire":{"id":"1000","name":"Luke","height":1.72,"friends":[{"name":"R2-D2","primaryFunction":"Astromech"}]},"hero":{"__typename":"Droid","name":"R2-D2"}}}"#
        )
    }

    @Test func skipAndIncludeFollowVariables() async throws {
        let query =
            "query Q($with: Boolean!) { hero { id name @include(if: $with) ... @skip(if: $with) { __typename } } }"
        #expect(
            try await Self.run(query, variables: ["with": true]) == #"{"data":{"hero":{"id":"2001","name":"R2-D2"}}}"#)
        #expect(
            try await Self.run(query, variables: ["with": false])
                == #"{"data":{"hero":{"id":"2001","__typename":"Droid"}}}"#)
    }

    @Test func resolverErrorsKeepTheRestOfTheData() async throws {
        let text = try await Self.run("{ broken hero { id } }")
        #expect(
            text
                == #"{"data":{"broken":null,"hero":{"id":"2001"}},"errors":[{"path":["broken"],"data":null,"errorType":"Custom:Failure","errorInfo":null,"locations":[{"line":1,"column":3,"sourceName":null}],"message":"Boom"}]}"#
        )
    }

    @Test func nullInANonNullFieldPropagatesToTheNearestNullableParent() async throws {
        let text = try await Self.run(
            "{ brokenRequired { id name } search(text: \"x\") { ... on Droid { primaryFunction } } }")
        #expect(
            text
                == #"{"data":{"brokenRequired":null,"search":null},"errors":[{"path":["brokenRequired","id"],"locations":[{"line":1,"column":20,"sourceName":null}],"message":"Cannot return null for non-nullable type: 'ID' within parent 'Human' (/brokenRequired/id)"},{"path":["search",1,"primaryFunction"],"locations":[{"line":1,"column":65,"sourceName":null}],"message":"Cannot return null for non-nullable type: 'String' within parent 'Droid' (/search[1]/primaryFunction)"}]}"#
        )
    }

    /// The response is written as values complete, so an item that turns null after part of it
    /// was written must leave nothing of itself behind, and what follows must still be whole.
    @Test func aListItemThatTurnsNullHalfWrittenLeavesOnlyNull() async throws {
        let text = try await Self.run(
            "{ crew { name ... on Droid { id primaryFunction } ... on Human { height } } after: count(limit: 1) }")
        #expect(
            text
                == #"{"data":{"crew":[{"name":"R2-D2","id":"2001","primaryFunction":"Astromech"},null,{"name":"Luke","height":1.72}],"after":1},"errors":[{"path":["crew",1,"primaryFunction"],"locations":[{"line":1,"column":33,"sourceName":null}],"message":"Cannot return null for non-nullable type: 'String' within parent 'Droid' (/crew[1]/primaryFunction)"}]}"#
        )
    }

    @Test func variablesAreCoercedWithAppSyncMessages() async throws {
        let mutation = """
            mutation M($review: ReviewInput!, $episode: Episode!) { createReview(episode: $episode, review: $review) { stars commentary } }
            """
        #expect(
            try await Self.run(
                mutation, variables: ["episode": "JEDI", "review": .object(["stars": 5, "tags": "one"])])
                == #"{"data":{"createReview":{"stars":5,"commentary":null}}}"#)
        #expect(
            try await Self.run(mutation, variables: ["episode": "JEDI", "review": .object(["stars": nil])])
                == #"{"data":null,"errors":[{"path":null,"locations":[{"line":1,"column":12,"sourceName":null}],"message":"Variable 'review' has coerced Null value for NonNull type 'Int!'"}]}"#
        )
        #expect(
            try await Self.run(
                mutation, variables: ["episode": "JEDI", "review": .object(["stars": 1, "tags": .array(["a", nil])])]
            )
            .contains("Variable 'review' has coerced Null value for NonNull type 'String!'"))
        #expect(
            try await Self.run(mutation, variables: ["episode": "JEDI", "review": .object(["stars": "five"])])
                .contains("Variable 'review' has an invalid value: Expected type 'Int' but was 'String'."))
        #expect(
            try await Self.run(mutation, variables: ["episode": "SITH", "review": .object(["stars": 1])])
                .contains(
                    "Variable 'episode' has an invalid value: Invalid input for enum 'Episode'. No value found for name 'SITH'"
                ))
        #expect(
            try await Self.run(mutation, variables: ["episode": "JEDI", "review": .object(["stars": 1, "extra": 2])])
                .contains("contains a field name 'extra' that is not defined for input object type 'ReviewInput'"))
    }

    @Test func absentArgumentsStayAbsentAndExplicitNullIsKept() async throws {
        #expect(
            try await Self.run("{ count }")
                == #"{"data":{"count":null},"errors":[{"path":["count"],"locations":[{"line":1,"column":3,"sourceName":null}],"message":"Can't serialize value (/count) : Int cannot represent value: \"absent\""}]}"#
        )
        #expect(
            try await Self.run("query Q($n: Int) { count(limit: $n) }", variables: ["n": nil])
                == #"{"data":{"count":null}}"#)
        #expect(
            try await Self.run("query Q($n: Int) { count(limit: $n) }", variables: ["n": 3]) == #"{"data":{"count":3}}"#
        )
    }

    @Test func operationSelection() async throws {
        let document = "query A { count(limit: 1) } query B { count(limit: 2) }"
        #expect(try await Self.run(document, operationName: "B") == #"{"data":{"count":2}}"#)
        #expect(
            try await Self.run(document).contains("Must provide operation name if query contains multiple operations."))
        #expect(try await Self.run(document, operationName: "C").contains("Unknown operation named 'C'."))
    }

    @Test func theCompletionBudgetStopsHugeResponses() async throws {
        let schema = try Schema(sdl: Self.sdl)
        var resolvers = ResolverRegistry<Context>()
        resolvers.register(
            Canned { _ in .array(Array(repeating: Self.luke, count: 50)) }, type: "Query", field: "search")
        let executor = Executor(schema: schema, resolvers: resolvers, limits: .init(maximumCompletedValues: 100))
        let result = await executor.execute(
            try Parser.parse("{ search(text: \"\") { ... on Human { id name height } } }"), context: Context())
        #expect(result.data == .object(["search": .null]))
        #expect(result.errors.first?.message.hasPrefix("The response is too large") == true)
    }

    /// The standard introspection query's result builds the same schema again.
    @Test func introspectionRoundTripsTheSchema() async throws {
        let schema = try Schema(sdl: Self.sdl)
        let executor = Executor<Context>(schema: schema, resolvers: ResolverRegistry())
        let result = await executor.execute(try Parser.parse(IntrospectionQuery.text), context: Context())
        #expect(result.errors.isEmpty)
        let rebuilt = try Schema(introspectionJSON: Data(result.body))
        #expect(rebuilt.types == schema.types)
        #expect(rebuilt.queryType == "Query" && rebuilt.mutationType == "Mutation")
        let droid = try await Self.run(
            #"{ __type(name: "Droid") { kind name interfaces { name } fields { name type { kind ofType { name } } } } }"#
        )
        #expect(
            droid
                == #"{"data":{"__type":{"kind":"OBJECT","name":"Droid","interfaces":[{"name":"Character"}],"fields":[{"name":"id","type":{"kind":"NON_NULL","ofType":{"name":"ID"}}},{"name":"name","type":{"kind":"SCALAR","ofType":null}},{"name":"primaryFunction","type":{"kind":"NON_NULL","ofType":{"name":"String"}}}]}}}"#
        )
    }
}

/// graphql-js's `getIntrospectionQuery()` with descriptions, specifiedByURL, repeatable directives
/// and deprecated input values.
enum IntrospectionQuery {
    static let text = """
        query IntrospectionQuery {
          __schema {
            queryType { name } mutationType { name } subscriptionType { name }
            types { ...FullType }
            directives { name description isRepeatable locations args(includeDeprecated: true) { ...InputValue } }
          }
        }
        fragment FullType on __Type {
          kind name description specifiedByURL
          fields(includeDeprecated: true) { name description args(includeDeprecated: true) { ...InputValue } type { ...TypeRef } isDeprecated deprecationReason }
          inputFields(includeDeprecated: true) { ...InputValue }
          interfaces { ...TypeRef }
          enumValues(includeDeprecated: true) { name description isDeprecated deprecationReason }
          possibleTypes { ...TypeRef }
        }
        fragment InputValue on __InputValue { name description type { ...TypeRef } defaultValue isDeprecated deprecationReason }
        fragment TypeRef on __Type { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name } } } } } } } }
        """
}
