import GraphQLLanguage
import ModelTransform
import Switchboard
import SwitchboardCore

/// A committed mutation result for subscribers: the mutation field and its value as the
/// mutation selected it, keyed by field names (AppSync's rule: subscribers get only those fields).
struct MutationEvent: Sendable {
    /// The mutation field (`createPost`).
    var mutation: String
    /// The selected value, keyed by field names.
    var payload: JSON
}

/// A request's document: parsed and valid, or the errors to answer with.
enum ParsedDocument: Sendable {
    /// A valid document's parts and, per operation in document order, the resolvers it selects
    /// at least (see ``ResolverCountEstimate``), counted once with the document; and the plans
    /// its executions share, unless what it collects depends on variables.
    case valid(DocumentParts, resolverCounts: [Int], plans: ExecutionPlans?)
    case invalid([ExecutionError])
}

/// The GraphQL side of the local server: the AppSync schema of an `@model` schema, its
/// resolvers over a store, and request handling — parse (cached), validate with AppSync's
/// messages, execute, and collect the mutation results subscribers should receive.
final class GraphQLService: Sendable {
    /// How many parsed and validated documents are kept (by query text) per event loop (see
    /// ``DocumentCache``), and how many bytes of text they may have together; a loop's cache is
    /// emptied when it fills. Documents longer than ``maximumCachedDocumentLength`` are not
    /// cached. A parsed document takes 4–45 times its text's bytes (the most for long runs of
    /// repeated fields: 907 KiB for 20 KB), so 512 distinct documents could take 450 MB per loop
    /// before the byte limit, which holds a loop's cache to about 12 MB at worst.
    static let maximumCachedDocuments = 512
    static let maximumCachedDocumentBytes = 256 * 1024
    static let maximumCachedDocumentLength = 64 * 1024
    /// Documents longer than this many bytes are parsed and validated on the global concurrent
    /// executor, not on the request's event loop: the most a document can take is about 1.5 µs
    /// per field (a 570 KB one took 280 ms in a release build), and on the loop that time is
    /// taken from every other connection the loop serves. Shorter documents take at most about
    /// 2 ms (0.5 ms per KB at worst), as long as a request runs between turns (see
    /// ``LoopTurns``).
    static let offLoopDocumentLength = 4 * 1024

    let schema: Schema
    let catalog: ModelCatalog
    let executor: Executor<RequestContext>
    /// Mutation field → the subscription fields `@aws_subscribe` lists it in.
    let subscriptionsByMutation: [String: [String]]
    /// Read by every request on every loop: kept once per loop (see ``DocumentCache``).
    private let documents = DocumentCache()
    /// Active subscriptions by subscription field, kept by ``SubscriptionRegistry``: a mutation
    /// builds its subscriber payload only when one of its subscription fields has a listener
    /// (preparing it for nobody cost 5% of a create).
    private let listeners = Locked<[String: Int]>([:])

    /// The service of `transform` over `store`. The detail of store failures, which responses
    /// leave out, goes to `logHandler` (by default standard error, warnings and errors).
    init(
        transform: ModelTransformOutput, store: any ModelStore,
        limits: Executor<RequestContext>.Limits = .init(),
        logHandler: (any LogHandler)? = StandardErrorLogHandler(level: .warning)
    ) async throws {
        schema = try Schema(document: transform.appSyncDocument, options: .appSync)
        catalog = transform.catalog
        let tokens = PaginationToken(secret: try await store.paginationSecret())
        let reporting = FailureReportingStore(
            base: store, logger: SwitchboardLogger(handler: logHandler, source: "server"))
        let resolvers = ResolverCatalog.registry(catalog: catalog, schema: schema, store: reporting, tokens: tokens)
        executor = Executor(
            schema: schema, resolvers: resolvers, scalars: AppSyncScalar.all,
            accessPolicy: DirectiveAccessPolicy(schema: schema, defaultMode: catalog.authorization.defaultMode),
            limits: limits)
        var targets: [String: [String]] = [:]
        for field in schema.subscriptionType.flatMap(schema.type(named:))?.fields ?? [] {
            for directive in field.directives where directive.name == "aws_subscribe" {
                guard case .list(let names)? = directive.arguments.first(where: { $0.name == "mutations" })?.value
                else {
                    continue
                }
                for case .string(let mutation, _) in names { targets[mutation, default: []].append(field.name) }
            }
        }
        subscriptionsByMutation = targets
    }

    /// The parsed document of `query` if it is valid, else its errors in AppSync's words.
    func document(_ query: String) async -> ParsedDocument {
        await documents.document(query) {
            guard query.utf8.count > Self.offLoopDocumentLength else { return parse(query) }
            return await offTheLoops { parse(query) }
        }
    }

    /// `query` parsed and validated.
    private func parse(_ query: String) -> ParsedDocument {
        let result: ParsedDocument
        do {
            let document = try Parser.parse(query)
            let errors = schema.validate(document)
            if errors.isEmpty {
                let estimate = ResolverCountEstimate(schema: schema) { [resolvers = executor.resolvers] in
                    resolvers.resolver(type: $0, field: $1) != nil
                }
                let parts = DocumentParts(document)
                result = .valid(
                    parts, resolverCounts: estimate.counts(in: document),
                    plans: ExecutionPlan.collectionReadsVariables(document)
                        ? nil : ExecutionPlans(parts, schema: schema, rootTypeName: executor.rootTypeName(for:)))
            } else {
                result = .invalid(errors.map { ValidationMessages.error($0, in: document) })
            }
        } catch {
            result = .invalid([ValidationMessages.syntaxError(error)])
        }
        return result
    }

    /// Runs one request: the response and, for mutations, the events to publish.
    func execute(
        query: String, variables: JSONObject, operationName: String?, context: RequestContext
    ) async -> (result: ExecutionResult, events: [MutationEvent]) {
        let parts: DocumentParts
        let resolverCounts: [Int]
        let plans: ExecutionPlans?
        switch await self.document(query) {
        case .invalid(let errors): return (ExecutionResult(data: nil, errors: errors), [])
        case .valid(let parsed, let counts, let shared): (parts, resolverCounts, plans) = (parsed, counts, shared)
        }
        var prepared: Executor<RequestContext>.PreparedOperation
        do {
            prepared = try executor.prepare(parts, operationName: operationName, variables: variables)
        } catch {
            return (ExecutionResult(data: nil, errors: [error]), [])
        }
        if let plans { prepared.plan = plans.plan(for: prepared.operation) }
        let limit = executor.limits.maximumResolverExecutions
        let index = parts.operations.firstIndex { $0.name == prepared.operation.name }
        if let atLeast = index.map({ resolverCounts[$0] }), atLeast > limit * ResolverCountEstimate.refusalFactor {
            let error = ExecutionLimitErrors.resolverLimitExceeded(atLeast: atLeast, limit: limit)
            return (ExecutionResult(data: nil, errors: [error]), [])
        }
        let result = await executor.execute(prepared, context: context)
        guard prepared.operation.operation == .mutation else { return (result, []) }
        return (result, events(of: result, prepared))
    }

    /// Counts a subscription to `field` starting (`change` 1) or ending (-1).
    func listenerCountChanged(_ field: String, by change: Int) {
        listeners.withLock { counts in
            let count = (counts[field] ?? 0) + change
            counts[field] = count > 0 ? count : nil
        }
    }

    /// Whether any subscription `@aws_subscribe`s to `mutation`.
    private func hasListeners(_ mutation: String, _ counts: [String: Int]) -> Bool {
        subscriptionsByMutation[mutation]?.contains { counts[$0] != nil } ?? false
    }

    /// The mutation results subscribers listen for, projected onto the mutation's selection.
    private func events(of result: ExecutionResult, _ prepared: Executor<RequestContext>.PreparedOperation)
        -> [MutationEvent]
    {
        let counts = listeners.withLock { $0 }
        guard !counts.isEmpty, case .object(let data)? = result.data, let root = schema.mutationType else {
            return []
        }
        let collector = FieldCollector(schema: schema, fragments: prepared.fragments, variables: prepared.variables)
        var events: [MutationEvent] = []
        for group in collector.collect(prepared.operation.selectionSet, on: root) {
            guard hasListeners(group.name, counts), let value = data[group.responseKey], !value.isNull,
                let field = group.definition
            else { continue }
            let payload = Self.project(value, nodes: group.nodes, type: field.type.namedType, schema, collector)
            events.append(MutationEvent(mutation: group.name, payload: payload))
        }
        return events
    }

    /// `value` (keyed by response keys) re-keyed by field names along the selection.
    static func project(
        _ value: JSON, nodes: [Field], type: String, _ schema: Schema, _ collector: FieldCollector
    ) -> JSON {
        switch value {
        case .array(let elements):
            return .array(elements.map { project($0, nodes: nodes, type: type, schema, collector) })
        case .object(let object):
            var output = JSONObject()
            for group in collector.collectSubfields(of: nodes, on: type) where output[group.name] == nil {
                guard let member = object[group.responseKey] else { continue }
                let fieldType = group.definition?.type.namedType ?? type
                output.append(group.name, project(member, nodes: group.nodes, type: fieldType, schema, collector))
            }
            return .object(output)
        default:
            return value
        }
    }
}
