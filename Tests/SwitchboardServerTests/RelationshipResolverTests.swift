import Testing

@testable import SwitchboardServer

/// Relationship fields over HTTP: @hasMany connections with their own filter, limit and
/// nextToken; @belongsTo; @manyToMany through the generated join model; @hasOne.
@Suite struct RelationshipResolverTests {
    @Test func hasManyConnectionsPageAndFilterAndBelongsToLoadsTheParent() async throws {
        let harness = try await ServerHarness.start()
        defer { Task { await harness.stop() } }
        _ = try await harness.data(#"mutation { createBlog(input: {id: "b1", name: "Engineering"}) { id } }"#)
        _ = try await harness.data(#"mutation { createBlog(input: {id: "b2", name: "Other"}) { id } }"#)
        for index in 0..<5 {
            _ = try await harness.data(
                "mutation C($input: CreatePostInput!) { createPost(input: $input) { id } }",
                variables: [
                    "input": [
                        "id": .string("p\(index)"), "title": .string("T\(index)"), "rating": .int(index),
                        "blogPostsId": "b1",
                    ]
                ])
        }
        _ = try await harness.data(#"mutation { createPost(input: {id: "x", title: "X", blogPostsId: "b2"}) { id } }"#)
        let query = """
            query Q($limit: Int, $token: String, $filter: ModelPostFilterInput) {
              getBlog(id: "b1") { name posts(limit: $limit, nextToken: $token, filter: $filter) { items { id blog { name } } nextToken } }
            }
            """
        var ids: [String] = []
        var token: JSON = nil
        repeat {
            let blog = try await harness.data(query, variables: ["limit": 2, "token": token])
            let posts = blog["posts"]
            ids += posts?["items"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
            #expect(posts?["items"]?[0]?["blog"] == ["name": "Engineering"])
            token = posts?["nextToken"] ?? nil
        } while token != nil
        #expect(ids.sorted() == ["p0", "p1", "p2", "p3", "p4"])
        let filtered = try await harness.data(query, variables: ["filter": ["rating": ["ge": 3]]])
        #expect(filtered["posts"]?["items"]?.arrayValue?.compactMap { $0["id"]?.stringValue }.sorted() == ["p3", "p4"])
        let orphan = try await harness.data(
            #"mutation { createPost(input: {id: "o", title: "O"}) { id blog { id } } }"#)
        #expect(orphan["blog"] == JSON.null)
    }

    @Test func hasManyWithIndexNameOnlyQueriesTheIndexWithTheParentKey() async throws {
        let schema = """
            type Person @model { id: ID! name: String calls: [Call] @hasMany(indexName: "byCaller") }
            type Call @model {
              id: ID!
              callerId: ID! @index(name: "byCaller", sortKeyFields: ["minutes"])
              minutes: Int!
            }
            """
        let harness = try await ServerHarness.start(schema)
        defer { Task { await harness.stop() } }
        _ = try await harness.data(#"mutation { createPerson(input: {id: "ann", name: "Ann"}) { id } }"#)
        for (id, caller, minutes) in [("c1", "ann", 5), ("c2", "bob", 7), ("c3", "ann", 9), ("c4", "ann", 2)] {
            _ = try await harness.data(
                "mutation C($input: CreateCallInput!) { createCall(input: $input) { id } }",
                variables: ["input": ["id": .string(id), "callerId": .string(caller), "minutes": .int(minutes)]])
        }
        let all = try await harness.data(#"{ getPerson(id: "ann") { calls { items { id } } } }"#)
        #expect(all["calls"]?["items"]?.arrayValue?.compactMap { $0["id"]?.stringValue } == ["c4", "c1", "c3"])
        let long = try await harness.data(
            #"{ getPerson(id: "ann") { calls(minutes: {ge: 5}, sortDirection: DESC) { items { id } } } }"#)
        #expect(long["calls"]?["items"]?.arrayValue?.compactMap { $0["id"]?.stringValue } == ["c3", "c1"])
    }

    @Test func manyToManyGoesThroughTheJoinModel() async throws {
        let harness = try await ServerHarness.start()
        defer { Task { await harness.stop() } }
        _ = try await harness.data(#"mutation { createPost(input: {id: "p1", title: "One"}) { id } }"#)
        _ = try await harness.data(#"mutation { createPost(input: {id: "p2", title: "Two"}) { id } }"#)
        for (id, name) in [("l1", "swift"), ("l2", "graphql")] {
            _ = try await harness.data(
                "mutation C($input: CreateLabelInput!) { createLabel(input: $input) { id } }",
                variables: ["input": ["id": .string(id), "name": .string(name)]])
        }
        for (post, label) in [("p1", "l1"), ("p1", "l2"), ("p2", "l2")] {
            _ = try await harness.data(
                "mutation C($input: CreatePostLabelsInput!) { createPostLabels(input: $input) { id } }",
                variables: ["input": ["postId": .string(post), "labelId": .string(label)]])
        }
        let post = try await harness.data(#"{ getPost(id: "p1") { labels { items { label { name } } } } }"#)
        #expect(
            post["labels"]?["items"]?.arrayValue?.compactMap { $0["label"]?["name"]?.stringValue }.sorted() == [
                "graphql", "swift",
            ])
        let label = try await harness.data(#"{ getLabel(id: "l2") { posts { items { post { title } } } } }"#)
        #expect(
            label["posts"]?["items"]?.arrayValue?.compactMap { $0["post"]?["title"]?.stringValue }.sorted() == [
                "One", "Two",
            ])
    }

    @Test func hasOneLoadsTheItemItsForeignKeyNames() async throws {
        let schema = """
            type Project @model { id: ID! name: String team: Team @hasOne }
            type Team @model { id: ID! name: String! project: Project @belongsTo }
            """
        let harness = try await ServerHarness.start(schema)
        defer { Task { await harness.stop() } }
        _ = try await harness.data(#"mutation { createTeam(input: {id: "t1", name: "Core"}) { id } }"#)
        let project = try await harness.data(
            #"mutation { createProject(input: {id: "pr1", name: "Server", projectTeamId: "t1"}) { name team { name } } }"#
        )
        #expect(project == ["name": "Server", "team": ["name": "Core"]])
        let team = try await harness.data(
            #"mutation { updateTeam(input: {id: "t1", teamProjectId: "pr1"}) { project { name } } }"#)
        #expect(team == ["project": ["name": "Server"]])
    }
}
