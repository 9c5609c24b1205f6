import Foundation
import Switchboard
import Testing

/// Every builder's document and variables, as exact strings, for the Blog → Post → Comment schema
/// (lazy-load form), the composite-key `Track`, the classic-form `Member`, an enum, an embedded
/// type and temporal fields.
@Suite struct ModelRequestGoldenTests {
    /// Post's selection set at an indentation of `indent` spaces (shared by several documents).
    static func postFields(indent: Int) -> String {
        let pad = String(repeating: " ", count: indent)
        return """
            id
            createdAt
            location {
              lat
              lon
              name
              __typename
            }
            publishedAt
            publishedOn
            rating
            reminderTime
            status
            tags
            title
            updatedAt
            viewedAt
            blog {
              id
              __typename
            }
            __typename
            """.split(separator: "\n").map { pad + $0 }.joined(separator: "\n")
    }

    static func variablesText<R>(_ request: GraphQLRequest<R>) throws -> String {
        try JSONValue(parsing: request.encodedBody())["variables"]?.jsonText ?? "none"
    }

    static let post = Post(
        id: "p1", title: "Hello", status: .draft, rating: nil, tags: ["swift", nil],
        location: Location(lat: 52.5, lon: 13.25, name: nil),
        publishedOn: try! Temporal.Date(iso8601String: "2026-11-23"),
        publishedAt: try! Temporal.DateTime(iso8601String: "2026-11-23T09:30:00+01:00"),
        reminderTime: try! Temporal.Time(iso8601String: "09:30"), viewedAt: 1_795_426_200,
        blog: Blog(id: "b1", name: "Engineering"))

    @Test func getByIdSelectsOneLevelWithBelongsToKeysAndTypenameEverywhere() throws {
        let request = GraphQLRequest<Post?>.get(Post.self, byId: "p1")
        #expect(
            request.document == "query GetPost($id: ID!) {\n  getPost(id: $id) {\n\(Self.postFields(indent: 4))\n  }\n}"
        )
        #expect(request.decodePath == "getPost")
        #expect(try Self.variablesText(request) == #"{"id":"p1"}"#)
    }

    @Test func getByCompositeIdentifierDeclaresEveryKeyField() throws {
        let request = GraphQLRequest<Track?>.get(Track.self, byIdentifier: .identifier(albumId: "a1", trackNumber: 3))
        #expect(
            request.document == """
                query GetTrack($albumId: ID!, $trackNumber: Int!) {
                  getTrack(albumId: $albumId, trackNumber: $trackNumber) {
                    albumId
                    trackNumber
                    createdAt
                    seconds
                    title
                    updatedAt
                    __typename
                  }
                }
                """)
        #expect(try Self.variablesText(request) == #"{"albumId":"a1","trackNumber":3}"#)
    }

    @Test func listWithPredicateAndDefaultLimit() throws {
        let request = GraphQLRequest<List<Comment>>.list(Comment.self, where: Comment.keys.post == "p1")
        #expect(
            request.document == """
                query ListComments($filter: ModelCommentFilterInput, $limit: Int, $nextToken: String) {
                  listComments(filter: $filter, limit: $limit, nextToken: $nextToken) {
                    items {
                      id
                      content
                      createdAt
                      updatedAt
                      post {
                        id
                        __typename
                      }
                      __typename
                    }
                    nextToken
                    __typename
                  }
                }
                """)
        #expect(request.decodePath == "listComments")
        #expect(try Self.variablesText(request) == #"{"filter":{"postId":{"eq":"p1"}},"limit":1000}"#)
    }

    @Test func listOfPostsWithCombinedPredicates() throws {
        let predicate =
            (Post.keys.rating >= 3 && Post.keys.title.beginsWith("Sw"))
            || !(Post.keys.status == PostStatus.draft)
        let request = GraphQLRequest<List<Post>>.list(Post.self, where: predicate, limit: 50)
        #expect(
            request.document.hasPrefix(
                "query ListPosts($filter: ModelPostFilterInput, $limit: Int, $nextToken: String) {\n  listPosts(filter: $filter, limit: $limit, nextToken: $nextToken) {\n    items {\n\(Self.postFields(indent: 6))\n    }\n    nextToken\n    __typename\n  }\n}"
            ))
        #expect(
            try Self.variablesText(request)
                == #"{"filter":{"or":[{"and":[{"rating":{"ge":3}},{"title":{"beginsWith":"Sw"}}]},{"not":{"status":{"eq":"DRAFT"}}}]},"limit":50}"#
        )
    }

    @Test func createWritesBelongsToAsForeignKeyAndSkipsNilAndReadOnly() throws {
        let request = GraphQLRequest<Post>.create(Self.post)
        #expect(
            request.document
                == "mutation CreatePost($input: CreatePostInput!) {\n  createPost(input: $input) {\n\(Self.postFields(indent: 4))\n  }\n}"
        )
        #expect(request.decodePath == "createPost")
        #expect(
            try Self.variablesText(request)
                == #"{"input":{"blogId":"b1","id":"p1","location":{"lat":52.5,"lon":13.25},"publishedAt":"2026-11-23T09:30:00.000+01:00","publishedOn":"2026-11-23","reminderTime":"09:30:00.000","status":"DRAFT","tags":["swift",null],"title":"Hello","viewedAt":1795426200}}"#
        )
    }

    @Test func updateWithConditionSendsNilAsNull() throws {
        let request = GraphQLRequest<Post>.update(Self.post, where: Post.keys.status == PostStatus.draft)
        #expect(
            request.document
                == "mutation UpdatePost($input: UpdatePostInput!, $condition: ModelPostConditionInput) {\n  updatePost(input: $input, condition: $condition) {\n\(Self.postFields(indent: 4))\n  }\n}"
        )
        #expect(
            try Self.variablesText(request)
                == #"{"condition":{"status":{"eq":"DRAFT"}},"input":{"blogId":"b1","id":"p1","location":{"lat":52.5,"lon":13.25},"publishedAt":"2026-11-23T09:30:00.000+01:00","publishedOn":"2026-11-23","rating":null,"reminderTime":"09:30:00.000","status":"DRAFT","tags":["swift",null],"title":"Hello","viewedAt":1795426200}}"#
        )
    }

    @Test func deleteSendsOnlyTheKey() throws {
        let request = GraphQLRequest<Post>.delete(Self.post, where: Post.keys.rating.attributeExists(false))
        #expect(
            request.document.hasPrefix(
                "mutation DeletePost($input: DeletePostInput!, $condition: ModelPostConditionInput) {\n  deletePost(input: $input, condition: $condition) {\n"
            ))
        #expect(
            try Self.variablesText(request)
                == #"{"condition":{"rating":{"attributeExists":false}},"input":{"id":"p1"}}"#)
        let track = GraphQLRequest<Track>.delete(Track(albumId: "a1", trackNumber: 3, title: "Intro"))
        #expect(try Self.variablesText(track) == #"{"input":{"albumId":"a1","trackNumber":3}}"#)
    }

    @Test func subscriptionsHaveNoArguments() throws {
        for (type, name) in [
            (GraphQLSubscriptionType.onCreate, "OnCreate"), (.onUpdate, "OnUpdate"), (.onDelete, "OnDelete"),
        ] {
            let request = GraphQLRequest<Post>.subscription(of: Post.self, type: type)
            let field = name.prefix(1).lowercased() + name.dropFirst() + "Post"
            #expect(
                request.document == "subscription \(name)Post {\n  \(field) {\n\(Self.postFields(indent: 4))\n  }\n}")
            #expect(request.decodePath == field)
            #expect(try Self.variablesText(request) == "none")
        }
    }

    @Test func includesSelectsAssociationsDeeper() throws {
        let request = GraphQLRequest<Comment?>.get(Comment.self, byId: "c1", includes: { comment in [comment.post] })
        #expect(
            request.document == """
                query GetComment($id: ID!) {
                  getComment(id: $id) {
                    id
                    content
                    createdAt
                    updatedAt
                    post {
                \(Self.postFields(indent: 6))
                    }
                    __typename
                  }
                }
                """)
        let blog = GraphQLRequest<Blog?>.get(Blog.self, byId: "b1", includes: { blog in [blog.posts.comments] })
        #expect(blog.document.contains("    posts {\n      items {\n        id\n"))
        #expect(blog.document.contains("        comments {\n          items {\n            id\n            content\n"))
    }

    @Test func classicFormSelectsTheTargetsOwnFieldsAndWritesItsForeignKey() throws {
        let member = Member(id: "m1", name: "Ada", team: Team(id: "t1", name: "Core"))
        let request = GraphQLRequest<Member>.create(member)
        #expect(
            request.document == """
                mutation CreateMember($input: CreateMemberInput!) {
                  createMember(input: $input) {
                    id
                    createdAt
                    name
                    role
                    updatedAt
                    team {
                      id
                      createdAt
                      name
                      updatedAt
                      __typename
                    }
                    __typename
                  }
                }
                """)
        #expect(try Self.variablesText(request) == #"{"input":{"id":"m1","name":"Ada","teamMembersId":"t1"}}"#)
        let list = GraphQLRequest<List<Team>>.list(Team.self)
        #expect(list.document.hasPrefix("query ListTeams($filter: ModelTeamFilterInput"))
    }

    @Test func betweenContainsAndTemporalOperands() throws {
        let day = try Temporal.Date(iso8601String: "2026-01-01")
        let predicate =
            Post.keys.publishedOn.between(start: day, end: try Temporal.Date(iso8601String: "2026-12-31"))
            && Post.keys.title ~= "Swift" && Post.keys.title.notContains("ObjC") && Post.keys.rating != nil
            && Post.keys.rating < 5 && Post.keys.rating <= 4 && Post.keys.rating > 1
        let filter = predicate.graphQLFilter(for: Post.schema).jsonText
        #expect(
            filter
                == #"{"and":[{"and":[{"and":[{"and":[{"and":[{"and":[{"publishedOn":{"between":["2026-01-01","2026-12-31"]}},{"title":{"contains":"Swift"}}]},{"title":{"notContains":"ObjC"}}]},{"rating":{"ne":null}}]},{"rating":{"lt":5}}]},{"rating":{"le":4}}]},{"rating":{"gt":1}}]}"#
        )
        #expect(QueryPredicateConstant.all.graphQLFilter(for: nil).jsonText == "{}")
    }
}
