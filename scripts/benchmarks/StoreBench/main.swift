// swift-format-ignore-file: AlwaysUseLowerCamelCase

// scripts/bench store: a 1,000-item `listPosts` response normalized into a RecordStore and read
// back as the operation's Data, against decoding the same bytes straight into Data, in one
// release run; then one record change fanned out to 1,000 watchers; then a transaction that
// appends one item to the watched 1,000-item list (goal: under 1 ms, the watcher notified).
import Foundation
import Switchboard
import SwitchboardStore

struct ListPostsQuery: GraphQLQuery {
    static let operationName = "ListPosts"
    static let document = """
        query ListPosts($limit: Int) {
          listPosts(limit: $limit) {
            items { id title status rating tags publishedAt blog { id name __typename } createdAt updatedAt __typename }
            nextToken
            __typename
          }
        }
        """

    struct Variables: Encodable, Sendable { var limit: Int }
    var variables: Variables

    // Codable with settable properties, as `"mutableData": true` generates, for the transaction.
    struct Data: Codable, Sendable, Equatable {
        var listPosts: ListPosts?

        struct ListPosts: Codable, Sendable, Equatable {
            var items: [Item]
            var nextToken: String?
            var __typename: String
        }

        struct Item: Codable, Sendable, Equatable {
            var id: String
            var title: String
            var status: String
            var rating: Int?
            var tags: [String]?
            var publishedAt: String?
            var blog: Blog?
            var createdAt: String
            var updatedAt: String
            var __typename: String
        }

        struct Blog: Codable, Sendable, Equatable {
            var id: String
            var name: String
            var __typename: String
        }
    }
}

struct PostTitleQuery: GraphQLQuery {
    static let operationName = "PostTitle"
    static let document = "query PostTitle { getPost(id: \"post-7\") { id title __typename } }"
    struct Data: Decodable, Sendable, Equatable {
        let getPost: Post?
        struct Post: Decodable, Sendable, Equatable {
            let id: String
            let title: String
            let __typename: String
        }
    }
}

let itemCount = 1000
let items = (0..<itemCount).map { index in
    #"{"id":"post-\#(index)","title":"Post number \#(index) about Swift","status":"\#(index % 2 == 0 ? "DRAFT" : "PUBLISHED")","rating":\#(index % 5),"tags":["swift","graphql","appsync"],"publishedAt":"2026-11-23T09:30:\#(String(format: "%02d", index % 60)).000Z","blog":{"id":"blog-\#(index % 10)","name":"Blog \#(index % 10)","__typename":"Blog"},"createdAt":"2026-11-20T08:00:00.000Z","updatedAt":"2026-11-21T08:00:00.000Z","__typename":"Post"}"#
}
let dataBytes = Data(
    (#"{"listPosts":{"items":["# + items.joined(separator: ",")
        + #"],"nextToken":"eyJvZmZzZXQiOjEwMDB9","__typename":"ModelPostConnection"}}"#).utf8)
let query = ListPostsQuery(variables: .init(limit: itemCount))

@concurrent func plainDecode() async throws -> ListPostsQuery.Data {
    try JSONBytesDecoder().decode(ListPostsQuery.Data.self, from: dataBytes)
}

/// A fresh store each time, so that every round normalizes 1,001 new records.
@concurrent func normalizeAndRead() async throws -> ListPostsQuery.Data {
    let store = RecordStore()
    try await store.write(json: dataBytes, for: query)
    return try await store.read(operation: query)
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}
func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

// STORE_BENCH_PROFILE=plain|store|write|read|transaction runs one side (or one half of the store's side)
// STORE_BENCH_COUNT times, for a profiler.
if let only = ProcessInfo.processInfo.environment["STORE_BENCH_PROFILE"] {
    let count = Int(ProcessInfo.processInfo.environment["STORE_BENCH_COUNT"] ?? "200")!
    if only == "transaction" {
        _ = try await transactionRounds(count, extra: try await plainDecode().listPosts!.items[0])
        exit(0)
    }
    let filled = RecordStore()
    try await filled.write(json: dataBytes, for: query)
    for _ in 0..<count {
        switch only {
        case "plain": _ = try await plainDecode()
        case "write": try await RecordStore().write(json: dataBytes, for: query)
        case "read": _ = try await filled.read(operation: query)
        default: _ = try await normalizeAndRead()
        }
    }
    exit(0)
}

let rounds = Int(CommandLine.arguments.dropFirst().first ?? "") ?? 200
let expected = try await plainDecode()
guard try await normalizeAndRead() == expected else { fatalError("the store read back different data") }
for _ in 0..<5 {
    _ = try await plainDecode()
    _ = try await normalizeAndRead()
}
// The two sides take turns, in alternating order, and the figure is the median of the ratios of
// adjacent pairs: this VM drifts between fast and slow states over a few decodes.
let clock = ContinuousClock()
var times: [[Double]] = [[], []]
for round in 0..<rounds {
    for side in round % 2 == 0 ? [0, 1] : [1, 0] {
        let start = clock.now
        _ = side == 0 ? try await normalizeAndRead() : try await plainDecode()
        times[side].append(seconds(clock.now - start))
    }
}
let ratio = median(zip(times[0], times[1]).map { $0 / $1 })
print(String(format: "normalize + read back, 1,000 items: median %.2f ms", median(times[0]) * 1e3))
print(String(format: "decode straight into Data:          median %.2f ms", median(times[1]) * 1e3))
print(String(format: "ratio (median of paired rounds): %.2fx the plain decode (goal: at most 2x)", ratio))

// Fan-out: 1,000 watchers of the same post; one write changes its title.
let store = RecordStore()
try await store.write(data: JSONValue(parsing: dataBytes), for: query)
let watcherCount = 1000
var fanOuts: [Double] = []
for round in 0..<20 {
    var watchers: [SwitchboardAsyncThrowingSequence<PostTitleQuery.Data>] = []
    let post: JSONValue = ["getPost": ["__typename": "Post", "id": "post-7", "title": .string("Round \(round)")]]
    try await store.write(data: post, for: PostTitleQuery())
    for _ in 0..<watcherCount { watchers.append(try await store.watch(operation: PostTitleQuery())) }
    var iterators = watchers.map { $0.makeAsyncIterator() }
    for index in iterators.indices { _ = try await iterators[index].next() }
    let changed: JSONValue = ["getPost": ["__typename": "Post", "id": "post-7", "title": .string("Changed \(round)")]]
    let start = clock.now
    try await store.write(data: changed, for: PostTitleQuery())
    for index in iterators.indices {
        guard try await iterators[index].next()?.getPost?.title == "Changed \(round)" else {
            fatalError("missed a change")
        }
    }
    fanOuts.append(seconds(clock.now - start))
    for watcher in watchers { watcher.cancel() }
}
print(
    String(
        format: "fan-out: one record change to %d watchers, all notified and decoded: median %.2f ms, max %.2f ms",
        watcherCount, median(fanOuts) * 1e3, fanOuts.max()! * 1e3))

// A transaction appending one item to the watched 1,000-item list (and one removing it again),
// timed until the watcher has the new list decoded.
@concurrent func transactionRounds(_ count: Int, extra: ListPostsQuery.Data.Item) async throws -> ([Double], [Double]) {
    let clock = ContinuousClock()
    let store = RecordStore()
    try await store.write(json: dataBytes, for: query)
    var listed = try await store.watch(operation: query).makeAsyncIterator()
    _ = try await listed.next()
    var appends: [Double] = []
    var removals: [Double] = []
    for round in 0..<count {
        var item = extra
        item.id = "post-new-\(round)"
        let added = item
        var start = clock.now
        try await store.withTransaction { store in
            try store.update(query) { $0.listPosts?.items.append(added) }
        }
        guard try await listed.next()?.listPosts?.items.count == itemCount + 1 else { fatalError("missed the append") }
        appends.append(seconds(clock.now - start))
        start = clock.now
        try await store.withTransaction { store in
            try store.update(query) { _ = $0.listPosts?.items.removeLast() }
        }
        guard try await listed.next()?.listPosts?.items.count == itemCount else { fatalError("missed the removal") }
        removals.append(seconds(clock.now - start))
    }
    return (appends, removals)
}

let (appends, removals) = try await transactionRounds(max(20, rounds / 2), extra: expected.listPosts!.items[0])
print(
    String(
        format:
            "transaction: append one item to the watched %d-item list, watcher notified: median %.3f ms (goal: under 1 ms), %.2fx the plain decode",
        itemCount, median(appends) * 1e3, median(appends) / median(times[1])))
print(String(format: "transaction: remove it again: median %.3f ms", median(removals) * 1e3))
