import GraphQLLanguage
import ModelTransform
import TestSupport
import Testing

/// The Amplify test schemas in `../shared/testdata/amplify-schemas`: every Transformer v2 one
/// transforms, and its AppSync schema builds with GraphQLLanguage.
@Suite struct TestDataSchemaTests {
    @Test(.requiresSharedTestData("amplify-schemas")) func everyTransformerV2SchemaTransformsIntoAValidAppSyncSchema()
        throws
    {
        guard let files = try AmplifySchemaFiles.all() else { return }
        let v2Files = files.filter { !AmplifySchemaFiles.isTransformerV1($0.name) }
        #expect(v2Files.count == 5)
        for file in v2Files {
            let output = try Transform.output(file.text)
            #expect(output.warnings.isEmpty, "\(file.name): \(output.warnings)")
            let schema = try Schema(sdl: output.appSyncSchema, options: .appSync)
            for model in output.catalog.models {
                #expect(schema.type(named: model.name) != nil, "\(file.name): \(model.name)")
                if let list = model.operations.list { #expect(schema.field(list, on: "Query") != nil) }
            }
            // Deterministic: the same input gives the same bytes.
            #expect(try Transform.output(file.text).appSyncSchema == output.appSyncSchema)
        }
    }

    @Test(.requiresSharedTestData("amplify-schemas")) func transformerV2CatalogHasTheRelationshipsOfTheSchema() throws {
        guard let text = try AmplifySchemaFiles.text("transformer-v2.graphql") else { return }
        let catalog = try Transform.output(text).catalog
        #expect(catalog.models.count == 35)
        #expect(catalog.models.last?.name == "PostEditor5V2")
        let blog = try catalog.require("Blog7V2")
        #expect(blog.field(named: "posts")?.relationship?.foreignKeyFields == ["blog7V2PostsId"])
        #expect(blog.field(named: "posts")?.relationship?.associatedField == "blog")
        let comment = try catalog.require("Comment7V2")
        #expect(comment.field(named: "post")?.relationship?.foreignKeyFields == ["post7V2CommentsId"])
        let team = try catalog.require("Team4aV2")
        #expect(team.field(named: "project")?.relationship?.foreignKeyFields == ["team4aV2ProjectId"])
        #expect(
            try catalog.require("Project4aV2").field(named: "team")?.relationship?.foreignKeyFields == [
                "project4aV2TeamId"
            ])
        let registration = try catalog.require("Registration8V2")
        #expect(registration.field(named: "meeting")?.relationship?.foreignKeyFields == ["meetingId"])
        #expect(registration.indexes.map(\.name) == ["byMeeting", "byAttendee"])
        let customer = try catalog.require("CustomerWithMultipleFieldsinPK")
        #expect(customer.primaryKey.sortKeyFields == ["dob", "date", "time", "phoneNumber", "priority", "height"])
        #expect(customer.pluralName == "CustomerWithMultipleFieldsinPKS")
        #expect(try catalog.require("TodoWithDefaultValueV2").field(named: "content")?.defaultValue == "My new Todo")
        #expect(try catalog.require("Blog8").field(named: "customs")?.kind == .embedded("MyCustomModel8"))
        #expect(catalog.enumeration(named: "Priority")?.values == ["LOW", "NORMAL", "HIGH"])
        #expect(catalog.authorization.isSandbox)
        #expect(try catalog.require("Project1V2").authRules.map(\.strategy) == [.public])
    }

    @Test(.requiresSharedTestData("amplify-schemas")) func malformedSchemasNeverCrashAndNeverHalfSucceed() async throws
    {
        guard let files = try AmplifySchemaFiles.all() else { return }
        try await onOwnThread { try Self.mutateEverySchema(files) }
    }

    /// Transforms 40 random mutations of each schema: an error, or an AppSync schema that builds.
    private static func mutateEverySchema(_ files: [(name: String, text: String)]) throws {
        var random = SplitMix64(seed: 16)
        for file in files {
            let bytes = Array(file.text.utf8)
            for _ in 0..<40 {
                var mutated = bytes
                switch random.below(3) {
                case 0: mutated = Array(mutated.prefix(random.below(mutated.count)))
                case 1: mutated.remove(at: random.below(mutated.count))
                default: mutated.insert(random.pick(Array("{}[]()@:!\"#".utf8)), at: random.below(mutated.count))
                }
                let text = String(decoding: mutated, as: UTF8.self)
                do {
                    let output = try ModelTransformer.transform(text, fileName: file.name)
                    #expect(throws: Never.self, "\(file.name) mutated:\n\(text)\n→\n\(output.appSyncSchema)") {
                        _ = try Schema(sdl: output.appSyncSchema, options: .appSync)
                    }
                } catch {
                    #expect(!error.errors.isEmpty)
                }
            }
        }
    }
}
