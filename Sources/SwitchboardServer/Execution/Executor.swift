import GraphQLLanguage

/// A GraphQL executor over any schema, following the specification's algorithm (graphql-js's
/// `execute`): operation selection, variable coercion, field collection with fragments and
/// `@skip`/`@include`, argument coercion, resolution, value completion with abstract types,
/// null propagation, and errors with paths and locations. What fields mean comes from the
/// ``ResolverRegistry``; fields without a resolver read their parent object's member.
///
/// Fields are executed one after another, for queries too (the spec allows it): results and
/// error order are deterministic, and resolvers never race each other within a request.
struct Executor<Context: Sendable>: Sendable {
    /// Bounds on one execution.
    struct Limits: Sendable {
        /// The most values (fields and list items) one response may complete; a request over it
        /// gets an error at the field where the budget ran out. Default 500,000.
        var maximumCompletedValues = 500_000
        /// The most resolvers one request may run (AppSync's `resolverCountLimit`); the fields
        /// past it are null with a `ResolverExecutionLimitReached` error. Default 10,000, as
        /// AppSync's.
        var maximumResolverExecutions = 10_000
        /// The deepest field a request may reach (AppSync's `queryDepthLimit`, the root fields
        /// being at depth 1); deeper fields are null with an error. `nil`, the default, sets none.
        var maximumFieldDepth: Int?
        /// The most field errors one response holds; past it execution stops and the fields not
        /// yet run are null. Default 1,000.
        var maximumErrors = 1_000
    }

    /// An operation chosen from a document, with its coerced variables.
    struct PreparedOperation: Sendable {
        var operation: OperationDefinition
        var fragments: [String: FragmentDefinition]
        var variables: JSONObject
        /// The operation's shared plan, when its document is cached and its collection does not
        /// depend on variables.
        var plan: ExecutionPlan?
    }

    let schema: Schema
    let resolvers: ResolverRegistry<Context>
    let scalars: [String: any ScalarType]
    /// The schema's input types as coercion reads them.
    let inputTypes: InputTypes
    let accessPolicy: (any FieldAccessPolicy<Context>)?
    let limits: Limits
    /// Whether scalar members of plain objects take ``ExecutionRun``'s short way. Always on in
    /// the server; tests turn it off to check that both ways give the same bytes and errors.
    var readsScalarMembersDirectly = true
    /// The names of the root types the schema defines, looked up once: every request needs its
    /// operation's, and looking it up copied the whole type.
    private let rootTypeNames: (query: String?, mutation: String?, subscription: String?)

    /// Creates an executor; `scalars` adds to (or replaces) the built-in ones.
    init(
        schema: Schema, resolvers: ResolverRegistry<Context>, scalars: [any ScalarType] = [],
        accessPolicy: (any FieldAccessPolicy<Context>)? = nil, limits: Limits = Limits()
    ) {
        self.schema = schema
        self.resolvers = resolvers
        var table: [String: any ScalarType] = [:]
        for scalar in BuiltInScalar.all + scalars { table[scalar.name] = scalar }
        self.scalars = table
        inputTypes = InputTypes(schema: schema, scalars: table)
        self.accessPolicy = accessPolicy
        self.limits = limits
        rootTypeNames = (
            schema.rootType(for: .query)?.name, schema.rootType(for: .mutation)?.name,
            schema.rootType(for: .subscription)?.name
        )
    }

    /// The name of the root type of `operation`'s kind, if the schema defines it.
    func rootTypeName(for operation: OperationType) -> String? {
        switch operation {
        case .query: rootTypeNames.query
        case .mutation: rootTypeNames.mutation
        case .subscription: rootTypeNames.subscription
        }
    }

    var coercion: InputCoercion { InputCoercion(inputTypes: inputTypes) }

    /// Chooses the operation to run and coerces the variables (the steps before execution, whose
    /// errors leave `data` out).
    func prepare(
        _ document: Document, operationName: String?, variables: JSONObject
    ) throws(ExecutionError) -> PreparedOperation {
        try prepare(DocumentParts(document), operationName: operationName, variables: variables)
    }

    /// ``prepare(_:operationName:variables:)`` for a document whose parts were read before.
    func prepare(
        _ parts: DocumentParts, operationName: String?, variables: JSONObject
    ) throws(ExecutionError) -> PreparedOperation {
        let operations = parts.operations
        let operation: OperationDefinition
        if let operationName {
            guard let named = operations.first(where: { $0.name == operationName }) else {
                throw ExecutionError("Unknown operation named '\(operationName)'.")
            }
            operation = named
        } else {
            guard let only = operations.first else { throw ExecutionError("Must provide an operation.") }
            guard operations.count == 1 else {
                throw ExecutionError("Must provide operation name if query contains multiple operations.")
            }
            operation = only
        }
        guard rootTypeName(for: operation.operation) != nil else {
            throw ExecutionError(
                "Schema is not configured to execute \(operation.operation.rawValue) operation.",
                locations: [operation.location])
        }
        let coerced = try coercion.coerceVariables(operation.variableDefinitions, values: variables)
        return PreparedOperation(operation: operation, fragments: parts.fragments, variables: coerced, plan: nil)
    }

    /// Executes a prepared operation. With `sourceOnly`, no resolver runs: every field reads its
    /// parent's member (how a subscription event is shaped from the mutation's result).
    func execute(
        _ prepared: PreparedOperation, context: Context, rootValue: JSON = .object(JSONObject()),
        sourceOnly: Bool = false
    ) async -> ExecutionResult {
        guard let rootType = rootTypeName(for: prepared.operation.operation) else {
            return ExecutionResult(
                data: nil, errors: [ExecutionError("The schema has no root type for this operation.")])
        }
        let run = ExecutionRun(
            executor: self, prepared: prepared, context: context, sourceOnly: sourceOnly,
            collector: prepared.plan?.collector)
        let groups =
            prepared.plan?.rootGroups ?? run.collector.collect(prepared.operation.selectionSet, on: rootType)
        // The data is written as values complete (an inout buffer, not a property of the run, so
        // that its appends need no runtime exclusivity checks): no tree of values is built only to
        // be walked again to write it.
        var output = JSONWriter(capacity: 4096)
        do throws(CompletionFailure) {
            try await run.executeSelectionSet(
                groups, objectType: rootType, source: rootValue, path: .root, into: &output)
        } catch {
            output.truncate(to: 0)
            output.writeNull()
        }
        return ExecutionResult(dataText: output.bytes, errors: run.errors)
    }

    /// Prepares and executes in one step; errors before execution give a result without data.
    func execute(
        _ document: Document, operationName: String? = nil, variables: JSONObject = JSONObject(), context: Context,
        rootValue: JSON = .object(JSONObject())
    ) async -> ExecutionResult {
        let prepared: PreparedOperation
        do {
            prepared = try prepare(document, operationName: operationName, variables: variables)
        } catch {
            return ExecutionResult(data: nil, errors: [error])
        }
        return await execute(prepared, context: context, rootValue: rootValue)
    }
}

/// The outcome of an execution: `data` (absent when execution never started) and the errors.
struct ExecutionResult: Sendable {
    /// The data as JSON text, as the executor wrote it; `nil` when an error stopped the request
    /// before execution.
    var dataText: [UInt8]?
    /// Every error, in the order raised.
    var errors: [ExecutionError]

    init(dataText: [UInt8]?, errors: [ExecutionError]) {
        self.dataText = dataText
        self.errors = errors
    }

    init(data: JSON?, errors: [ExecutionError]) {
        dataText = data.map { value in
            var writer = JSONWriter()
            writer.write(value)
            return writer.bytes
        }
        self.errors = errors
    }

    /// The data read back as values (for mutation events and tests; responses use the text).
    /// The executor's own output, so as deep as a valid document makes it: an object and a list
    /// per level of the parser's 256, well inside the limit used here.
    var data: JSON? {
        guard let dataText else { return nil }
        return (try? JSONReader.read(dataText, maximumDepth: Self.maximumDataDepth)) ?? .null
    }

    /// How deep ``data`` reads.
    static let maximumDataDepth = 1_024

    /// The response body in AppSync's shape: `data` (null when absent) and `errors` when any.
    var body: [UInt8] {
        var writer = JSONWriter(capacity: (dataText?.count ?? 4) + 32)
        writer.writeRaw(#"{"data":"#.utf8)
        if let dataText { writer.writeRaw(dataText) } else { writer.writeNull() }
        if !errors.isEmpty {
            writer.writeRaw(#","errors":"#.utf8)
            writer.write(.array(errors.map(\.json)))
        }
        writer.writeByte(UInt8(ascii: "}"))
        return writer.bytes
    }

}

/// How a field's completion failed: with an error still to be recorded at that field, or with
/// a null that must propagate (the error is already recorded deeper down).
enum CompletionFailure: Error {
    case error(ExecutionError)
    case bubble
}
