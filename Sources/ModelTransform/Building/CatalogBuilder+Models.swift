import GraphQLLanguage

extension CatalogBuilder {
    static let relationalDirectives: [String: ModelRelationship.Kind] = [
        "hasMany": .hasMany, "hasOne": .hasOne, "belongsTo": .belongsTo, "manyToMany": .manyToMany,
    ]

    /// The model transformer's part: fields, `@model` arguments, keys, indexes, defaults and auth rules.
    mutating func buildModels() {
        for (position, definition) in modelDefinitions.enumerated() { modelPositions[definition.name] = position }
        for definition in modelDefinitions {
            models.append(buildModel(definition))
        }
    }

    private mutating func buildModel(_ definition: TypeDefinition) -> Model {
        var fields: [ModelField] = []
        var seenNames: Set<String> = []
        for field in definition.fields {
            if !seenNames.insert(field.name).inserted {
                log.error("field \(definition.name).\(field.name) is declared twice", at: field.location)
                continue
            }
            if let built = buildField(field, of: definition) { fields.append(built) }
        }
        let modelDirective = definition.directives.first { $0.name == "model" }
        let plural = pluralizer.plural(definition.name)
        let (operations, timestamps) = readModelDirective(modelDirective, modelName: definition.name, plural: plural)
        var model = Model(
            name: definition.name, pluralName: plural, fields: fields,
            primaryKey: ModelPrimaryKey(partitionKey: "id"), operations: operations, timestamps: timestamps,
            description: definition.description?.value, location: definition.location)
        model.primaryKey = readPrimaryKey(definition, fields: fields)
        model.indexes = readIndexes(definition, plural: plural, fields: fields, primaryKey: model.primaryKey)
        if let auth = definition.directives.first(where: { $0.name == "auth" }) {
            model.authRules = readAuthRules(auth, onField: false)
        }
        return model
    }

    private mutating func buildField(_ field: FieldDefinition, of definition: TypeDefinition) -> ModelField? {
        let owner = "\(definition.name).\(field.name)"
        if ["and", "or", "not"].contains(field.name) {
            log.error(
                "field name \"\(field.name)\" is reserved: the filter inputs of \(definition.name) use it to combine conditions",
                at: field.location)
            return nil
        }
        if !field.arguments.isEmpty {
            log.error("field \(owner) of a @model type cannot take arguments", at: field.location)
        }
        guard let kind = kind(of: field.type, for: owner, at: field.location) else { return nil }
        var built = ModelField(
            name: field.name, type: field.type, kind: kind, description: field.description?.value,
            location: field.location)
        let relational = field.directives.filter { Self.relationalDirectives[$0.name] != nil }
        if relational.count > 1 {
            log.error("field \(owner) can carry only one relational directive", at: relational[1].location)
        }
        if let directive = relational.first, let relationKind = Self.relationalDirectives[directive.name] {
            relations.append(
                RelationUse(kind: relationKind, model: definition.name, field: field, directive: directive))
        } else if case .model(let related) = kind {
            log.warning(
                "field \(owner) refers to the @model type \(related) without @hasMany, @hasOne, @belongsTo or "
                    + "@manyToMany, so nothing resolves it and it always reads null",
                at: field.location)
        }
        if let directive = field.directives.first(where: { $0.name == "default" }) {
            built.defaultValue = readDefault(directive, field: built, owner: owner)
        }
        if let directive = field.directives.first(where: { $0.name == "auth" }) {
            built.authRules = readAuthRules(directive, onField: true)
        }
        return built
    }

    /// The kind of a field type, with an error for types a model or non-model field cannot hold.
    mutating func kind(of type: TypeReference, for owner: String, at location: SourceLocation) -> ModelField.Kind? {
        if case .list(let element) = type.nullable, case .list = element.nullable {
            log.error("field \(owner) is a list of lists, which AppSync models cannot store", at: location)
            return nil
        }
        let name = type.namedType
        if let kind = fieldKind(name) { return kind }
        if customScalars.contains(name) { return nil }
        if let custom = passthroughDefinitions.lazy.compactMap(Self.typeDefinition).first(where: { $0.name == name }) {
            log.error(
                "field \(owner) has type \(name), \(Self.article(custom.kind)); model fields hold scalars, enums, "
                    + "@model types or object types without @model",
                at: location)
        } else {
            log.error("Unknown type \"\(name)\" for field \(owner)", at: location)
        }
        return nil
    }

    static func typeDefinition(_ definition: Definition) -> TypeDefinition? {
        if case .type(let type) = definition { return type }
        return nil
    }

    private static func article(_ kind: TypeDefinitionKind) -> String {
        switch kind {
        case .inputObject: return "an input type"
        case .interface: return "an interface"
        case .union: return "a union"
        case .scalar: return "a custom scalar"
        case .enum: return "an enum"
        case .object: return "an object type"
        }
    }

    // MARK: @model(queries:mutations:subscriptions:timestamps:)

    private mutating func readModelDirective(_ directive: Directive?, modelName: String, plural: String) -> (
        ModelOperations, ModelTimestamps
    ) {
        let queries = operationNames(
            directive, argument: "queries",
            defaults: [("get", GeneratedNames.get(modelName)), ("list", GeneratedNames.list(plural: plural))])
        let mutations = operationNames(
            directive, argument: "mutations",
            defaults: [
                ("create", GeneratedNames.create(modelName)), ("update", GeneratedNames.update(modelName)),
                ("delete", GeneratedNames.delete(modelName)),
            ])
        var operations = ModelOperations(
            get: queries["get"] ?? nil, list: queries["list"] ?? nil, create: mutations["create"] ?? nil,
            update: mutations["update"] ?? nil, delete: mutations["delete"] ?? nil,
            onCreate: [GeneratedNames.onCreate(modelName)], onUpdate: [GeneratedNames.onUpdate(modelName)],
            onDelete: [GeneratedNames.onDelete(modelName)])
        readSubscriptions(directive, into: &operations)
        // A subscription listens to a mutation; without the mutation there is nothing to listen to.
        if operations.create == nil { operations.onCreate = [] }
        if operations.update == nil { operations.onUpdate = [] }
        if operations.delete == nil { operations.onDelete = [] }
        if operations.subscriptionLevel == .off {
            operations.onCreate = []
            operations.onUpdate = []
            operations.onDelete = []
        }
        return (operations, readTimestamps(directive))
    }

    /// The names an `@model` map argument sets: a missing key keeps the default, `null` switches the
    /// operation off, and `argument: null` switches them all off.
    private mutating func operationNames(
        _ directive: Directive?, argument: String, defaults: [(String, String)]
    ) -> [String: String?] {
        var names: [String: String?] = Dictionary(uniqueKeysWithValues: defaults.map { ($0.0, Optional($0.1)) })
        guard let written = directive?.argument(argument) else { return names }
        if written.value.isNull { return names.mapValues { _ in nil } }
        for entry in written.value.objectFields ?? [] {
            guard names[entry.name] != nil else {
                if argument == "queries" && entry.name == "sync" { continue }
                let keys = defaults.map(\.0).joined(separator: ", ")
                log.error(
                    "Unknown key \"\(entry.name)\" in @model(\(argument):); it takes \(keys)", at: entry.location)
                continue
            }
            if entry.value.isNull {
                names[entry.name] = .some(nil)
            } else if let name = entry.value.stringValue {
                checkName(name, role: "@model(\(argument): { \(entry.name): })", at: entry.location)
                names[entry.name] = .some(name)
            } else {
                log.error("@model(\(argument): { \(entry.name): }) expects a field name or null", at: entry.location)
            }
        }
        return names
    }

    private mutating func readSubscriptions(_ directive: Directive?, into operations: inout ModelOperations) {
        guard let written = directive?.argument("subscriptions") else { return }
        if written.value.isNull {
            operations.subscriptionLevel = .off
            return
        }
        for entry in written.value.objectFields ?? [] {
            switch entry.name {
            case "onCreate", "onUpdate", "onDelete":
                let names: [String]
                if entry.value.isNull {
                    names = []
                } else if let list = entry.value.stringListValue {
                    names = list
                    for name in list {
                        checkName(name, role: "@model(subscriptions: { \(entry.name): })", at: entry.location)
                    }
                } else {
                    log.error(
                        "@model(subscriptions: { \(entry.name): }) expects a list of field names", at: entry.location)
                    continue
                }
                switch entry.name {
                case "onCreate": operations.onCreate = names
                case "onUpdate": operations.onUpdate = names
                default: operations.onDelete = names
                }
            case "level":
                guard let level = entry.value.enumOrStringValue.flatMap(ModelOperations.SubscriptionLevel.init) else {
                    log.error("@model(subscriptions: { level: }) expects on, public or off", at: entry.location)
                    continue
                }
                operations.subscriptionLevel = level
            default:
                log.error(
                    "Unknown key \"\(entry.name)\" in @model(subscriptions:); it takes onCreate, onUpdate, onDelete, level",
                    at: entry.location)
            }
        }
    }

    private mutating func readTimestamps(_ directive: Directive?) -> ModelTimestamps {
        var timestamps = ModelTimestamps()
        guard let written = directive?.argument("timestamps") else { return timestamps }
        if written.value.isNull { return ModelTimestamps(createdAt: nil, updatedAt: nil) }
        for entry in written.value.objectFields ?? [] {
            let name: String?
            if entry.value.isNull {
                name = nil
            } else if let text = entry.value.stringValue {
                checkName(text, role: "@model(timestamps: { \(entry.name): })", at: entry.location)
                name = text
            } else {
                log.error("@model(timestamps: { \(entry.name): }) expects a field name or null", at: entry.location)
                continue
            }
            switch entry.name {
            case "createdAt": timestamps.createdAt = name
            case "updatedAt": timestamps.updatedAt = name
            default:
                log.error(
                    "Unknown key \"\(entry.name)\" in @model(timestamps:); it takes createdAt, updatedAt",
                    at: entry.location)
            }
        }
        return timestamps
    }
}
