import Foundation
import Testing

@testable import SwitchboardCodegen

/// Invalid operations fail generation with `path:line:column: error: message` pointing into the
/// `.graphql` file or into the Swift source line and column of a literal's text.
@Suite struct DiagnosticTests {
    static let schemaText = """
        type Query { hero(episode: Episode): Character, search(text: String): [SearchResult] }
        enum Episode { NEWHOPE EMPIRE JEDI }
        interface Character { id: ID!, name: String! }
        type Human implements Character { id: ID!, name: String!, height: Float }
        type Droid implements Character { id: ID!, name: String!, primaryFunction: String }
        type Starship { id: ID!, name: String! }
        union SearchResult = Human | Droid | Starship
        """

    func generate(_ files: [(String, String)]) -> [String] {
        do {
            let schema = try OperationGenerator.loadSchema(
                path: "schema.graphqls", contents: Array(Self.schemaText.utf8))
            let inputs = files.map { CodegenInputFile(path: $0.0, displayName: $0.0, contents: Array($0.1.utf8)) }
            _ = try OperationGenerator(schema: schema, schemaDisplayName: "schema.graphqls").generate(inputs)
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    @Test func unknownFieldInAGraphQLFile() {
        let diagnostics = generate([("Ops/Hero.graphql", "query Hero {\n  hero {\n    nmae\n  }\n}\n")])
        #expect(
            diagnostics == [
                #"Ops/Hero.graphql:3:5: error: Cannot query field "nmae" on type "Character". Did you mean "name"?"#
            ])
    }

    @Test func unknownFieldInASwiftLiteralPointsAtTheSwiftSource() {
        let swift = """
            import Switchboard

            let hero = graphql(\"\"\"
                query Hero {
                  hero { nmae }
                }
                \"\"\")
            """
        #expect(
            generate([("App/HeroView.swift", swift)]) == [
                #"App/HeroView.swift:5:14: error: Cannot query field "nmae" on type "Character". Did you mean "name"?"#
            ])
    }

    @Test func syntaxErrorInASingleLineLiteral() {
        let diagnostics = generate([("A.swift", #"let q = graphql("query Q { hero { name }")"#)])
        #expect(diagnostics == [#"A.swift:1:41: error: Syntax Error: Expected Name, found <EOF>."#])
    }

    @Test func interpolationIsAnError() {
        let diagnostics = generate([("A.swift", #"let q = graphql("query Q { hero(episode: \(episode)) { name } }")"#)])
        #expect(diagnostics.count == 1)
        #expect(
            diagnostics.first?.hasPrefix(
                "A.swift:1:42: error: a graphql(_:) literal cannot contain string interpolation")
                == true, "\(diagnostics)")
    }

    @Test func duplicateOperationNamesAcrossFiles() {
        let diagnostics = generate([
            ("A.graphql", "query Hero { hero { name } }"),
            ("B.swift", "let b = graphql(\"query Hero { hero { id } }\")"),
        ])
        #expect(
            diagnostics == [
                #"A.graphql:1:1: error: There can be only one operation named "Hero"."#,
                "B.swift:1:18: note: other location of the error above",
            ])
    }

    @Test func fragmentOnAnImpossibleType() {
        let diagnostics = generate([
            ("A.graphql", "query Q { hero { ...ShipName } }\nfragment ShipName on Starship { name }\n")
        ])
        #expect(
            diagnostics == [
                #"A.graphql:1:18: error: Fragment "ShipName" cannot be spread here as objects of type "Character" can never be of type "Starship"."#
            ])
    }

    @Test func wrongArgument() {
        let diagnostics = generate([("A.graphql", "query Q { hero(episode: PHANTOM) { name } }")])
        #expect(diagnostics == [#"A.graphql:1:16: error: Value "PHANTOM" does not exist in "Episode" enum."#])
    }

    @Test func anonymousOperationsCannotBeGenerated() {
        let diagnostics = generate([("A.graphql", "{ hero { name } }")])
        #expect(
            diagnostics == [
                "A.graphql:1:1: error: an operation needs a name to be generated as a Swift type, e.g. `query HeroName { … }`"
            ])
    }

    @Test func twoDefinitionsGeneratingOneTypeName() {
        let diagnostics = generate([("A.graphql", "query Hero { hero { name } }\nquery HeroQuery { hero { id } }\n")])
        #expect(
            diagnostics == [
                "A.graphql:2:1: error: query HeroQuery generates the Swift type HeroQuery, which is already generated",
                "A.graphql:1:1: note: HeroQuery is first generated here",
            ])
    }

    @Test func unusedFragmentsAreFine() {
        #expect(generate([("A.graphql", "fragment Name on Character { name }")]) == [])
    }

    @Test func schemaErrorsNameTheSchemaFile() {
        #expect(throws: CodegenFailure.self) {
            try OperationGenerator.loadSchema(path: "bad.graphqls", contents: Array("type Query { a: Missing }".utf8))
        }
        do {
            _ = try OperationGenerator.loadSchema(path: "bad.graphqls", contents: Array("type Query {".utf8))
        } catch {
            #expect(error.description.hasPrefix("bad.graphqls:1:13: error: "))
        }
    }

    @Test func configurationProblemsNameTheKey() {
        #expect(throws: CodegenFailure.self) {
            try CodegenConfiguration(json: Data(#"{"scalar": {}}"#.utf8), path: "switchboard-codegen.json")
        }
        do {
            _ = try CodegenConfiguration(json: Data(#"{"namespace": "Star Wars"}"#.utf8), path: "c.json")
        } catch {
            #expect(error.description == #"c.json: error: "namespace" must be a Swift type name such as "StarWarsAPI""#)
        }
        let valid = try? CodegenConfiguration(
            json: Data(
                #"{"namespace": "API", "scalars": {"Date": "Foundation.Date"}, "imports": ["Foundation"]}"#.utf8),
            path: "c.json")
        #expect(
            valid
                == CodegenConfiguration(namespace: "API", scalars: ["Date": "Foundation.Date"], imports: ["Foundation"])
        )
    }
}
