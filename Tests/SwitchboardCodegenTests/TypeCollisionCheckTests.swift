import Testing

@testable import SwitchboardCodegen

/// The top-level declarations the build tool compares with what it generates.
@Suite struct TypeCollisionCheckTests {
    @Test func findsTopLevelTypesOnlyWithTheirPositions() {
        let source = """
            import Switchboard

            public struct Post: Model {
                struct Nested {}
            }
            final public class AmplifyModels {}
            extension Post {}
            // struct Commented {}
            /*
            enum InBlockComment {}
            */
            let text = \"\"\"
            struct InString {}
            \"\"\"
            @MainActor enum Screen { case home }
            typealias Identifier = String
            """
        let declarations = TypeCollisionCheck.topLevelDeclarations(in: source)
        #expect(declarations.map(\.name) == ["Post", "AmplifyModels", "Screen", "Identifier"])
        #expect(declarations.first == .init(name: "Post", line: 3, column: 15))
        #expect(declarations[1] == .init(name: "AmplifyModels", line: 6, column: 20))
    }

    @Test func reportsOneErrorForEveryClashWithTheWayOutOfItsOrigin() throws {
        var check = TypeCollisionCheck()
        check.addGenerated("public struct Post: Model {}\npublic struct Comment: Model {}\n", origin: .models)
        check.addGenerated("struct DraftsQuery: GraphQLQuery {}\n", origin: .operations)
        #expect(
            check.collision(in: [("A.swift", "struct Other {}")], schemaName: "s.graphql", configurationName: "c.json")
                == nil)
        let models = try #require(
            check.collision(
                in: [("Post.swift", "public struct Post {}"), ("Comment.swift", "struct Comment {}")],
                schemaName: "s.graphql", configurationName: "c.json"))
        #expect(models.path == "Post.swift" && models.line == 1 && models.column == 15)
        #expect(models.message.contains("(and 1 more: Comment)") && models.message.contains(#""models": "none""#))
        let operations = try #require(
            check.collision(
                in: [("Q.swift", "enum DraftsQuery {}")], schemaName: "s.graphql", configurationName: "c.json"))
        #expect(operations.message.contains(#"set "namespace" in c.json"#))
    }

    @Test func recognisesTheEnumsModelCodegenWrites() {
        let source = "public enum PostStatus: String, EnumPersistable {\n    case draft = \"DRAFT\"\n}\nenum Other {}\n"
        #expect(TypeCollisionCheck.modelEnums(in: source) == ["PostStatus"])
    }
}
