import ModelTransform
import SwitchboardCodegen
import Testing

/// Enum case names, keywords and the schema names the generated Swift cannot use.
@Suite struct SwiftNamingTests {
    @Test func enumCasesAreLowerCamelCaseLikeChangeCase() throws {
        let file = try Generate.file(
            "Mode.swift",
            of: "enum Mode { DRAFT IN_PROGRESS V1_2 xmlHTTPRequest Default self } type T @model { id: ID! }")
        #expect(
            file.hasSuffix(
                """
                public enum Mode: String, EnumPersistable {
                    case draft = "DRAFT"
                    case inProgress = "IN_PROGRESS"
                    case v1_2 = "V1_2"
                    case xmlHttpRequest = "xmlHTTPRequest"
                    case `default` = "Default"
                    case `self` = "self"
                }

                """))
    }

    @Test func keywordFieldNamesAreEscapedWhereSwiftNeedsIt() throws {
        let files = try Generate.files(
            "type Lesson @model { id: ID! class: String! default: Int inout: Boolean } type Tag { protocol: String }")
        let lesson = try #require(files["Lesson.swift"])
        #expect(
            lesson.contains(
                "    public var `class`: String\n    public var `default`: Int?\n    public var `inout`: Bool?\n"))
        #expect(lesson.contains("        `class`: String,\n        `default`: Int? = nil,\n"))
        #expect(
            lesson.contains(
                "            class: `class`,\n            default: `default`,\n            `inout`: `inout`,\n"))
        #expect(lesson.contains("        self.`class` = `class`\n"))
        let schema = try #require(files["Lesson+Schema.swift"])
        #expect(schema.contains("        case `class`\n        case `default`\n"))
        #expect(schema.contains(".field(lesson.`class`, is: .required, ofType: .string)"))
        #expect((files["Tag.swift"] ?? "").contains("    public var `protocol`: String?\n"))
    }

    @Test func namesTheGeneratedSwiftUsesAreErrorsAtTheirDeclaration() {
        func errors(_ schema: String, options: ModelCodegenOptions = ModelCodegenOptions()) -> [String] {
            do {
                _ = try ModelCodeGenerator(options: options).generate(schema: schema, fileName: "s.graphql")
                return []
            } catch {
                return error.diagnostics.map(\.description)
            }
        }
        #expect(
            errors("type List @model { id: ID! }\ntype Temporal { at: String }")
                == [
                    "s.graphql:1:1: error: type List has the name of a type the generated Swift uses, so the generated "
                        + "models would not compile; rename it",
                    "s.graphql:2:1: error: type Temporal has the name of a type the generated Swift uses, so the generated "
                        + "models would not compile; rename it",
                ])
        #expect(
            errors("type Registry @model { id: ID! }", options: ModelCodegenOptions(registryName: "Registry"))
                == [
                    "s.graphql:1:1: error: type Registry has the name of the registration class, so the generated models "
                        + "would not compile; rename it"
                ])
        #expect(
            errors("enum Size { SMALL_ONE smallOne }\ntype T @model { id: ID! }")
                == [
                    "s.graphql:1:1: error: values SMALL_ONE and smallOne of enum Size are both the Swift case smallOne; rename one"
                ])
        #expect(
            errors(
                "type A @model { id: ID! _b: String b: B @hasOne }\ntype B @model { id: ID! }",
                options: ModelCodegenOptions(form: .lazyLoad))
                == ["s.graphql:1:36: error: A has fields b and _b; the lazy-load form stores b as _b, so rename one"])
        #expect(errors("type A @model { id: ID! _b: String b: B @hasOne }\ntype B @model { id: ID! }").isEmpty)
    }

    @Test func schemaErrorsAreTheTransformsDiagnostics() {
        #expect {
            try ModelCodeGenerator().generate(
                schema: "type Post @model { id: ID! author: Nope }", fileName: "p.graphql")
        } throws: { error in
            (error as? ModelCodegenError)?.description
                == #"p.graphql:1:28: error: Unknown type "Nope" for field Post.author"#
        }
        #expect {
            try ModelCodeGenerator().generate(schema: "type {", fileName: "p.graphql")
        } throws: { error in
            (error as? ModelCodegenError)?.errors.first?.location.line == 1
        }
    }
}
