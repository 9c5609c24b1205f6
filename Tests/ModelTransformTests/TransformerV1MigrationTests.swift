import ModelTransform
import TestSupport
import Testing

/// Transformer v1 schemas (`@key`, `@connection`, `@versioned`) get one error per use naming the
/// Transformer v2 directive to write instead, and no output.
@Suite struct TransformerV1MigrationTests {
    @Test func keysBecomePrimaryKeyOrIndexOnTheField() {
        let diagnostics = Transform.errors(
            """
            type Customer @model
              @key(fields: ["email", "kind"])
              @key(name: "byRep", fields: ["repID", "name"], queryField: "customersByRep") {
              email: String! kind: Int! repID: ID! name: String
            }
            """)
        #expect(
            diagnostics.map(\.description) == [
                "schema.graphql:2:3: error: @key is a Transformer v1 directive; in Transformer v2 write @primaryKey(sortKeyFields: [\"kind\"]) on the field Customer.email instead of @key on the type",
                "schema.graphql:3:3: error: @key is a Transformer v1 directive; in Transformer v2 write @index(name: \"byRep\", sortKeyFields: [\"name\"], queryField: \"customersByRep\") on the field Customer.repID instead of @key on the type",
            ])
    }

    @Test func connectionsBecomeHasManyHasOneOrBelongsTo() {
        let diagnostics = Transform.errors(
            """
            type Post @model {
              id: ID!
              comments: [Comment] @connection(keyName: "byPost", fields: ["id"])
              author: Author @connection
              versions: [Version] @connection(name: "PostVersions")
            }
            type Comment @model { id: ID! postID: ID! post: Post @connection(fields: ["postID"]) }
            type Author @model { id: ID! }
            type Version @model @versioned { id: ID! post: Post @connection(name: "PostVersions") }
            """)
        #expect(
            diagnostics.map(\.description) == [
                "schema.graphql:3:23: error: @connection is a Transformer v1 directive; in Transformer v2 write @hasMany(indexName: \"byPost\", fields: [\"id\"]) on Post.comments",
                "schema.graphql:4:18: error: @connection is a Transformer v1 directive; in Transformer v2 write @hasOne on Post.author",
                "schema.graphql:5:23: error: @connection is a Transformer v1 directive; in Transformer v2 write @hasMany on Post.versions (a named connection becomes @hasMany on the list side and @belongsTo on the other)",
                "schema.graphql:7:54: error: @connection is a Transformer v1 directive; in Transformer v2 write @belongsTo(fields: [\"postID\"]) on Comment.post",
                "schema.graphql:9:21: error: @versioned is a Transformer v1 directive that Transformer v2 removed; enable conflict detection (DataStore's versioning) for the API instead",
                "schema.graphql:9:53: error: @connection is a Transformer v1 directive; in Transformer v2 write @belongsTo on Version.post (a named connection becomes @hasMany on the list side and @belongsTo on the other)",
            ])
    }

    @Test(.requiresSharedTestData("amplify-schemas")) func everyTransformerV1TestSchemaGetsOnlyMigrationDiagnostics()
        throws
    {
        guard let files = try AmplifySchemaFiles.all() else { return }
        let v1Files = files.filter { AmplifySchemaFiles.isTransformerV1($0.name) }
        #expect(v1Files.count == 5)
        for file in v1Files {
            do {
                _ = try ModelTransformer.transform(file.text, fileName: file.name)
                Issue.record("\(file.name) transformed, but it is a Transformer v1 schema")
            } catch {
                #expect(!error.errors.isEmpty, "\(file.name)")
                for diagnostic in error.errors {
                    #expect(diagnostic.message.contains("Transformer v1"), "\(diagnostic)")
                    #expect(diagnostic.location.line > 0, "\(diagnostic)")
                    #expect(diagnostic.fileName == file.name)
                }
                let uses = Self.count(of: ["@key(", "@connection", "@versioned"], in: file.text)
                #expect(error.errors.count == uses, "\(file.name): one diagnostic per v1 directive")
            }
        }
    }

    /// Uses of the v1 directives outside comments.
    private static func count(of needles: [String], in text: String) -> Int {
        text.split(separator: "\n").map { line in
            let code = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            return needles.reduce(0) { $0 + code.components(separatedBy: $1).count - 1 }
        }.reduce(0, +)
    }
}
