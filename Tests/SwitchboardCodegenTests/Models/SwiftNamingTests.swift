import ModelTransform
import SwitchboardCodegen
import Testing

/// Enum case names, keywords, and what the generated Swift cannot express.
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
        #expect(
            errors("type A @model { id: ID! }", options: ModelCodegenOptions(registryName: "My Models"))
                == [#"s.graphql: error: the registration class name "My Models" is not a Swift type name"#])
        #expect(
            errors(
                "type A @model { id: ID! self: String }\ntype model @model { id: ID! }\nenum kind { X }\ntype B { kind: kind }"
            )
                == [
                    "s.graphql:2:1: error: type model has the name of a type the generated Swift uses, so the generated "
                        + "models would not compile; rename it",
                    "s.graphql:1:25: error: field A.self cannot be a Swift property (self always means the type or "
                        + "instance itself); rename it",
                    "s.graphql:4:10: error: field B.kind has the name of the type kind, which the generated Swift could "
                        + "not tell apart from it; rename one",
                ])
    }

    @Test func nonModelTypesThatContainThemselvesAreErrors() throws {
        #expect {
            try ModelCodeGenerator().generate(
                schema: """
                    type Node { name: String children: [Node] }
                    type Pair { left: Side }
                    type Side { pair: Pair }
                    type Tree @model { id: ID! root: Node pair: Pair }
                    """,
                fileName: "s.graphql")
        } throws: { error in
            (error as? ModelCodegenError)?.diagnostics.map(\.description) == [
                "s.graphql:1:26: error: non-model type Node contains itself through Node.children; embedded values "
                    + "cannot nest without end in Swift models, so make the nested type a @model with a relationship "
                    + "or break the cycle",
                "s.graphql:2:13: error: non-model type Pair contains itself through Pair.left; embedded values cannot "
                    + "nest without end in Swift models, so make the nested type a @model with a relationship or break "
                    + "the cycle",
                "s.graphql:3:13: error: non-model type Side contains itself through Side.pair; embedded values cannot "
                    + "nest without end in Swift models, so make the nested type a @model with a relationship or break "
                    + "the cycle",
            ]
        }
        // Nesting without a cycle is fine.
        #expect(
            try Generate.files("type A { b: B } type B { c: [String] } type T @model { id: ID! a: A }")["A.swift"]
                != nil)
    }

    @Test func lowerCaseTypesKeepTheirNamesWithAFormatterExemption() throws {
        let files = try Generate.files("type task @model { id: ID! title: String }\nenum kind { A }")
        #expect(
            (files["task.swift"] ?? "").contains(
                "// swift-format-ignore: TypeNamesShouldBeCapitalized\npublic struct task: Model {"))
        #expect(
            (files["kind.swift"] ?? "").contains(
                "// swift-format-ignore: TypeNamesShouldBeCapitalized\npublic enum kind:"))
        // `let task = task.keys` would refer to itself: the local gets another name.
        #expect((files["task+Schema.swift"] ?? "").contains("        let taskKeys = task.keys\n"))
        #expect((files["task+Schema.swift"] ?? "").contains(".field(taskKeys.title, is: .optional, ofType: .string)"))
    }

    @Test func fieldsNamedLikeTheDecodersLocalsAreWrittenThroughSelf() throws {
        let post = try Generate.file(
            "Post.swift",
            of:
                "type Post @model { id: ID! values: [Int] container: String blog: Blog @belongsTo }\ntype Blog @model { id: ID! posts: [Post] @hasMany }",
            form: .lazyLoad)
        #expect(post.contains("        self.values = try values.decodeIfPresent([Int?].self, forKey: .values)\n"))
        #expect(post.contains("        try container.encode(self.container, forKey: .container)\n"))
        #expect(post.contains("        try container.encode(_blog, forKey: .blog)\n"))
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
