import ModelTransform

/// What the resolvers of one model share: the model, its stored layout, the store, the token
/// signer and the model's authorization rules.
struct ModelEnvironment: Sendable {
    let catalog: ModelCatalog
    let model: Model
    let layout: TableLayout
    let store: any ModelStore
    let tokens: PaginationToken
    let authorizer: ModelAuthorizer
    let fieldAuthorization: FieldAuthorization

    init(catalog: ModelCatalog, model: Model, store: any ModelStore, tokens: PaginationToken) {
        self.catalog = catalog
        self.model = model
        layout = TableLayout(model: model)
        self.store = store
        self.tokens = tokens
        authorizer = ModelAuthorizer(model: model, settings: catalog.authorization)
        fieldAuthorization = FieldAuthorization(model: model, settings: catalog.authorization)
    }

    /// The environment of another model of the catalog (relationships).
    func related(_ name: String) -> ModelEnvironment? {
        catalog.model(named: name).map { ModelEnvironment(catalog: catalog, model: $0, store: store, tokens: tokens) }
    }

    /// The primary key of an object holding the key fields (arguments, inputs, items).
    func key(of object: JSONObject) throws(ExecutionError) -> ItemKey {
        guard let key = layout.primaryKey.key(of: object) else {
            throw AppSyncErrors.invalidArguments(
                "The key fields of \(model.name) (\(layout.primaryKey.fields.joined(separator: ", "))) are required.")
        }
        return key
    }

    /// Access for `operation`, or AppSync's Unauthorized error naming the field when nothing grants
    /// it. A create or update the model's rules refuse still goes on when a field's own rules may
    /// grant it: the resolver then checks the input field by field.
    func access(
        _ operation: AuthRule.Operation, _ identity: RequestIdentity, field: String, type: String
    ) throws(ExecutionError) -> ModelAuthorizer.Access {
        let access = authorizer.access(operation, identity: identity)
        if access.isDenied {
            let fieldOperations: [AuthRule.Operation] =
                switch operation {
                case .create: [.create]
                case .update: [.update, .delete]
                default: []
                }
            guard fieldOperations.contains(where: { fieldAuthorization.mayGrant($0, identity: identity) }) else {
                throw AppSyncErrors.unauthorized(field: field, type: type)
            }
        }
        return access
    }

    /// Refuses a write of `input` when a field's own rules, or the model's, do not let `identity`
    /// write one of its fields: AppSync's "Unauthorized on [fields]", or "Not Authorized to access
    /// <mutation>" when the model's rules refuse and the input sets no field with rules of its own.
    func checkFieldAccess(
        _ input: JSONObject, operation: AuthRule.Operation, access: ModelAuthorizer.Access,
        identity: RequestIdentity, item: JSONObject, field: String, type: String
    ) throws(ExecutionError) {
        let keyFields = Set(layout.primaryKey.fields)
        if access.isDenied
            && !input.contains(where: { name, _ in
                !keyFields.contains(name) && fieldAuthorization.protectedFields[name] != nil
            })
        {
            throw AppSyncErrors.unauthorized(field: field, type: type)
        }
        guard !fieldAuthorization.isEmpty || access.isDenied else { return }
        let denied = fieldAuthorization.deniedFields(
            input, operation: operation, identity: identity, item: item, modelRefuses: access.isDenied,
            keyFields: keyFields)
        if !denied.isEmpty { throw AppSyncErrors.unauthorized(fields: denied) }
    }

    /// The fields with rules of their own among `fields` (those a filter, condition or key
    /// argument compares), after refusing the request with "Not Authorized to access <field> on
    /// type <Model>" when `identity` may read one of them on no item — or, with `staticOnly`,
    /// without a dynamic rule. Comparing a field tells its value as surely as reading it (one
    /// `beginsWith` per character), so it takes the same right; the caller then checks each item
    /// with ``mayCompare(_:identity:item:)``.
    func checkComparable(
        _ fields: [String], identity: RequestIdentity, staticOnly: Bool = false
    ) throws(ExecutionError) -> [String] {
        let protected = fields.filter { fieldAuthorization.protectedFields[$0] != nil }
        if let field = fieldAuthorization.firstUnreadable(protected, identity: identity, staticOnly: staticOnly) {
            throw AppSyncErrors.unauthorized(field: field, type: model.name)
        }
        return protected
    }

    /// Whether `identity` may read every one of `fields` on `item`, so that comparing them there
    /// tells nothing it could not read.
    func mayCompare(_ fields: [String], identity: RequestIdentity, item: JSONObject) -> Bool {
        fields.allSatisfy { fieldAuthorization.mayRead($0, identity: identity, item: item) }
    }

    /// Fails a write with `ConditionalCheckFailedException` when `condition` does not hold for
    /// `item` (`nil`: none is stored), after refusing it with Unauthorized when the condition
    /// compares one of `compared` (from ``checkComparable(_:identity:staticOnly:)``) that
    /// `identity` may not read on this item.
    func check(
        condition: JSONObject?, comparing compared: [String], on item: JSONObject?, identity: RequestIdentity
    ) throws(ExecutionError) {
        guard let condition else { return }
        if let item,
            let field = compared.first(where: { !fieldAuthorization.mayRead($0, identity: identity, item: item) })
        {
            throw AppSyncErrors.unauthorized(field: field, type: model.name)
        }
        if !(try ItemFilter(kind: .condition).matches(item, condition)) { throw AppSyncErrors.conditionalCheckFailed() }
    }

    /// Whether `item` may be returned under `access` (static grant, or a dynamic rule matching it).
    func permits(_ item: JSONObject, _ access: ModelAuthorizer.Access, _ identity: RequestIdentity) -> Bool {
        access.isGranted || authorizer.item(item, matches: access.dynamicRules, identity: identity)
    }
}

extension KeySchema {
    /// Every key field, partition first.
    var fields: [String] { [partitionField] + sortFields }
}
