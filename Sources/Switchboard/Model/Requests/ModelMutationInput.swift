/// The `input` of create, update and delete mutations, from a model's `Encodable` form and schema:
///
/// - read-only fields (`createdAt`, `updatedAt`) and `hasMany` lists are never sent;
/// - a `belongsTo` (or `hasOne` with target names) is written as its foreign-key fields;
/// - `nil` is skipped on create and sent as `null` on update;
/// - delete sends only the primary-key fields.
enum ModelMutationInput {
    enum Kind {
        case create, update, delete
    }

    static func input(for model: some Model, kind: Kind) throws -> [String: JSONValue] {
        let schema = type(of: model).schema
        let values = try ModelJSON.fields(of: model)
        var input: [String: JSONValue] = [:]
        if kind == .delete {
            for name in schema.primaryKeyFieldNames { input[name] = values[name] ?? .null }
            return input
        }
        for field in schema.declaredFields where !field.isReadOnly && field.association == nil {
            if let value = values[field.name], !value.isNull {
                input[field.name] = value
            } else if kind == .update {
                input[field.name] = .null
            }
        }
        for field in schema.associationFields where !field.isReadOnly {
            guard let association = field.association, !association.isHasMany else { continue }
            let targetNames = association.targetNames
            guard !targetNames.isEmpty else { continue }
            guard let target = field.associatedModel else {
                throw ModelError.unresolvedAssociation(model: schema.name, field: field.name)
            }
            let targetKeys = target.schema.primaryKeyFieldNames
            let nested = values[field.name]?.objectValue
            for (index, targetName) in targetNames.enumerated() {
                let key = index < targetKeys.count ? targetKeys[index] : targetName
                if let value = nested?[key], !value.isNull {
                    input[targetName] = value
                } else if input[targetName] == nil, kind == .update {
                    input[targetName] = .null
                }
            }
        }
        return input
    }
}
