import Testing

@testable import SwitchboardServer

/// listX, index queries and key conditions over HTTP: the default limit, short filtered pages
/// with tokens, paging that sees every item once, tampered tokens, sort directions and
/// Amplify's argument errors.
@Suite struct ListResolverTests {
    static func seedPosts(_ harness: ServerHarness, count: Int, category: (Int) -> String = { _ in "news" })
        async throws
    {
        for index in 0..<count {
            _ = try await harness.data(
                "mutation C($input: CreatePostInput!) { createPost(input: $input) { id } }",
                variables: [
                    "input": [
                        "id": .string(String(format: "p%03d", index)), "title": .string("Post \(index)"),
                        "rating": .int(index % 10), "category": .string(category(index)),
                    ]
                ])
        }
    }

    static let list = """
        query L($filter: ModelPostFilterInput, $limit: Int, $nextToken: String) {
          listPosts(filter: $filter, limit: $limit, nextToken: $nextToken) { items { id rating } nextToken }
        }
        """

    /// A filter past DynamoDB's 300 operators is refused before any item is read; one at the
    /// limit runs. Each `contains` compares bytes, as DynamoDB's does.
    @Test func filtersOfMoreThanThreeHundredOperatorsAreRefused() async throws {
        let harness = try await ServerHarness.start()
        defer { Task { await harness.stop() } }
        try await Self.seedPosts(harness, count: 12)
        func anyOf(_ count: Int) -> JSON {
            ["or": .array((0..<count).map { ["title": ["contains": .string("Post \($0 + 10)")]] })]
        }
        let atTheLimit = try await harness.data(Self.list, variables: ["filter": anyOf(150)])
        let ids = (atTheLimit["items"]?.arrayValue ?? []).compactMap { $0["id"]?.stringValue }
        #expect(ids.sorted() == ["p010", "p011"], "\(atTheLimit.text)")

        let (_, body) = try await harness.post(Self.list, variables: ["filter": anyOf(151)])
        #expect(body["data"]?["listPosts"] == .null, "\(body.text.prefix(300))")
        #expect(body["errors"]?[0]?["errorType"] == "DynamoDB:DynamoDbException")
        #expect(
            body["errors"]?[0]?["message"]?.stringValue?.hasPrefix(
                "Invalid FilterExpression: The expression contains too many operators; operator count: 301 (Service: DynamoDb"
            ) == true, "\(body.text.prefix(300))")
    }

    @Test func listsDefaultToOneHundredItemsAndPageWithTokens() async throws {
        let harness = try await ServerHarness.start()
        defer { Task { await harness.stop() } }
        try await Self.seedPosts(harness, count: 105)
        let first = try await harness.data(Self.list)
        #expect(first["items"]?.arrayValue?.count == 100)
        let token = try #require(first["nextToken"]?.stringValue)
        let second = try await harness.data(Self.list, variables: ["nextToken": .string(token)])
        #expect(second["items"]?.arrayValue?.count == 5 && second["nextToken"] == JSON.null)
    }

    @Test func filteredPagesMayBeShortAndStillHaveATokenAndPagingSeesEachItemOnce() async throws {
        let harness = try await ServerHarness.start()
        defer { Task { await harness.stop() } }
        try await Self.seedPosts(harness, count: 30)
        let filter: JSON = ["rating": ["ge": 7]]
        let first = try await harness.data(Self.list, variables: ["filter": filter, "limit": 10])
        // The limit counts items read before the filter, as DynamoDB's Limit does.
        #expect(first["items"]?.arrayValue?.count == 3 && first["nextToken"]?.stringValue != nil)
        var seen: [String] = []
        var token: JSON = nil
        repeat {
            let page = try await harness.data(Self.list, variables: ["filter": filter, "limit": 7, "nextToken": token])
            seen += page["items"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
            token = page["nextToken"] ?? nil
        } while token != nil
        #expect(seen.count == 9 && Set(seen).count == 9)
    }

    @Test func tamperedOrForeignTokensAreRefused() async throws {
        let harness = try await ServerHarness.start()
        defer { Task { await harness.stop() } }
        try await Self.seedPosts(harness, count: 3)
        let page = try await harness.data(Self.list, variables: ["limit": 1])
        let token = try #require(page["nextToken"]?.stringValue)
        var bytes = Array(token.utf8)
        bytes[4] = bytes[4] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
        for forged in [String(decoding: bytes, as: UTF8.self), "bm90IGEgdG9rZW4=", "%%%"] {
            let (_, body) = try await harness.post(Self.list, variables: ["nextToken": .string(forged)])
            #expect(body["data"] == ["listPosts": nil])
            #expect(body["errors"]?[0]?["errorType"] == "DynamoDB:UserIllegalArgumentException")
            #expect(
                body["errors"]?[0]?["message"]?.stringValue?.hasSuffix(
                    "InvalidPaginationTokenException: Invalid pagination token given.") == true)
        }
        // A token of one read does not resume another.
        let (_, body) = try await harness.post(
            "query Q($t: String) { postsByCategory(category: \"news\", nextToken: $t) { items { id } } }",
            variables: ["t": .string(token)])
        #expect(body["errors"]?[0]?["errorType"] == "DynamoDB:UserIllegalArgumentException")
    }

    @Test func indexQueriesReturnSortKeyOrderInEitherDirection() async throws {
        let harness = try await ServerHarness.start()
        defer { Task { await harness.stop() } }
        try await Self.seedPosts(harness, count: 12) { $0 % 2 == 0 ? "even" : "odd" }
        let query = """
            query Q($rating: ModelIntKeyConditionInput, $direction: ModelSortDirection) {
              postsByCategory(category: "even", rating: $rating, sortDirection: $direction) { items { id rating } }
            }
            """
        let ascending = try await harness.data(query)
        #expect(ascending["items"]?.arrayValue?.compactMap { $0["rating"]?.intValue } == [0, 0, 2, 4, 6, 8])
        let descending = try await harness.data(
            query, variables: ["direction": "DESC", "rating": ["between": [2, 6]]])
        #expect(descending["items"]?.arrayValue?.compactMap { $0["rating"]?.intValue } == [6, 4, 2])
        let greater = try await harness.data(query, variables: ["rating": ["gt": 4]])
        #expect(greater["items"]?.arrayValue?.compactMap { $0["rating"]?.intValue } == [6, 8])
    }

    @Test func primaryKeyListsTakeKeyConditionsAndCheckTheirArguments() async throws {
        let harness = try await ServerHarness.start()
        defer { Task { await harness.stop() } }
        for (album, disc, number) in [("a", 1, 1), ("a", 1, 2), ("a", 2, 1), ("b", 1, 1)] {
            _ = try await harness.data(
                "mutation C($input: CreateTrackInput!) { createTrack(input: $input) { album } }",
                variables: ["input": ["album": .string(album), "disc": .int(disc), "number": .int(number)]])
        }
        let query = """
            query Q($album: String, $cond: ModelTrackPrimaryCompositeKeyConditionInput, $direction: ModelSortDirection) {
              listTracks(album: $album, discNumber: $cond, sortDirection: $direction) { items { album disc number } }
            }
            """
        func keys(_ value: JSON) -> [String] {
            value["items"]?.arrayValue?.map {
                "\($0["album"]?.stringValue ?? "")\($0["disc"]?.intValue ?? 0).\($0["number"]?.intValue ?? 0)"
            } ?? []
        }
        #expect(
            keys(try await harness.data(query, variables: ["album": "a", "direction": "DESC"])) == [
                "a2.1", "a1.2", "a1.1",
            ])
        #expect(
            keys(try await harness.data(query, variables: ["album": "a", "cond": ["beginsWith": ["disc": 1]]])) == [
                "a1.1", "a1.2",
            ])
        #expect(
            keys(try await harness.data(query, variables: ["album": "a", "cond": ["eq": ["disc": 2, "number": 1]]]))
                == ["a2.1"])
        // Bounds are #-joined strings: "2#1" sorts after "2", as in DynamoDB.
        let between: [(JSON, [String])] = [
            ([["disc": 1, "number": 2], ["disc": 2]], ["a1.2"]),
            ([["disc": 1, "number": 2], ["disc": 2, "number": 9]], ["a1.2", "a2.1"]),
        ]
        for (bounds, expected) in between {
            #expect(
                keys(try await harness.data(query, variables: ["album": "a", "cond": ["between": bounds]])) == expected)
        }
        let errors: [(JSON, String)] = [
            (["direction": "ASC"], "When providing argument 'sortDirection' you must also provide argument 'album'."),
            (["cond": ["eq": ["disc": 1]]], "When providing argument 'discNumber' you must also provide 'album'."),
            (
                ["album": "a", "cond": ["eq": ["number": 1]]],
                "When providing argument 'discNumber.eq.number' you must also provide 'discNumber.eq.disc'."
            ),
            (
                ["album": "a", "cond": ["between": [["disc": 1]]]],
                "Argument 'discNumber.between' expects exactly two elements."
            ),
            (
                ["album": "a", "cond": ["eq": ["disc": 1], "gt": ["disc": 0]]],
                "Argument discNumber must specify at most one key condition operation."
            ),
        ]
        for (variables, message) in errors {
            let (_, body) = try await harness.post(query, variables: variables)
            #expect(body["errors"]?[0]?["errorType"] == "InvalidArgumentsError", "\(variables.text)")
            #expect(body["errors"]?[0]?["message"] == .string(message), "\(variables.text)")
        }
        let (_, unsorted) = try await harness.post("{ listTracks(sortDirection: ASC) { items { album } } }")
        #expect(unsorted["errors"]?[0]?["errorType"] == "InvalidArgumentsError")
        let (_, noSort) = try await harness.post(#"{ listBlogs(limit: 0) { items { id } } }"#)
        #expect(noSort["errors"]?[0]?["errorType"] == "DynamoDB:DynamoDbException")
    }
}
