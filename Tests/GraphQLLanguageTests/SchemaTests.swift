import Foundation
import TestSupport
import Testing

@testable import GraphQLLanguage

@Suite struct SchemaTests {
    @Test(.requiresSharedTestData("graphql")) func starwarsSDLAndIntrospectionBuildEqualSchemas() throws {
        guard let sdl = Fixtures.starwarsSDL(), let json = Fixtures.shared("starwars-introspection.json") else {
            return
        }
        var fromSDL = try Schema(sdl: sdl)
        let fromIntrospection = try Schema(introspectionJSON: json)
        // apollo-ios added one client-side directive to its SDL copy; its introspection result,
        // taken from the server, does not have it. Everything else must agree.
        #expect(fromSDL.directives.removeValue(forKey: "apollo_client_ios_localCacheMutation") != nil)
        for name in Set(fromSDL.types.keys).union(fromIntrospection.types.keys).sorted() {
            #expect(fromSDL.types[name] == fromIntrospection.types[name], "type \(name) differs")
        }
        #expect(fromSDL == fromIntrospection)
        #expect(fromSDL.queryType == "Query")
        #expect(fromSDL.subscriptionType == "Subscription")
        #expect(
            fromSDL.type(named: "Human")?.field(named: "height")?.argument(named: "unit")?.defaultValue
                == .enumValue("METER"))
    }

    @Test(.requiresSharedTestData("graphql")) func possibleTypesAndImplementations() throws {
        guard let sdl = Fixtures.starwarsSDL() else { return }
        let schema = try Schema(sdl: sdl)
        #expect(schema.possibleTypes(of: "Character") == ["Droid", "Human"])
        #expect(schema.possibleTypes(of: "SearchResult") == ["Human", "Droid", "Starship"])
        #expect(schema.implementations(of: "Character") == ["Droid", "Human"])
        #expect(schema.isPossibleType("Droid", of: "Character"))
        #expect(!schema.isPossibleType("Starship", of: "Character"))
        #expect(schema.isSubtype(.nonNull(.named("Human")), of: .named("Character")))
        #expect(!schema.isSubtype(.named("Human"), of: .nonNull(.named("Character"))))
        #expect(schema.field("__typename", on: "Review")?.type == .nonNull(.named("String")))
        #expect(schema.field("__schema", on: "Query") != nil)
        #expect(schema.field("__schema", on: "Review") == nil)
    }

    @Test(.requiresSharedTestData("graphql")) func githubSchemaBuilds() throws {
        guard let data = Fixtures.shared("github-schema.graphql") else { return }
        let schema = try Schema(sdl: String(decoding: data, as: UTF8.self))
        // graphql-js counts 552 named types (introspection types and used scalars included); every
        // built-in scalar is always present here, so one unused one adds to the count.
        #expect(schema.types.count == 553)
        #expect(schema.possibleTypes(of: "Node").count > 50)
    }

    @Test func extensionsMergeIntoTheirTypes() throws {
        let schema = try Schema(
            sdl: """
                extend type Query { b: Int }
                type Query { a: String }
                interface Node { id: ID! }
                extend type Query implements Node { id: ID! }
                enum Color { RED }
                extend enum Color { GREEN @deprecated }
                union U = Query
                extend union U = Other
                type Other { x: Int }
                input I { a: Int }
                extend input I { b: Int = 2 }
                scalar Date
                extend scalar Date @specifiedBy(url: "https://example.com/date")
                extend schema { mutation: Other }
                """)
        let query = try #require(schema.type(named: "Query"))
        #expect(query.fields.map(\.name) == ["a", "b", "id"])
        #expect(query.interfaces == ["Node"])
        #expect(schema.type(named: "Color")?.enumValues.map(\.deprecationReason) == [nil, "No longer supported"])
        #expect(schema.type(named: "U")?.unionMembers == ["Query", "Other"])
        #expect(schema.type(named: "I")?.inputFields.last?.defaultValue == .int("2"))
        #expect(schema.type(named: "Date")?.specifiedByURL == "https://example.com/date")
        #expect(schema.queryType == "Query")
        #expect(schema.mutationType == "Other")
    }

    @Test func appSyncScalarsAndDirectivesOnlyWhenAsked() throws {
        let sdl = """
            type Todo @aws_api_key @aws_iam { id: ID! createdAt: AWSDateTime! meta: AWSJSON }
            type Query { getTodo(id: ID!): Todo @aws_cognito_user_pools(cognito_groups: ["admin"]) }
            type Mutation { createTodo(id: ID!): Todo }
            type Subscription { onCreateTodo: Todo @aws_subscribe(mutations: ["createTodo"]) }
            """
        let schema = try Schema(sdl: sdl, options: .appSync)
        #expect(schema.type(named: "AWSDateTime")?.kind == .scalar)
        for name in ["AWSDate", "AWSTime", "AWSTimestamp", "AWSEmail", "AWSURL", "AWSPhone", "AWSIPAddress"] {
            #expect(schema.type(named: name)?.kind == .scalar, "\(name)")
        }
        #expect(schema.directives["aws_subscribe"]?.locations == [.fieldDefinition])
        #expect(schema.type(named: "Todo")?.directives.map(\.name) == ["aws_api_key", "aws_iam"])
        #expect(throws: SchemaError.self) { try Schema(sdl: sdl) }
        let scalarsOnly = SchemaOptions(declaresAppSyncScalars: true)
        let error = try #require(throws: SchemaError.self) { try Schema(sdl: sdl, options: scalarsOnly) }
        #expect(error.kind == .unknownDirective)
        #expect(error.description == "Unknown directive \"@aws_api_key\". (1:11)")
    }

    @Test func invalidSDLFailsWithLocatedErrors() throws {
        func failure(_ sdl: String) -> SchemaError? {
            do {
                _ = try Schema(sdl: sdl)
                return nil
            } catch {
                return error
            }
        }
        #expect(failure("type Query { a: Missing }")?.message == "Unknown type \"Missing\".")
        #expect(
            failure("type Query { a: Int }\ntype Query { b: Int }")?.description
                == "There can be only one type named \"Query\". (2:1)")
        #expect(failure("extend type Nope { a: Int }")?.kind == .invalidExtension)
        #expect(failure("type Query { a: Int }\nextend input Query { b: Int }")?.kind == .invalidExtension)
        #expect(failure("type Query { a: Int a: Int }")?.message == "Field \"Query.a\" can only be defined once.")
        #expect(failure("input I { a: Int }\ntype Query { a: I }")?.kind == .wrongKind)
        #expect(failure("type Query { a(x: Query): Int }")?.kind == .wrongKind)
        #expect(
            failure("interface Node { id: ID! }\ntype Query implements Node { a: Int }")?.message
                == "Interface field Node.id expected but Query does not provide it.")
        #expect(failure("union U = Int\ntype Query { a: U }")?.kind == .wrongKind)
        #expect(failure("schema { query: Missing }")?.kind == .unknownType)
        #expect(failure("type Query { a: Int }\n{ a }")?.kind == .executableDefinition)
        if case .syntax(let syntax)? = failure("type Query {")?.kind {
            #expect(syntax.line == 1 && syntax.column == 13)
        } else {
            Issue.record("expected a syntax error")
        }
    }

    @Test func malformedIntrospectionIsATypedError() throws {
        let cases: [(String, String)] = [
            ("[]", "Invalid introspection result: $ must be an object."),
            (#"{"data": {}}"#, "Invalid introspection result: $.data.__schema must be an object."),
            (
                #"{"__schema": {"types": [{"kind": "WHAT", "name": "X"}]}}"#,
                "Invalid introspection result: __schema.types[0].kind must be a named type kind."
            ),
        ]
        for (json, message) in cases {
            let error = try #require(throws: SchemaError.self) { try Schema(introspectionJSON: Data(json.utf8)) }
            #expect(error.message == message)
        }
        let notJSON = try #require(throws: SchemaError.self) { try Schema(introspectionJSON: Data("{".utf8)) }
        #expect(notJSON.kind == .invalidIntrospection)
    }

    @Test func builtInDirectivesFromNewerServersAreTheSpecsOwn() throws {
        func json(_ directive: String) -> Data {
            Data(
                ("""
                {"__schema": {"queryType": {"name": "Query"}, "types": [
                  {"kind": "OBJECT", "name": "Query", "fields": [{"name": "a", "args": [],
                   "type": {"kind": "SCALAR", "name": "Int"}}], "interfaces": []}],
                 "directives": [{"name": "\(directive)", "isRepeatable": false,
                   "locations": ["FIELD_DEFINITION", "DIRECTIVE_DEFINITION"], "args": []}]}}
                """).utf8)
        }
        let schema = try Schema(introspectionJSON: json("deprecated"))
        #expect(schema.directives["deprecated"]?.locations.contains(.enumValue) == true)
        #expect(schema == (try Schema(sdl: "type Query { a: Int }")))
        let error = try #require(throws: SchemaError.self) { try Schema(introspectionJSON: json("custom")) }
        #expect(
            error.message
                == "Invalid introspection result: __schema.directives[0].locations[1] must be a directive location.")
    }
}
