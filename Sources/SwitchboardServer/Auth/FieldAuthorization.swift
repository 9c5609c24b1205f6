import ModelTransform

/// A model's field-level `@auth` rules as Amplify's resolvers apply them. A field with rules of
/// its own answers to those rules only (its model's rules do not apply to it):
/// - reading it needs a rule granting `read` (`get`/`list`), else the field is `null` with
///   "Not Authorized to access <field> on type <Model>";
/// - a create or update that sets it needs a rule granting `create`/`update`, and setting it to
///   `null` in an update is a `delete` of the field; otherwise the mutation fails with
///   "Unauthorized on [<fields>]" (`errorType` `Unauthorized`) and nothing is written;
/// - while the model's subscriptions are on, mutation results carry it as `null` when its rules
///   differ from the model's, because subscribers receive those results (Amplify redacts them);
/// - comparing it (a `filter`, a `condition`, a key argument) needs the same right as reading it,
///   since which items match tells its value: the request fails with "Not Authorized to access
///   <field> on type <Model>" when no rule could grant reading it, and items whose field the
///   caller may not read match nothing.
struct FieldAuthorization: Sendable {
    /// The authorizers of the fields with rules of their own, by field name.
    let protectedFields: [String: ModelAuthorizer]
    /// Fields whose value mutation results (and so subscription events) leave out.
    let redactedInMutations: Set<String>

    init(model: Model, settings: AuthorizationSettings) {
        var protectedFields: [String: ModelAuthorizer] = [:]
        var redacted: Set<String> = []
        for field in model.fields where !field.authRules.isEmpty {
            protectedFields[field.name] = ModelAuthorizer(
                modelName: model.name, rules: field.authRules, defaultMode: settings.defaultMode)
            let sameAsModel =
                field.authRules.allSatisfy(model.authRules.contains)
                && model.authRules.allSatisfy(field.authRules.contains)
            if model.operations.subscriptionLevel == .on && !sameAsModel { redacted.insert(field.name) }
        }
        self.protectedFields = protectedFields
        redactedInMutations = redacted
    }

    /// No field has rules of its own.
    var isEmpty: Bool { protectedFields.isEmpty }

    /// Whether some field's own rules could let `identity` perform `operation` (on some item).
    func mayGrant(_ operation: AuthRule.Operation, identity: RequestIdentity) -> Bool {
        protectedFields.values.contains { !$0.access(operation, identity: identity).isDenied }
    }

    /// Whether `identity` may read protected field `name` of `item`.
    func mayRead(_ name: String, identity: RequestIdentity, item: JSONObject) -> Bool {
        guard let authorizer = protectedFields[name] else { return true }
        return authorizer.allows(.get, identity: identity, item: item)
            || authorizer.allows(.list, identity: identity, item: item)
    }

    /// The first of `fields` that `identity` may not read: on any item when `staticOnly` is
    /// false (its rules grant `get`/`list` neither outright nor by a dynamic rule), or without
    /// looking at an item when it is true (a dynamic rule is not enough). Fields without rules of
    /// their own answer to the model's rules and are not judged here.
    func firstUnreadable(_ fields: [String], identity: RequestIdentity, staticOnly: Bool = false) -> String? {
        fields.first { name in
            guard let authorizer = protectedFields[name] else { return false }
            let readable = [AuthRule.Operation.get, .list].contains { operation in
                let access = authorizer.access(operation, identity: identity)
                return staticOnly ? access.isGranted : !access.isDenied
            }
            return !readable
        }
    }

    /// The fields of `input` that `identity` may not write, in the input type's order. Protected fields are
    /// judged by their own rules against `item` (the new item for creates, the stored one for
    /// updates); when the model's rules refuse the operation, every other field is refused too.
    func deniedFields(
        _ input: JSONObject, operation: AuthRule.Operation, identity: RequestIdentity, item: JSONObject,
        modelRefuses: Bool, keyFields: Set<String>
    ) -> [String] {
        var denied: [String] = []
        for (name, value) in input where !keyFields.contains(name) {
            guard let authorizer = protectedFields[name] else {
                if modelRefuses { denied.append(name) }
                continue
            }
            let fieldOperation: AuthRule.Operation = operation == .update && value.isNull ? .delete : operation
            if operation == .create && value.isNull { continue }
            if !authorizer.allows(fieldOperation, identity: identity, item: item) { denied.append(name) }
        }
        return denied
    }
}
