import GraphQLLanguage

/// Resolves one field: a function of the field's arguments, its parent value and the request's
/// context to the field's value (before completion against the field's type). Resolvers throw
/// ``ExecutionError`` for errors the client should see in AppSync's shape; the executor adds the
/// path and locations.
protocol FieldResolver<Context>: Sendable {
    /// What the server passes to every resolver of a request (the caller's identity, …).
    associatedtype Context: Sendable

    /// The field's value for `call`.
    func resolve(_ call: FieldCall<Context>) async throws -> JSON
}

/// Everything a resolver may use: the parent value, the coerced arguments, the request context
/// and where the field is in the operation.
struct FieldCall<Context: Sendable>: Sendable {
    /// The parent object's value (the root value for root fields).
    var source: JSON
    /// The coerced arguments: only those given or defaulted (an explicit `null` stays `.null`).
    var arguments: JSONObject
    /// The request context.
    var context: Context
    /// The field's position and AST.
    var info: FieldInfo
}

/// Where a field being resolved sits: its parent type, definition, response path and the AST
/// nodes that selected it (several when fields with the same response key were merged).
struct FieldInfo: Sendable {
    /// The object type the field belongs to.
    var parentType: String
    /// The field's definition.
    var field: SchemaField
    /// The response path of the field.
    var path: [PathComponent]
    /// The field nodes merged under this response key.
    var nodes: [Field]
    /// The operation's coerced variables.
    var variables: JSONObject
    /// The document's fragments by name.
    var fragments: [String: FragmentDefinition]
    /// The operation being executed.
    var operation: OperationType
}

/// The resolvers of a schema by parent type and field name; fields without one read the
/// member of the parent object named after the field.
struct ResolverRegistry<Context: Sendable>: Sendable {
    private var resolvers: [String: [String: any FieldResolver<Context>]] = [:]

    init() {}

    /// Registers `resolver` for `type.field`, replacing any earlier one.
    mutating func register(_ resolver: any FieldResolver<Context>, type: String, field: String) {
        resolvers[type, default: [:]][field] = resolver
    }

    /// The resolver of `type.field`, if one was registered.
    func resolver(type: String, field: String) -> (any FieldResolver<Context>)? {
        resolvers[type]?[field]
    }

    /// Whether any field of `type` has a resolver.
    func hasResolvers(for type: String) -> Bool { resolvers[type] != nil }
}

/// Decides, before a field is resolved, whether the request may read it at all (AppSync's
/// authorization directives); a returned error replaces the field's value.
protocol FieldAccessPolicy<Context>: Sendable {
    /// The request context.
    associatedtype Context: Sendable

    /// An error when `context` may not read `field` of `parentType`, else `nil`.
    func check(parentType: String, field: SchemaField, context: Context) -> ExecutionError?

    /// A number for `context` such that any two contexts with the same number get the same
    /// answer from ``check(parentType:field:context:)`` for every field, or `nil` when no two
    /// contexts may be assumed alike. The executions of one plan whose callers share a number
    /// share what the checks decided (see ``ScalarRow``) instead of deciding it again.
    func decisionKey(for context: Context) -> Int?
}

extension FieldAccessPolicy {
    /// No two contexts are assumed alike: every execution checks every field for itself.
    func decisionKey(for context: Context) -> Int? { nil }
}
