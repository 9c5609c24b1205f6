// libFuzzer over GraphQL execution, built by scripts/fuzz execute: requests run through the
// local server's GraphQLService (parse, validate, resolver-count refusal, execute) against an
// in-memory store holding a few items of a small @model schema with relationships both ways, an
// @index, an enum, a custom type and model- and field-level @auth.
//
// Input: `query NUL variables NUL operationName NUL identity`, every part after the query
// optional. Variables that are not a JSON object count as none, as the HTTP endpoint treats them;
// an empty operation name counts as none; the identity's first byte picks the caller (modulo 6:
// API key, Cognito user Alice who owns some items, Cognito user Bob in group Admin, the IAM
// authenticated, unauthenticated and admin roles); without it the caller uses the API key.
//
// Invariants, each a fatalError naming the request: the body is JSON (read as a client reads it,
// without JSONReader's 128-level limit for requests) with no key twice in an object; it is an
// object whose keys are `data` and optionally `errors`; `errors`, when present, is a non-empty
// array of objects with a string `message`, a `path` that is null or a non-empty list of keys
// and indices and leads through `data` to a null (a field error nulls its field, or a parent the
// null bubbled to), and `locations` that are null or positive lines and columns; `data` is null
// only with errors, else an object. A query run twice answers byte for byte the same, except
// that `nextToken`s (which carry a fresh random nonce each time) need only decrypt to the same
// cursor, and error messages may differ (DynamoDB errors carry a random request ID), not the
// errors' number, paths, types or locations.
//
// The store stays as seeded: a mutation may create or change items, so after every input whose
// operation is a mutation the store and service are rebuilt and seeded again. Every input thus
// runs against the same data, and a finding reproduces on its own. FUZZ_EXECUTE_PRINT=1 prints
// each response (`.build-fuzz/release/fuzz-execute FILE` runs one input).

import Foundation
import GraphQLLanguage
import ModelTransform
import SwitchboardCore

@testable import SwitchboardServer

let schemaSDL = """
    enum Status { DRAFT PUBLISHED ARCHIVED }

    type Address {
      street: String
      city: String!
      geo: [Float]
    }

    type Author @model @auth(rules: [
        {allow: public}, {allow: owner}, {allow: groups, groups: ["Admin"]},
        {allow: private, provider: iam, operations: [read]}
      ]) {
      id: ID!
      name: String!
      email: AWSEmail @auth(rules: [{allow: owner}, {allow: groups, groups: ["Admin"]}])
      address: Address
      posts: [Post] @hasMany
    }

    type Post @model @auth(rules: [
        {allow: public}, {allow: owner}, {allow: private, operations: [read]},
        {allow: private, provider: iam, operations: [read]}
      ]) {
      id: ID!
      title: String!
      status: Status!
      rating: Int
      score: Float
      tags: [String]
      metadata: AWSJSON
      publishedAt: AWSDateTime
      category: String @index(name: "byCategory", sortKeyFields: ["rating"], queryField: "postsByCategory")
      secret: String @auth(rules: [{allow: owner}])
      author: Author @belongsTo
      comments: [Comment] @hasMany
    }

    type Comment @model @auth(rules: [{allow: public}, {allow: private, provider: iam}]) {
      id: ID!
      body: String!
      post: Post @belongsTo
    }
    """

/// The callers an input can pick, by its identity byte modulo their count.
let identities: [RequestIdentity] = [
    .apiKey,
    RequestIdentity(mode: .userPools, claims: ["sub": "sub-alice", "cognito:username": "alice"]),
    RequestIdentity(
        mode: .userPools, claims: ["sub": "sub-bob", "cognito:username": "bob", "cognito:groups": ["Admin"]]),
    RequestIdentity(mode: .iam, iamRole: .authenticated),
    RequestIdentity(mode: .iam, iamRole: .unauthenticated),
    RequestIdentity(mode: .iam, iamRole: .admin),
]

/// The items every input sees, written through the service's own mutations: (caller, request).
let seedMutations: [(RequestIdentity, String)] = [
    (
        identities[1],
        #"mutation { createAuthor(input: {id: "a1", name: "Ada", email: "ada@example.com", address: {street: "1 Main St", city: "London", geo: [51.5, -0.12]}}) { id } }"#
    ),
    (
        identities[0],
        #"mutation { createAuthor(input: {id: "a2", name: "Grace", address: {city: "Arlington"}}) { id } }"#
    ),
    (
        identities[1],
        #"mutation { createPost(input: {id: "p1", title: "Notes", status: PUBLISHED, rating: 5, score: 4.5, tags: ["a", "b"], metadata: "{\"k\":[1,2]}", publishedAt: "2024-01-02T03:04:05.000Z", category: "tech", secret: "s1", authorPostsId: "a1"}) { id } }"#
    ),
    (
        identities[0],
        #"mutation { createPost(input: {id: "p2", title: "Draft", status: DRAFT, rating: 3, category: "tech", authorPostsId: "a1"}) { id } }"#
    ),
    (
        identities[0],
        #"mutation { createPost(input: {id: "p3", title: "Art", status: ARCHIVED, rating: 4, tags: [], category: "art", authorPostsId: "a2"}) { id } }"#
    ),
    (
        identities[2],
        #"mutation { createPost(input: {id: "p4", title: "Orphan", status: PUBLISHED, rating: 1, category: "tech", secret: "s4"}) { id } }"#
    ),
    (identities[0], #"mutation { createComment(input: {id: "c1", body: "first", postCommentsId: "p1"}) { id } }"#),
    (identities[0], #"mutation { createComment(input: {id: "c2", body: "second", postCommentsId: "p1"}) { id } }"#),
    (identities[0], #"mutation { createComment(input: {id: "c3", body: "third", postCommentsId: "p3"}) { id } }"#),
]

/// Runs `operation` to completion from synchronous code (libFuzzer calls in on its own thread,
/// which is not one of the concurrency pool's, so blocking it cannot starve the task).
func runBlocking<T: Sendable>(_ operation: @escaping @Sendable () async -> T) -> T {
    let box = Box<T>()
    let done = DispatchSemaphore(value: 0)
    Task {
        box.value = await operation()
        done.signal()
    }
    done.wait()
    guard let value = box.value else { fatalError("the task ended without a value") }
    return value
}

/// A task's result, written before the semaphore is signalled and read after it is waited on.
final class Box<T>: @unchecked Sendable {
    var value: T?
}

/// The service under test and the pagination tokens of its store.
struct Fixture: Sendable {
    let service: GraphQLService
    let tokens: PaginationToken

    /// A new in-memory store with the seed items, and the service over it. Every subscription
    /// field counts as listened to, so that mutations shape their subscriber events too.
    static func make(_ transform: ModelTransformOutput) -> Fixture {
        runBlocking {
            let store = InMemoryStore(layouts: transform.catalog.models.map(TableLayout.init(model:)))
            let service: GraphQLService
            let secret: [UInt8]
            do {
                service = try await GraphQLService(transform: transform, store: store, logHandler: nil)
                secret = try await store.paginationSecret()
            } catch {
                fatalError("the fuzz schema's service cannot be built: \(error)")
            }
            for fields in service.subscriptionsByMutation.values {
                for field in fields { service.listenerCountChanged(field, by: 1) }
            }
            for (identity, mutation) in seedMutations {
                let context = RequestContext(identity: identity, now: AppSyncClock.nowISO8601())
                let (result, _) = await service.execute(
                    query: mutation, variables: JSONObject(), operationName: nil, context: context)
                if !result.errors.isEmpty {
                    fatalError("seeding failed: \(mutation)\n\(String(decoding: result.body, as: UTF8.self))")
                }
            }
            return Fixture(service: service, tokens: PaginationToken(secret: secret))
        }
    }
}

/// The transform, done once, and the current fixture (libFuzzer calls in on one thread).
final class Harness: @unchecked Sendable {
    let transform: ModelTransformOutput
    var fixture: Fixture

    init() {
        do {
            transform = try ModelTransformer.transform(schemaSDL)
        } catch {
            fatalError("the fuzz schema does not transform: \(error.diagnostics.map(\.description))")
        }
        fixture = Fixture.make(transform)
    }
}

let harness = Harness()

/// Whether to print every response (`FUZZ_EXECUTE_PRINT=1`, to see what an input does).
let printsResponses = getenv("FUZZ_EXECUTE_PRINT") != nil

/// One input, split into its parts.
struct Request: CustomStringConvertible {
    var query: String
    var variablesText: String
    var variables: JSONObject
    var operationName: String?
    var identity: RequestIdentity

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        let parts = bytes.split(separator: 0, maxSplits: 3, omittingEmptySubsequences: false)
        query = String(decoding: parts[0], as: UTF8.self)
        let variableBytes = parts.count > 1 ? Array(parts[1]) : []
        variablesText = String(decoding: variableBytes, as: UTF8.self)
        variables = (try? JSONReader.read(variableBytes))?.objectValue ?? JSONObject()
        operationName = parts.count > 2 && !parts[2].isEmpty ? String(decoding: parts[2], as: UTF8.self) : nil
        let choice = parts.count > 3 ? Int(parts[3].first ?? 0) : 0
        identity = identities[choice % identities.count]
    }

    var description: String {
        "\n--- query ---\n\(query)\n--- variables ---\n\(variablesText)\n--- operationName: "
            + "\(operationName ?? "(none)"), caller: \(identity)"
    }
}

func fail(_ problem: String, _ request: Request, _ body: [UInt8]) -> Never {
    fatalError("\(problem)\(request)\n--- body ---\n\(String(decoding: body.prefix(2000), as: UTF8.self))")
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzExecute(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let request = Request(UnsafeBufferPointer(start: data, count: size))
    let fixture = harness.fixture
    var kind: OperationType?
    let parsed = runBlocking { [service = fixture.service, query = request.query] in await service.document(query) }
    if case .valid(let document, _, _) = parsed {
        kind = try? fixture.service.executor.prepare(
            document, operationName: request.operationName, variables: request.variables
        ).operation.operation
    }
    let body = execute(request, fixture)
    if printsResponses { print(String(decoding: body, as: UTF8.self)) }
    check(body, request)
    switch kind {
    case .query?:
        let again = execute(request, fixture)
        if again != body && normalized(again, fixture.tokens) != normalized(body, fixture.tokens) {
            fail(
                "a query answered differently the second time: \(String(decoding: again.prefix(2000), as: UTF8.self))",
                request, body)
        }
    case .mutation?:
        harness.fixture = Fixture.make(harness.transform)
    default:
        break
    }
    return 0
}

/// The response body of `request`.
func execute(_ request: Request, _ fixture: Fixture) -> [UInt8] {
    let context = RequestContext(identity: request.identity, now: AppSyncClock.nowISO8601())
    let (query, variables, operationName) = (request.query, request.variables, request.operationName)
    return runBlocking {
        await fixture.service.execute(
            query: query, variables: variables, operationName: operationName, context: context
        ).result.body
    }
}

/// Checks the shape of a response body.
func check(_ body: [UInt8], _ request: Request) {
    let duplicates = DuplicateKeys()
    let parsed = body.withUnsafeBufferPointer { buffer in
        Result { () throws(JSONScanner.Failure) -> JSON in
            try JSONScanner.value(in: buffer, builder: StrictBuilder(duplicates: duplicates))
        }
    }
    let value: JSON
    switch parsed {
    case .success(let read): value = read
    case .failure(let failure): fail("the body is not JSON: \(failure.reason) at byte \(failure.offset)", request, body)
    }
    if let key = duplicates.key { fail("an object of the body has the key \(key) twice", request, body) }
    guard case .object(let top) = value, Set(top.keys) == ["data"] || Set(top.keys) == ["data", "errors"] else {
        fail("the body is not an object of data and errors", request, body)
    }
    let data = top["data"] ?? .null
    switch data {
    case .null: if top["errors"] == nil { fail("data is null without errors", request, body) }
    case .object: break
    default: fail("data is neither null nor an object", request, body)
    }
    guard let errors = top["errors"] else { return }
    guard case .array(let entries) = errors, !entries.isEmpty else {
        fail("errors is not a non-empty array", request, body)
    }
    for entry in entries {
        guard case .string? = entry["message"] else { fail("an error has no string message", request, body) }
        switch entry["locations"] {
        case nil, .null?: break
        case .array(let locations)?:
            for location in locations {
                guard let line = location["line"]?.intValue, let column = location["column"]?.intValue,
                    line > 0, column > 0
                else { fail("an error has a location that is not a line and a column", request, body) }
            }
        default: fail("an error's locations are not a list", request, body)
        }
        switch entry["path"] {
        case nil, .null?: break
        case .array(let path)? where !path.isEmpty:
            if let problem = pathProblem(path, in: data) { fail("an error's path \(problem)", request, body) }
        default: fail("an error's path is not a non-empty list", request, body)
        }
    }
}

/// Why `path` does not lead through `data` to a null, if it does not.
func pathProblem(_ path: [JSON], in data: JSON) -> String? {
    var value = data
    for component in path {
        switch (component, value) {
        case (_, .null): return nil
        case (.string(let key), .object(let object)):
            guard let member = object[key] else { return "names \(key), which data does not have" }
            value = member
        case (.int(let index), .array(let elements)):
            guard elements.indices.contains(index) else { return "has index \(index), out of range in data" }
            value = elements[index]
        default: return "has \(component.text) where data has \(value.text.prefix(100))"
        }
    }
    return value.isNull ? nil : "leads to \(value.text.prefix(100)), not to null"
}

/// `body` written again with every pagination token the store issued replaced by what it
/// decrypts to (each token has its own random nonce, so equal pages give different tokens) and
/// without the errors' messages (a DynamoDB error's message has a random request ID, as
/// AppSync's do; the errors' paths, types and locations stay).
func normalized(_ body: [UInt8], _ tokens: PaginationToken) -> [UInt8] {
    func replacingTokens(_ value: JSON) -> JSON {
        switch value {
        case .string(let text):
            guard let payload = try? tokens.payload(of: text) else { return value }
            return .string("token " + payload.text)
        case .array(let elements): return .array(elements.map(replacingTokens))
        case .object(let object):
            var output = JSONObject()
            for (key, member) in zip(object.keys, object.values) { output.append(key, replacingTokens(member)) }
            return .object(output)
        default: return value
        }
    }
    let parsed = body.withUnsafeBufferPointer { buffer in
        Result { () throws(JSONScanner.Failure) -> JSON in
            try JSONScanner.value(in: buffer, builder: StrictBuilder(duplicates: DuplicateKeys()))
        }
    }
    guard case .success(.object(var top)) = parsed else { return body }
    if case .array(let errors)? = top["errors"] {
        top["errors"] = .array(
            errors.map { error in
                guard case .object(var entry) = error else { return error }
                entry["message"] = nil
                return .object(entry)
            })
    }
    var writer = JSONWriter()
    writer.write(replacingTokens(.object(top)))
    return writer.bytes
}

/// The first key seen twice in one object.
final class DuplicateKeys {
    var key: String?
}

/// Builds the server's JSON values as JSONReader does (its own builder for every value but
/// objects), but notes a duplicate key instead of keeping its last value.
struct StrictBuilder: JSONValueBuilder {
    let duplicates: DuplicateKeys
    let server = ServerJSONBuilder()

    func null() -> JSON { server.null() }
    func boolean(_ value: Bool) -> JSON { server.boolean(value) }
    func number(_ text: String, isInteger: Bool) -> JSON? { server.number(text, isInteger: isInteger) }
    func string(_ value: String) -> JSON { server.string(value) }
    func array(_ elements: [JSON]) -> JSON { server.array(elements) }
    func object(_ members: [(key: String, value: JSON)]) -> JSON {
        var seen = Set<String>()
        var object = JSONObject()
        for (key, value) in members {
            if !seen.insert(key).inserted {
                if duplicates.key == nil { duplicates.key = key }
                continue
            }
            object.append(key, value)
        }
        return .object(object)
    }
}
