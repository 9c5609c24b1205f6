import GraphQLLanguage

/// The state of one execution: the errors raised so far and the completion budget. It lives in
/// the task running the request and is never shared.
final class ExecutionRun<Context: Sendable> {
    let prepared: Executor<Context>.PreparedOperation
    let context: Context
    let sourceOnly: Bool
    let collector: FieldCollector
    // The executor's parts, held once: reading them through the executor for every field copied
    // the schema and the access policy and built an input coercion each time (retains and
    // releases were a quarter of a list page's CPU). Only the parts the run reads: each one held
    // is a reference count taken and dropped per request on objects every loop thread shares.
    let schema: Schema
    let accessPolicy: (any FieldAccessPolicy<Context>)?
    private let resolvers: ResolverRegistry<Context>
    let limits: Executor<Context>.Limits
    private let scalars: [String: any ScalarType]
    private let inputTypes: InputTypes
    private let readsScalarMembersDirectly: Bool
    private(set) var errors: [ExecutionError] = []
    var completedValues = 0
    /// Set once a budget runs out (values or errors): every value not yet completed becomes null
    /// at once, without resolvers or further errors, so what is left costs a step per item.
    var stopped = false
    /// Set once ``Executor/Limits/maximumErrors`` errors are recorded.
    private var errorsFull = false
    private var resolverExecutions = 0
    /// When the run gives its loop's other connections a turn, checked at each resolver.
    private var turns = LoopTurns()
    /// The response path of the value being completed: fields run one after another, depth
    /// first, so one stack, pushed and popped around each field and list item, spells every
    /// path, and an error or a resolver copies it only when it needs it. (Building a path for
    /// every object cost an array for each item of a list.)
    var pathStack: [PathComponent] = []

    /// What the run learned about each group the first time it ran the field, at the group's
    /// ``FieldCollector/Group/index``.
    private var memos: [GroupMemo?] = []

    init(
        executor: Executor<Context>, prepared: Executor<Context>.PreparedOperation, context: Context,
        sourceOnly: Bool, collector: FieldCollector? = nil
    ) {
        self.prepared = prepared
        self.context = context
        self.sourceOnly = sourceOnly
        self.collector =
            collector
            ?? FieldCollector(schema: executor.schema, fragments: prepared.fragments, variables: prepared.variables)
        schema = executor.schema
        accessPolicy = executor.accessPolicy
        resolvers = executor.resolvers
        limits = executor.limits
        scalars = executor.scalars
        inputTypes = executor.inputTypes
        readsScalarMembersDirectly = executor.readsScalarMembersDirectly
    }

    // MARK: Selection sets and fields

    /// ExecuteSelectionSet: each collected field in order, written into `output`; a non-null
    /// field that ends up null makes the whole object null (`.bubble`), and whoever catches that
    /// replaces what this object wrote.
    nonisolated(nonsending) func executeSelectionSet(
        _ groups: [FieldCollector.Group], objectType: String, source: JSON, path: ResponsePath,
        into output: inout JSONWriter
    ) async throws(CompletionFailure) {
        output.writeByte(UInt8(ascii: "{"))
        var first = true
        // Looked up once for the object: most objects' fields have no resolver of their own.
        let hasResolvers = runsResolvers(on: objectType)
        let readsMembers = readsMembersDirectly(of: objectType, hasResolvers: hasResolvers)
        for group in groups {
            guard group.isTypename || group.isDefined else { continue }
            if !first { output.writeByte(UInt8(ascii: ",")) }
            first = false
            output.writeRaw(group.keyText)
            if group.isTypename {
                output.writeString(objectType)
                continue
            }
            if readsMembers && group.isScalarLeaf && !stopped,
                writeScalarMember(
                    group, memo: memo(of: group), objectType: objectType, source: source, depth: path.depth + 1,
                    into: &output)
            {
                continue
            }
            pathStack.append(.key(group.responseKey))
            defer { pathStack.removeLast() }
            try await executeField(
                group, objectType: objectType, source: source, path: ResponsePath(depth: path.depth + 1),
                hasResolvers: hasResolvers, into: &output)
        }
        output.writeByte(UInt8(ascii: "}"))
    }

    /// A scalar field of a plain object: the member read, serialized and written in one
    /// synchronous step, with the budget counted as completion counts it. Most of a response's
    /// fields are such; the general path's async steps cost more than the field. Whatever would
    /// raise an error (a denied field, a null or an unserializable value, a budget or depth limit
    /// reached) returns `false` having written nothing, and the field takes the general path.
    private func writeScalarMember(
        _ group: FieldCollector.Group, memo: GroupMemo, objectType: String, source: JSON, depth: Int,
        into output: inout JSONWriter
    ) -> Bool {
        guard case .object(let object) = source, let typeName = group.namedType else { return false }
        if let limit = limits.maximumFieldDepth, depth > limit { return false }
        guard mayRead(group, memo, on: objectType) else { return false }
        // A non-null field completes its wrapper and its value.
        let values = group.isNonNull ? 2 : 1
        guard completedValues + values <= limits.maximumCompletedValues else { return false }
        let value = object.value(forKey: group.name, hint: &memo.memberPosition) ?? .null
        if value.isNull {
            if group.isNonNull { return false }
            output.writeNull()
        } else if (memo.unchangedValues ?? scalar(named: typeName, memo: memo).unchangedValues).contains(value) {
            // Most values are already what their scalar serializes them to.
            output.write(value)
        } else {
            guard let serialized = try? scalar(named: typeName, memo: memo).serialize(value),
                !(serialized.isNull && group.isNonNull)
            else { return false }
            output.write(serialized)
        }
        completedValues += values
        return true
    }

    /// ExecuteField: access check, arguments, resolution, completion; errors are recorded here
    /// and the field becomes null, or propagates when the field is non-null.
    nonisolated(nonsending) private func executeField(
        _ group: FieldCollector.Group, objectType: String, source: JSON, path: ResponsePath, hasResolvers: Bool,
        into output: inout JSONWriter
    ) async throws(CompletionFailure) {
        if stopped {
            if group.isNonNull { throw .bubble }
            output.writeNull()
            return
        }
        let start = output.count
        let memo = memo(of: group)
        let failure: CompletionFailure
        switch await resolve(
            group, memo: memo, objectType: objectType, source: source, path: path, hasResolvers: hasResolvers)
        {
        case .failure(let error):
            failure = .error(error)
        case .success(let resolved):
            do throws(CompletionFailure) {
                try await completeValue(
                    group.fieldType.unsafelyUnwrapped, group: group, memo: memo, value: resolved,
                    parentType: objectType, path: path, into: &output)
                return
            } catch {
                failure = error
            }
        }
        try replaceWithNull(failure, group: group, isNonNull: group.isNonNull, from: start, in: &output)
    }

    /// A value that failed: its error (unless it is a null bubbling up) recorded at the current
    /// path, then what it wrote replaced by null, or the failure passed to the parent when the
    /// value may not be null.
    func replaceWithNull(
        _ failure: CompletionFailure, group: FieldCollector.Group, isNonNull: Bool, from start: Int,
        in output: inout JSONWriter
    ) throws(CompletionFailure) {
        if case .error(var error) = failure {
            error.path = pathStack
            if error.locations.isEmpty { error.locations = group.nodes.map(\.location) }
            record(error)
        }
        if isNonNull { throw .bubble }
        output.truncate(to: start)
        output.writeNull()
    }

    /// The field's raw value: from its resolver, the introspection system, or the parent's member.
    nonisolated(nonsending) private func resolve(
        _ group: FieldCollector.Group, memo: GroupMemo, objectType: String, source: JSON, path: ResponsePath,
        hasResolvers: Bool
    ) async -> Result<JSON, ExecutionError> {
        let name = group.name
        if let limit = limits.maximumFieldDepth, path.depth > limit {
            return .failure(ExecutionLimitErrors.queryDepth(limit: limit))
        }
        let arguments: JSONObject
        switch memo.arguments ?? coercedArguments(of: group, memo) {
        case .success(let coerced): arguments = coerced
        case .failure(let error): return .failure(error)
        }
        // First bytes first: these comparisons run for every field of every item.
        let underscore = UInt8(ascii: "_")
        if name.utf8.first == underscore, objectType == schema.queryType, name == "__schema" || name == "__type" {
            return .success(Introspection(schema: schema).root(field: name, arguments: arguments))
        }
        if objectType.utf8.first == underscore, objectType.hasPrefix("__") {
            return .success(Introspection(schema: schema).resolve(field: name, of: source, arguments: arguments))
        }
        if let denied = memo.access ?? accessDenial(of: group, memo, on: objectType) {
            return .failure(denied)
        }
        guard hasResolvers, let resolver = resolvers.resolver(type: objectType, field: name) else {
            guard case .object(let object) = source else { return .success(.null) }
            return .success(object.value(forKey: name, hint: &memo.memberPosition) ?? .null)
        }
        resolverExecutions += 1
        if resolverExecutions > limits.maximumResolverExecutions {
            return .failure(ExecutionLimitErrors.resolverLimitReached())
        }
        // Resolvers that do not suspend run straight through on the connection's loop; yielding
        // every few milliseconds lets the loop's other connections in between (a
        // `{ __typename }` waited out a whole 10,000-resolver request, 120 ms on SQLite). By time,
        // not by count: 256 resolvers that each read a megabyte page held the loop for 200 ms.
        await turns.takeTurnIfDue()
        let info = FieldInfo(
            parentType: objectType, field: group.definition.unsafelyUnwrapped, path: pathStack,
            nodes: group.nodes, variables: prepared.variables, fragments: prepared.fragments,
            operation: prepared.operation.operation)
        do {
            return .success(
                try await resolver.resolve(
                    FieldCall(source: source, arguments: arguments, context: context, info: info)))
        } catch let error as ExecutionError {
            return .failure(error)
        } catch {
            return .failure(ExecutionError("\(error)", errorType: "InternalFailure"))
        }
    }

    /// The group's arguments, coerced once: every item of a list has the same.
    private func coercedArguments(of group: FieldCollector.Group, _ memo: GroupMemo) -> Result<
        JSONObject, ExecutionError
    > {
        let result: Result<JSONObject, ExecutionError>
        do {
            result = .success(
                // Built here, once per field with arguments, rather than held for every run.
                try InputCoercion(inputTypes: inputTypes).coerceArguments(
                    group.definition.unsafelyUnwrapped.arguments, group.nodes[0].arguments,
                    variables: prepared.variables))
        } catch {
            result = .failure(ExecutionError(Self.argumentMessage(error, field: group.name)))
        }
        memo.arguments = result
        return result
    }

    /// Whether the fields of `objectType` have resolvers that run in this execution.
    func runsResolvers(on objectType: String) -> Bool {
        !sourceOnly && resolvers.hasResolvers(for: objectType)
    }

    /// Whether members of `objectType` may take the short ways (the scalar-member step and
    /// rows): a plain object, whose fields run no resolver, and not introspection's.
    func readsMembersDirectly(of objectType: String, hasResolvers: Bool) -> Bool {
        !hasResolvers && objectType.utf8.first != UInt8(ascii: "_") && readsScalarMembersDirectly
    }

    /// Whether the caller may read the group's field: a flag once decided (see ``GroupMemo/isAllowed``).
    func mayRead(_ group: FieldCollector.Group, _ memo: GroupMemo, on objectType: String) -> Bool {
        if memo.isAllowed { return true }
        guard case .some(.none) = memo.access ?? accessDenial(of: group, memo, on: objectType) else { return false }
        return true
    }

    /// Why the caller may not read the group's field, checked once: the caller and the type are
    /// the same for every item.
    private func accessDenial(of group: FieldCollector.Group, _ memo: GroupMemo, on objectType: String)
        -> ExecutionError?
    {
        let denial = accessPolicy?.check(
            parentType: objectType, field: group.definition.unsafelyUnwrapped, context: context)
        memo.access = .some(denial)
        memo.isAllowed = denial == nil
        return denial
    }

    func record(_ error: ExecutionError) {
        // The error that stopped the execution (the values budget) is still recorded; once the
        // errors themselves ran out, nothing more is.
        guard !errorsFull else { return }
        guard errors.count < limits.maximumErrors else {
            stopped = true
            errorsFull = true
            errors.append(
                ExecutionError(
                    "Too many errors: execution stopped after \(limits.maximumErrors); "
                        + "the fields not yet run are null."))
            return
        }
        errors.append(error)
    }

    static func argumentMessage(_ problem: InputProblem, field: String) -> String {
        switch problem {
        case .nullForNonNull(let type):
            return "Argument of field '\(field)' has coerced Null value for NonNull type '\(type)'"
        case .invalid(let reason): return "Argument of field '\(field)' has an invalid value: \(reason)"
        }
    }

    /// The scalar type `name` serializes with.
    /// Looked up once per field and run: the field's memo keeps it for every further value.
    func scalar(named name: String, memo: GroupMemo) -> any ScalarType {
        if let known = memo.scalar { return known }
        let scalar = scalars[name] ?? PassThroughScalar(name: name)
        memo.scalar = scalar
        memo.unchangedValues = scalar.unchangedValues
        return scalar
    }

    /// The groups of `group`'s sub-selections on `objectType`: the run keeps those of the last
    /// type in the field's memo (every item of a list of one type finds them there, without a
    /// lock), and the group keeps them all for the executions sharing it.
    func collectedSubfields(of group: FieldCollector.Group, memo: GroupMemo, on objectType: String)
        -> [FieldCollector.Group]
    {
        if let known = memo.subfields, known.objectType == objectType { return known.groups }
        let groups = group.subfields(on: objectType, by: collector)
        memo.subfields = (objectType, groups)
        return groups
    }

    /// The run's memo of `group`, made the first time.
    func memo(of group: FieldCollector.Group) -> GroupMemo {
        let index = group.index
        if index < memos.count, let memo = memos[index] { return memo }
        if index >= memos.count { memos.append(contentsOf: repeatElement(nil, count: index + 1 - memos.count)) }
        let memo = GroupMemo()
        memos[index] = memo
        return memo
    }

    /// `/listPosts/items[0]/title`, as graphql-java writes paths in messages.
    static func pathText(_ path: [PathComponent]) -> String {
        path.map(\.description).joined()
    }
}
