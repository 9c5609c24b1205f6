import SwitchboardCodegen
import Testing

/// What the lazy-load form adds (`LazyReference`, accessors, setters, `Codable`, `ModelPath`) and
/// how the classic form stores models that refer to each other.
@Suite struct ModelFormShapeTests {
    static let blog = """
        type Blog @model { id: ID! name: String! posts: [Post] @hasMany }
        type Post @model { id: ID! title: String! blog: Blog @belongsTo editor: Editor! @belongsTo }
        type Editor @model { id: ID! posts: [Post] @hasMany }
        """

    @Test func lazyLoadStoresReferencesBehindAsyncAccessorsWithSetters() throws {
        let post = try Generate.file("Post.swift", of: Self.blog, form: .lazyLoad)
        #expect(
            post.contains(
                """
                    internal var _blog: LazyReference<Blog>
                    public var blog: Blog? {
                        get async throws {
                            try await _blog.get()
                        }
                    }
                    internal var _editor: LazyReference<Editor>
                    public var editor: Editor {
                        get async throws {
                            try await _editor.require()
                        }
                    }
                """))
        #expect(
            post.contains("        self._blog = LazyReference(blog)\n        self._editor = LazyReference(editor)\n"))
        #expect(
            post.contains(
                """
                    public mutating func setBlog(_ blog: Blog? = nil) {
                        self._blog = LazyReference(blog)
                    }

                    public mutating func setEditor(_ editor: Editor) {
                        self._editor = LazyReference(editor)
                    }
                """))
    }

    @Test func lazyLoadCodingReadsReferencesUnderTheFieldsKey() throws {
        let post = try Generate.file("Post.swift", of: Self.blog, form: .lazyLoad)
        #expect(
            post.contains(
                """
                    public init(from decoder: any Decoder) throws {
                        let values = try decoder.container(keyedBy: CodingKeys.self)
                        id = try values.decode(String.self, forKey: .id)
                        title = try values.decode(String.self, forKey: .title)
                        _blog = try values.decodeIfPresent(LazyReference<Blog>.self, forKey: .blog) ?? LazyReference(identifiers: nil)
                        _editor =
                            try values.decodeIfPresent(LazyReference<Editor>.self, forKey: .editor) ?? LazyReference(identifiers: nil)
                        createdAt = try values.decodeIfPresent(Temporal.DateTime.self, forKey: .createdAt)
                        updatedAt = try values.decodeIfPresent(Temporal.DateTime.self, forKey: .updatedAt)
                    }

                    public func encode(to encoder: any Encoder) throws {
                        var container = encoder.container(keyedBy: CodingKeys.self)
                        try container.encode(id, forKey: .id)
                        try container.encode(title, forKey: .title)
                        try container.encode(_blog, forKey: .blog)
                        try container.encode(_editor, forKey: .editor)
                        try container.encode(createdAt, forKey: .createdAt)
                        try container.encode(updatedAt, forKey: .updatedAt)
                    }
                """))
        // A model with only hasMany lists keeps the synthesized conformance, as in Amplify's output.
        let blog = try Generate.file("Blog.swift", of: Self.blog, form: .lazyLoad)
        #expect(!blog.contains("init(from") && !blog.contains("encode(to"))
    }

    @Test func lazyLoadSchemasDeclarePathsForIncludes() throws {
        let schema = try Generate.file("Post+Schema.swift", of: Self.blog, form: .lazyLoad)
        #expect(
            schema.contains(
                """
                    public class Path: ModelPath<Post> {}

                    public static var rootPath: PropertyContainerPath? { Path() }
                }
                """))
        #expect(
            schema.hasSuffix(
                """
                extension ModelPath where ModelType == Post {
                    public var id: FieldPath<String> {
                        string("id")
                    }
                    public var title: FieldPath<String> {
                        string("title")
                    }
                    public var blog: ModelPath<Blog> {
                        Blog.Path(name: "blog", parent: self)
                    }
                    public var editor: ModelPath<Editor> {
                        Editor.Path(name: "editor", parent: self)
                    }
                    public var createdAt: FieldPath<Temporal.DateTime> {
                        datetime("createdAt")
                    }
                    public var updatedAt: FieldPath<Temporal.DateTime> {
                        datetime("updatedAt")
                    }
                }

                """))
        let blog = try Generate.file("Blog+Schema.swift", of: Self.blog, form: .lazyLoad)
        #expect(blog.contains("        Post.Path(name: \"posts\", isCollection: true, parent: self)\n"))
    }

    @Test func classicFormStoresModelsByValueWithoutPaths() throws {
        let files = try Generate.files(Self.blog)
        let post = try #require(files["Post.swift"])
        #expect(post.contains("    public var blog: Blog?\n    public var editor: Editor\n"))
        #expect(!post.contains("LazyReference") && !post.contains("init(from") && !post.contains("AssociatedModelBox"))
        #expect(!(files["Post+Schema.swift"] ?? "").contains("Path"))
    }

    @Test func classicModelsThatReferToEachOtherAreBoxed() throws {
        let files = try Generate.files(
            """
            type Project @model { id: ID! team: Team @hasOne note: Note @hasOne }
            type Team @model { id: ID! project: Project @belongsTo }
            type Note @model { id: ID! text: String }
            type Folder @model { id: ID! parentId: ID @index(name: "byParent") parent: Folder @belongsTo(fields: ["parentId"])
              children: [Folder] @hasMany(indexName: "byParent", fields: ["id"]) }
            """)
        let project = try #require(files["Project.swift"])
        #expect(
            project.contains(
                """
                    internal var _team: AssociatedModelBox<Team?>
                    public var team: Team? {
                        get { _team.value }
                        set { _team = AssociatedModelBox(newValue) }
                    }
                    public var note: Note?
                """))  // the note does not lead back to the project, so it is stored as usual
        #expect(project.contains("        self._team = AssociatedModelBox(team)\n        self.note = note\n"))
        #expect(
            project.contains(
                "        _team = AssociatedModelBox(try values.decodeIfPresent(Team.self, forKey: .team))\n"))
        #expect(project.contains("        try container.encode(team, forKey: .team)\n"))
        #expect((files["Team.swift"] ?? "").contains("    internal var _project: AssociatedModelBox<Project?>\n"))
        #expect((files["Folder.swift"] ?? "").contains("    internal var _parent: AssociatedModelBox<Folder?>\n"))
        #expect(!(files["Note.swift"] ?? "").contains("init(from"))
        // The lazy-load form needs no box: a LazyReference is already a reference.
        let lazy = try Generate.files(
            "type Folder @model { id: ID! parentId: ID @index(name: \"byParent\") parent: Folder @belongsTo(fields: [\"parentId\"]) children: [Folder] @hasMany(indexName: \"byParent\", fields: [\"id\"]) }",
            form: .lazyLoad)
        #expect(!(lazy["Folder.swift"] ?? "").contains("AssociatedModelBox"))
    }

    @Test func theRegistrationRegistersEveryModelWithTheSchemasVersion() throws {
        let registry = try Generate.file("AmplifyModels.swift", of: Self.blog)
        #expect(
            registry.hasSuffix(
                """
                // Contains the set of classes that conforms to the `Model` protocol.

                final public class AmplifyModels: AmplifyModelRegistration {
                    public let version: String = "\(try versionOf(registry))"

                    public func registerModels(registry: ModelRegistry.Type) {
                        ModelRegistry.register(modelType: Blog.self)
                        ModelRegistry.register(modelType: Post.self)
                        ModelRegistry.register(modelType: Editor.self)
                    }
                }

                """))
        let renamed = try Generate.files(Self.blog, registryName: "BlogModels")
        #expect(renamed["AmplifyModels.swift"] == nil)
        #expect(
            (renamed["BlogModels.swift"] ?? "").contains("final public class BlogModels: AmplifyModelRegistration {"))
        #expect(
            (renamed["Blog.swift"] ?? "").hasPrefix(
                "// Generated by switchboard codegen models from schema.graphql. Do not edit.\n"
                    + "// Options: --registry-name BlogModels\n// swiftlint:disable all\n"))
    }

    @Test func theVersionChangesWithTheShapeOfTheModelsOnly() throws {
        let base = try versionOf(try Generate.file("AmplifyModels.swift", of: Self.blog))
        #expect(base.count == 32 && base.allSatisfy(\.isHexDigit))
        let reordered = try versionOf(
            try Generate.file(
                "AmplifyModels.swift",
                of: """
                    # The same models, fields in another order, with comments.
                    type Editor @model { posts: [Post] @hasMany id: ID! }
                    type Post @model { id: ID! blog: Blog @belongsTo title: String! editor: Editor! @belongsTo }
                    type Blog @model { id: ID! name: String! posts: [Post] @hasMany }
                    """))
        #expect(reordered == base)
        for changed in [
            Self.blog.replacingOccurrences(of: "title: String!", with: "title: String"),
            Self.blog.replacingOccurrences(of: "name: String!", with: "label: String!"),
            Self.blog + "\nenum Mood { HAPPY }",
            Self.blog.replacingOccurrences(
                of: "type Editor @model { id: ID!",
                with: "type Editor @model { id: ID! @primaryKey(sortKeyFields: [\"code\"]) code: Int!"),
        ] {
            #expect(try versionOf(try Generate.file("AmplifyModels.swift", of: changed)) != base)
        }
    }

    private func versionOf(_ registry: String) throws -> String {
        let line = try #require(registry.split(separator: "\n").first { $0.contains("public let version") })
        return String(line.split(separator: "\"")[1])
    }
}
