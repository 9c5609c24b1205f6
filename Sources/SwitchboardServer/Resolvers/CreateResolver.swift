import ModelTransform
import SwitchboardCore

/// `createX(input, condition)`: a new item from the input with an `id` when none is given
/// (`$util.autoId()`), `@default` values, `createdAt` = `updatedAt` = now, and owner fields
/// filled from the caller; written only if no item has its key (and `condition` holds).
struct CreateResolver: FieldResolver {
    let environment: ModelEnvironment

    func resolve(_ call: FieldCall<RequestContext>) async throws -> JSON {
        let identity = call.context.identity
        let model = environment.model
        let access = try environment.access(.create, identity, field: call.info.field.name, type: call.info.parentType)
        let input = call.arguments["input"]?.objectValue ?? JSONObject()
        var item = JSONObject()
        for (name, value) in input where !value.isNull {
            item.append(name, value)
        }
        let partitionField = environment.layout.primaryKey.partitionField
        if item[partitionField] == nil, let field = model.field(named: partitionField),
            field.kind == .scalar(.id) || field.kind == .scalar(.string)
        {
            item[partitionField] = .string(SecureRandom.uuidString())
        }
        for field in model.fields {
            guard let literal = field.defaultValue, item[field.name] == nil else { continue }
            item[field.name] = Self.defaultValue(literal, of: field)
        }
        for name in [model.timestamps.createdAt, model.timestamps.updatedAt].compactMap({ $0 }) where item[name] == nil
        {
            item[name] = .string(call.context.now)
        }
        if !access.isGranted && !access.isDenied {
            item = environment.authorizer.fillingOwners(
                item, rules: access.dynamicRules, identity: identity, model: model)
            guard environment.permits(item, access, identity) else {
                throw AppSyncErrors.unauthorized(field: call.info.field.name, type: call.info.parentType)
            }
        }
        try environment.checkFieldAccess(
            input, operation: .create, access: access, identity: identity, item: item, field: call.info.field.name,
            type: call.info.parentType)
        let key = try environment.key(of: item)
        let condition = call.arguments["condition"]?.objectValue
        // Checked although a create's condition sees no item, as for every other comparison.
        let compared = try environment.checkComparable(
            condition.map(ItemFilter.fields(in:)) ?? [], identity: identity)
        let created = item
        let environment = environment
        let result = try await environment.store.write(in: model.name, key: key) { existing in
            if existing != nil { throw AppSyncErrors.conditionalCheckFailed() }
            try environment.check(condition: condition, comparing: compared, on: nil, identity: identity)
            return .put(created)
        }
        return result.new.map(JSON.object) ?? .null
    }

    /// A `@default(value:)` literal as the field's value.
    static func defaultValue(_ literal: String, of field: ModelField) -> JSON {
        switch field.kind {
        case .scalar(.int), .scalar(.awsTimestamp): return Int(literal).map(JSON.int) ?? .string(literal)
        case .scalar(.float): return Double(literal).map(JSON.double) ?? .string(literal)
        case .scalar(.boolean): return .bool(literal == "true")
        case .scalar(.awsJSON): return (try? JSONReader.read(literal)) ?? .string(literal)
        default: return .string(literal)
        }
    }
}
