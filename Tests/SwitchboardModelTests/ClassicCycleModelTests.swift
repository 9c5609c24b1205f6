import Foundation
import SwitchboardAPI
import SwitchboardNet
import Testing

/// Classic-form models that refer to each other (`GeneratedModels/Cycles`): the generator keeps
/// the related model in an `AssociatedModelBox` behind a property of the usual type, and the
/// models still encode, decode and mutate as plain classic models.
@Suite struct ClassicCycleModelTests {
    static let types: [AppSyncModelStore.TypeInfo] = [
        .init(
            name: "Project", plural: "Projects", keyFields: ["id"], belongsTo: ["squad": ("Squad", "projectSquadId")]),
        .init(
            name: "Squad", plural: "Squads", keyFields: ["id"], belongsTo: ["project": ("Project", "squadProjectId")]),
        .init(
            name: "Folder", plural: "Folders", keyFields: ["id"], belongsTo: ["parent": ("Folder", "parentId")],
            hasMany: ["children": ("Folder", "parentId")]),
    ]

    static func start() async throws -> (AppSyncModelStore, HTTPServer, APIPlugin) {
        let store = AppSyncModelStore(types: types)
        let server = try await HTTPServer.start { request in await store.respond(to: request) }
        let endpoint = server.url.appendingPathComponent("graphql").absoluteString
        let json = """
            {"api":{"plugins":{"awsAPIPlugin":{"store":{"endpointType":"GraphQL","endpoint":"\(endpoint)",
            "region":"us-east-1","authorizationType":"API_KEY","apiKey":"da2-storekey"}}}}}
            """
        let plugin = try APIPlugin()
        try plugin.configure(using: SwitchboardConfiguration(data: Data(json.utf8)))
        return (store, server, plugin)
    }

    @Test func boxedAssociationsBehaveLikeStoredProperties() {
        let squad = Squad(id: "s1", name: "Platform")
        var project = Project(id: "p1", name: "Switchboard", squad: squad)
        let copy = project
        project.squad = nil
        #expect(project.squad == nil)
        #expect(copy.squad?.name == "Platform")  // a copy keeps its own box
        project.squad = Squad(id: "s2", name: "Apps", project: copy)
        #expect(project.squad?.project?.squad?.id == "s1")
    }

    @Test func hasOneAndBelongsToBothWaysCreateAndDecodeThroughThePipeline() async throws {
        let (store, server, plugin) = try await Self.start()
        defer { Task { await server.stop() } }
        let squad = try await plugin.mutate(request: .create(Squad(id: "s1", name: "Platform"))).get()
        let project = try await plugin.mutate(request: .create(Project(id: "p1", name: "Switchboard", squad: squad)))
            .get()
        #expect(await store.operations(named: "createProject").first?["input"]?["projectSquadId"] == "s1")
        #expect(project.squad?.name == "Platform")

        let fetched = try #require(try await plugin.query(request: .get(Project.self, byId: "p1")).get())
        #expect(fetched.squad?.id == "s1" && fetched.squad?.name == "Platform")
        // The squad's own link back is optional and already on the path, so it is not selected.
        #expect(fetched.squad?.project == nil)
    }

    @Test func aModelThatBelongsToItsOwnTypeDecodesNestedParents() async throws {
        let (_, server, plugin) = try await Self.start()
        defer { Task { await server.stop() } }
        let root = try await plugin.mutate(request: .create(Folder(id: "root", name: "Root"))).get()
        let docs = try await plugin.mutate(request: .create(Folder(id: "docs", name: "Docs", parent: root))).get()
        _ = try await plugin.mutate(request: .create(Folder(id: "api", name: "API", parent: docs))).get()

        let request = GraphQLRequest<Folder?>(
            document: """
                query { getFolder(id: "api") { id name createdAt updatedAt __typename
                  parent { id name createdAt updatedAt __typename
                    parent { id name createdAt updatedAt __typename } } } }
                """,
            responseType: Folder?.self, decodePath: "getFolder")
        let api = try #require(try await plugin.query(request: request).get())
        #expect(api.parent?.name == "Docs")
        #expect(api.parent?.parent?.name == "Root")
        #expect(api.parent?.parent?.parent == nil)

        let children = try #require(try await plugin.query(request: .get(Folder.self, byId: "root")).get()?.children)
        try await children.fetch()
        #expect(children.map(\.name) == ["Docs"])
    }
}
