import Foundation
import GraphQLLanguage
import Testing

@testable import SwitchboardServer

/// A cached document's operation is collected once and its groups shared by every execution:
/// what depends on the request (variables, the caller) must still come from each request.
struct ExecutionPlanTests {
    static let sdl = """
        type Query { items(limit: Int): [Item] secret: String }
        type Item { id: ID! label: String }
        """

    struct Caller: Sendable { var mayReadSecrets: Bool }

    struct Items: FieldResolver {
        func resolve(_ call: FieldCall<Caller>) async throws -> JSON {
            let limit = call.arguments["limit"]?.intValue ?? 0
            return .array((0..<limit).map { .object(["id": .string("i\($0)"), "label": .string("L\($0)")]) })
        }
    }

    struct Secret: FieldResolver {
        func resolve(_ call: FieldCall<Caller>) async throws -> JSON { "s3cret" }
    }

    /// Denies `secret` to callers that may not read it.
    struct SecretPolicy: FieldAccessPolicy {
        func check(parentType: String, field: SchemaField, context: Caller) -> ExecutionError? {
            field.name == "secret" && !context.mayReadSecrets ? ExecutionError("Not Authorized to access secret") : nil
        }
    }

    static func executor() throws -> Executor<Caller> {
        var resolvers = ResolverRegistry<Caller>()
        resolvers.register(Items(), type: "Query", field: "items")
        resolvers.register(Secret(), type: "Query", field: "secret")
        return Executor(schema: try Schema(sdl: sdl), resolvers: resolvers, accessPolicy: SecretPolicy())
    }

    static func run(
        _ executor: Executor<Caller>, _ document: Document, plan: ExecutionPlan, limit: Int, caller: Caller
    ) async throws -> String {
        var prepared = try executor.prepare(document, operationName: nil, variables: ["n": .int(limit)])
        prepared.plan = plan
        let result = await executor.execute(prepared, context: caller)
        return String(decoding: result.body, as: UTF8.self)
    }

    @Test func executionsSharingAPlanEachUseTheirOwnVariablesAndCaller() async throws {
        let executor = try Self.executor()
        let document = try Parser.parse(
            "query Q($n: Int) { items(limit: $n) { id ...L } secret } fragment L on Item { label }")
        let plan = ExecutionPlan(
            operation: document.operations[0], fragments: ["L": document.fragments[0]], rootType: "Query",
            schema: executor.schema)
        let allowed = try await Self.run(executor, document, plan: plan, limit: 1, caller: Caller(mayReadSecrets: true))
        #expect(allowed == #"{"data":{"items":[{"id":"i0","label":"L0"}],"secret":"s3cret"}}"#)
        let denied = try await Self.run(executor, document, plan: plan, limit: 2, caller: Caller(mayReadSecrets: false))
        #expect(
            denied
                == #"{"data":{"items":[{"id":"i0","label":"L0"},{"id":"i1","label":"L1"}],"secret":null},"errors":[{"path":["secret"],"locations":[{"line":1,"column":49,"sourceName":null}],"message":"Not Authorized to access secret"}]}"#
        )
        // Many at once, callers alternating: no execution sees another's arguments or decision.
        let wrong = try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<64 {
                group.addTask {
                    let mayRead = index % 2 == 0
                    let text = try await Self.run(
                        executor, document, plan: plan, limit: index % 5, caller: Caller(mayReadSecrets: mayRead))
                    let body = try JSONReader.read(text)
                    let count = body["data"]?["items"]?.arrayValue?.count
                    return count != index % 5 || (body["data"]?["secret"] == "s3cret") != mayRead
                }
            }
            return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(wrong == 0)
    }

    /// Denies `Item.label` to callers that may not read secrets; with `keyed`, it says which
    /// callers it decides alike, so executions of a plan share the rows it decided.
    struct LabelPolicy: FieldAccessPolicy {
        let keyed: Bool
        func check(parentType: String, field: SchemaField, context: Caller) -> ExecutionError? {
            parentType == "Item" && field.name == "label" && !context.mayReadSecrets
                ? ExecutionError("Not Authorized to access label on type Item") : nil
        }
        func decisionKey(for context: Caller) -> Int? { keyed ? (context.mayReadSecrets ? 1 : 0) : nil }
    }

    /// The rows of a list's items are decided once per plan and caller class: a caller of one
    /// class never gets the rows decided for the other, whichever ran first and however they
    /// interleave, with a policy that shares decisions and with one that does not.
    @Test(arguments: [true, false])
    func rowsSharedByAPlanFollowEachCallersAccess(keyed: Bool) async throws {
        var resolvers = ResolverRegistry<Caller>()
        resolvers.register(Items(), type: "Query", field: "items")
        let executor = Executor(
            schema: try Schema(sdl: Self.sdl), resolvers: resolvers, accessPolicy: LabelPolicy(keyed: keyed))
        let document = try Parser.parse("query Q($n: Int) { items(limit: $n) { id label } }")
        let plan = ExecutionPlan(
            operation: document.operations[0], fragments: [:], rootType: "Query", schema: executor.schema)
        func expected(_ limit: Int, mayRead: Bool) -> String {
            let items = (0..<limit).map { #"{"id":"i\#($0)","label":\#(mayRead ? "\"L\($0)\"" : "null")}"# }
            let errors = (0..<limit).map {
                #"{"path":["items",\#($0),"label"],"locations":[{"line":1,"column":42,"sourceName":null}],"#
                    + #""message":"Not Authorized to access label on type Item"}"#
            }
            let data = #"{"data":{"items":[\#(items.joined(separator: ","))]}"#
            return mayRead || limit == 0 ? data + "}" : data + #","errors":[\#(errors.joined(separator: ","))]}"#
        }
        for mayRead in [true, false, true, false] {
            let text = try await Self.run(
                executor, document, plan: plan, limit: 2, caller: Caller(mayReadSecrets: mayRead))
            #expect(text == expected(2, mayRead: mayRead))
        }
        let wrong = try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<64 {
                group.addTask {
                    let mayRead = index % 3 != 0
                    let text = try await Self.run(
                        executor, document, plan: plan, limit: index % 4, caller: Caller(mayReadSecrets: mayRead))
                    return text != expected(index % 4, mayRead: mayRead)
                }
            }
            return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(wrong == 0)
    }

    @Test func onlyDocumentsWhoseSkipAndIncludeReadNoVariablesArePlanned() throws {
        let reads = [
            "query Q($x: Boolean!) { a @include(if: $x) }",
            "query Q($x: Boolean!) { a { ... @skip(if: $x) { b } } }",
            "query Q($x: Boolean!) { ...F } fragment F on Query { a { b @include(if: $x) } }",
        ]
        let doesNotRead = [
            "{ a @include(if: true) { b @skip(if: false) } }", "query Q($x: Int) { a(limit: $x) { b } }",
        ]
        for text in reads { #expect(ExecutionPlan.collectionReadsVariables(try Parser.parse(text)), "\(text)") }
        for text in doesNotRead { #expect(!ExecutionPlan.collectionReadsVariables(try Parser.parse(text)), "\(text)") }
    }

    /// Over HTTP: one cached document whose `@include` reads a variable answers each request with
    /// the fields its own variables include.
    @Test func aCachedDocumentWithAVariableIncludeFollowsEachRequest() async throws {
        let harness = try await ServerHarness.start()
        defer { Task { await harness.stop() } }
        _ = try await harness.data(#"mutation { createBlog(input: {id: "b1", name: "Blog"}) { id } }"#)
        let query = #"query Q($with: Boolean!) { getBlog(id: "b1") { id name @include(if: $with) } }"#
        for with in [true, false, true] {
            let blog = try await harness.data(query, variables: ["with": .bool(with)])
            #expect(blog.objectValue?.keys.sorted() == (with ? ["id", "name"] : ["id"]))
        }
        // And a planned one, asked again and again, keeps answering with its arguments.
        for id in ["b1", "missing", "b1"] {
            let blog = try await harness.data(
                "query G($id: ID!) { getBlog(id: $id) { id name } }", variables: ["id": .string(id)])
            #expect(blog == (id == "b1" ? ["id": "b1", "name": "Blog"] : .null))
        }
    }
}
