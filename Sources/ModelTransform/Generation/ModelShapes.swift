import GraphQLLanguage

/// The object type, inputs and root fields Transformer v2 generates for one model, derived from
/// the catalog (graphql-model-transformer, -index-transformer and -relational-transformer).
struct ModelShapes {
    let catalog: ModelCatalog
    let model: Model

    var name: String { model.name }

    static func argument(_ name: String, _ type: TypeReference) -> InputValueDefinition {
        InputValueDefinition(name: name, type: type)
    }

    // MARK: Object and connection types

    /// The model's fields; `@hasMany` and `@manyToMany` fields become paginated connections.
    var objectType: TypeDefinition {
        let fields = model.fields.map { field -> FieldDefinition in
            if let relationship = field.relationship, relationship.kind == .hasMany || relationship.kind == .manyToMany
            {
                return FieldDefinition(
                    description: Self.description(field.description), name: field.name,
                    arguments: connectionArguments(relationship),
                    type: .named(GeneratedNames.connection(relationship.relatedModel)))
            }
            return FieldDefinition(description: Self.description(field.description), name: field.name, type: field.type)
        }
        return TypeDefinition(
            kind: .object, description: Self.description(model.description), name: name, fields: fields)
    }

    static func description(_ text: String?) -> Description? { text.map { Description(value: $0) } }

    static func connectionType(for modelName: String) -> TypeDefinition {
        TypeDefinition(
            kind: .object, name: GeneratedNames.connection(modelName),
            fields: [
                FieldDefinition(name: "items", type: .nonNull(.list(.named(modelName)))),
                FieldDefinition(name: "nextToken", type: .named("String")),
            ])
    }

    /// `(sortKey, filter, sortDirection, limit, nextToken)`: a sort-key condition leads when the
    /// related key has sort keys the relationship's own fields do not fix.
    func connectionArguments(_ relationship: ModelRelationship) -> [InputValueDefinition] {
        var arguments = [
            Self.argument("filter", .named(GeneratedNames.filterInput(relationship.relatedModel))),
            Self.argument("sortDirection", .named(GeneratedNames.sortDirection)),
            Self.argument("limit", .named("Int")),
            Self.argument("nextToken", .named("String")),
        ]
        if let sortKey = connectionSortKey(relationship), let related = catalog.model(named: relationship.relatedModel),
            let argument = Self.sortKeyArgument(
                model: related, sortKeyFields: sortKey.fields, keyName: sortKey.keyName)
        {
            arguments.insert(argument, at: 0)
        }
        return arguments
    }

    /// The related key a connection reads through (Amplify's `relatedTypeIndex`): the named index,
    /// else the related primary key (also for implicit keys), and how many of its fields the
    /// relationship fixes.
    func relatedKey(_ relationship: ModelRelationship) -> (keys: [String], fixedCount: Int)? {
        guard let related = catalog.model(named: relationship.relatedModel) else { return nil }
        switch relationship.keySource {
        case .references:
            return nil
        case .implicit:
            return (related.primaryKey.fields, 0)
        case .primaryKey:
            return (related.indexes.first { $0.name == relationship.indexName }?.fields ?? [], 0)
        case .fields(let fields):
            if let indexName = relationship.indexName {
                return (related.indexes.first { $0.name == indexName }?.fields ?? [], fields.count)
            }
            return (related.primaryKey.fields, fields.count)
        }
    }

    /// The related key's sort fields a connection may filter on, and the key's name for composite inputs.
    func connectionSortKey(_ relationship: ModelRelationship) -> (fields: [String], keyName: String)? {
        guard let (keys, fixedCount) = relatedKey(relationship), fixedCount < 2, keys.count > 1 else { return nil }
        let keyName = relationship.keySource == .implicit ? "Primary" : (relationship.indexName ?? "Primary")
        return (Array(keys.dropFirst()), keyName)
    }

    /// The argument for a key's sort fields: a scalar key condition for one, a composite one for several.
    static func sortKeyArgument(model: Model, sortKeyFields: [String], keyName: String) -> InputValueDefinition? {
        guard let first = sortKeyFields.first else { return nil }
        if sortKeyFields.count == 1 {
            guard let field = model.field(named: first), let scalar = CatalogBuilder.keyScalar(field.kind) else {
                return nil
            }
            return argument(first, .named(GeneratedNames.keyConditionInput(scalar)))
        }
        return argument(
            GeneratedNames.compositeSortKeyArgument(sortKeyFields),
            .named(GeneratedNames.compositeKeyConditionInput(model.name, keyName: keyName)))
    }

    // MARK: Filter, condition and subscription filter inputs

    /// The filter input of a scalar or enum field (`ModelStringInput`, `ModelStatusInput`, …).
    static func filterInputName(_ field: ModelField, subscription: Bool) -> String? {
        switch field.kind {
        case .scalar(let scalar): return GeneratedNames.scalarFilterInput(scalar, subscription: subscription)
        case .enumeration(let enumName):
            return subscription
                ? GeneratedNames.scalarFilterInput(.string, subscription: true)
                : GeneratedNames.enumFilterInput(enumName, list: field.isList)
        case .embedded, .model: return nil
        }
    }

    private func filterFields(of fields: [ModelField], subscription: Bool) -> [InputValueDefinition] {
        fields.compactMap { field in
            Self.filterInputName(field, subscription: subscription).map { Self.argument(field.name, .named($0)) }
        }
    }

    private func fields(_ origins: Set<ModelField.Origin>) -> [ModelField] {
        model.fields.filter { origins.contains($0.origin) }
    }

    /// The item fields dynamic `@auth` rules (owner, groups stored in the item) read.
    var dynamicAuthFields: [String] {
        var names: [String] = []
        let rules = model.authRules + model.fields.flatMap(\.authRules)
        for rule in rules where rule.isDynamic && (rule.provider == .userPools || rule.provider == .oidc) {
            // A groups field the schema does not declare is not added (only owner fields are), so
            // there is nothing to filter on.
            if let entity = rule.entityField, model.field(named: entity) != nil, !names.contains(entity) {
                names.append(entity)
            }
        }
        return names
    }

    private func appendingAuthFields(_ inputs: [InputValueDefinition]) -> [InputValueDefinition] {
        var result = inputs
        let authFields = fields([.authorization]).map(\.name) + dynamicAuthFields
        for name in authFields where !result.contains(where: { $0.name == name }) {
            result.append(Self.argument(name, .named(GeneratedNames.scalarFilterInput(.string))))
        }
        return result
    }

    var filterInput: TypeDefinition {
        let inputName = GeneratedNames.filterInput(name)
        var inputs = filterFields(of: fields([.declared, .implicitID, .timestamp]), subscription: false)
        inputs += Self.combinators(inputName, withNot: true)
        inputs += filterFields(of: fields([.foreignKey]), subscription: false)
        return TypeDefinition(kind: .inputObject, name: inputName, inputFields: appendingAuthFields(inputs))
    }

    /// The condition input leaves out key fields, which a write cannot change.
    var conditionInput: TypeDefinition {
        let inputName = GeneratedNames.conditionInput(name)
        var keyFields: Set<String> = []
        if model.field(named: "id")?.kind == .scalar(.id) { keyFields.insert("id") }
        if model.primaryKey.isExplicit { keyFields.formUnion(["id"] + model.primaryKey.fields) }
        if model.indexes.contains(where: { !Self.isRelationshipIndex($0) }) { keyFields.insert("id") }
        var inputs = filterFields(
            of: fields([.declared]).filter { !keyFields.contains($0.name) }, subscription: false)
        inputs += Self.combinators(inputName, withNot: true)
        inputs += filterFields(of: fields([.timestamp, .foreignKey]), subscription: false)
        return TypeDefinition(kind: .inputObject, name: inputName, inputFields: appendingAuthFields(inputs))
    }

    /// Subscription filters use `ModelSubscription*` inputs, have no `not`, and take the fields
    /// dynamic auth rules read only at the end, as plain string filters.
    var subscriptionFilterInput: TypeDefinition {
        let inputName = GeneratedNames.subscriptionFilterInput(name)
        let authFields = Set(dynamicAuthFields)
        var inputs = filterFields(
            of: fields([.declared, .implicitID, .timestamp]).filter { !authFields.contains($0.name) },
            subscription: true)
        inputs += Self.combinators(inputName, withNot: false)
        inputs += filterFields(of: fields([.foreignKey]), subscription: true)
        return TypeDefinition(kind: .inputObject, name: inputName, inputFields: appendingAuthFields(inputs))
    }

    static func combinators(_ inputName: String, withNot: Bool) -> [InputValueDefinition] {
        var inputs = [argument("and", .list(.named(inputName))), argument("or", .list(.named(inputName)))]
        if withNot { inputs.append(argument("not", .named(inputName))) }
        return inputs
    }

    static func isRelationshipIndex(_ index: ModelIndex) -> Bool {
        index.name.hasPrefix("gsi-") && index.name.contains(".")
    }

    // MARK: Mutation inputs

    /// A declared field as an input: non-model object types become their `…Input`.
    private func inputType(_ field: ModelField) -> TypeReference {
        if case .embedded(let typeName) = field.kind {
            return CatalogBuilder.renamed(field.type, to: GeneratedNames.nonModelInput(typeName))
        }
        return field.type
    }

    private var storedDeclaredFields: [ModelField] {
        fields([.declared]).filter {
            if case .model = $0.kind { return false }
            return true
        }
    }

    /// Values the server fills in (ids, timestamps, defaults) are optional on create.
    var createInput: TypeDefinition {
        let timestampNames = [model.timestamps.createdAt, model.timestamps.updatedAt, "createdAt", "updatedAt"]
        var inputs: [InputValueDefinition] = storedDeclaredFields.map { field in
            var type = inputType(field)
            let generatedID = field.name == "id" && ["ID", "String"].contains(field.typeName)
            let timestamp = timestampNames.contains(field.name) && ["AWSDateTime", "String"].contains(field.typeName)
            if generatedID || timestamp || field.defaultValue != nil { type = type.nullable }
            return Self.argument(field.name, type)
        }
        if model.field(named: "id")?.origin == .implicitID { inputs.append(Self.argument("id", .named("ID"))) }
        inputs += fields([.foreignKey]).map { Self.argument($0.name, $0.type) }
        return TypeDefinition(kind: .inputObject, name: GeneratedNames.createInput(name), inputFields: inputs)
    }

    /// Every field is optional on update except the key.
    var updateInput: TypeDefinition {
        let keyFields = Set(model.primaryKey.isExplicit ? model.primaryKey.fields : ["id"])
        var inputs: [InputValueDefinition] = storedDeclaredFields.map { field in
            let type = inputType(field)
            return Self.argument(field.name, keyFields.contains(field.name) ? .nonNull(type.nullable) : type.nullable)
        }
        if model.field(named: "id")?.origin == .implicitID {
            inputs.append(Self.argument("id", .nonNull(.named("ID"))))
        }
        inputs += fields([.foreignKey]).map { Self.argument($0.name, $0.type.nullable) }
        return TypeDefinition(kind: .inputObject, name: GeneratedNames.updateInput(name), inputFields: inputs)
    }

    var deleteInput: TypeDefinition {
        TypeDefinition(
            kind: .inputObject, name: GeneratedNames.deleteInput(name), inputFields: keyArguments(required: true))
    }

    /// `id: ID!` by default (whatever `id`'s declared type), else the primary key's fields.
    private func keyArguments(required: Bool) -> [InputValueDefinition] {
        guard model.primaryKey.isExplicit else { return [Self.argument("id", .nonNull(.named("ID")))] }
        return model.primaryKey.fields.map { fieldName in
            let typeName = model.field(named: fieldName)?.typeName ?? "ID"
            return Self.argument(fieldName, required ? .nonNull(.named(typeName)) : .named(typeName))
        }
    }

    // MARK: Root fields

    var queryFields: [FieldDefinition] {
        var fields: [FieldDefinition] = []
        if let get = model.operations.get {
            fields.append(FieldDefinition(name: get, arguments: keyArguments(required: true), type: .named(name)))
        }
        if let list = model.operations.list {
            var arguments: [InputValueDefinition] = []
            if model.primaryKey.isExplicit {
                let partitionType = model.field(named: model.primaryKey.partitionKey)?.typeName ?? "ID"
                arguments.append(Self.argument(model.primaryKey.partitionKey, .named(partitionType)))
                if let sortKey = Self.sortKeyArgument(
                    model: model, sortKeyFields: model.primaryKey.sortKeyFields, keyName: "Primary")
                {
                    arguments.append(sortKey)
                }
            }
            arguments += [
                Self.argument("filter", .named(GeneratedNames.filterInput(name))),
                Self.argument("limit", .named("Int")),
                Self.argument("nextToken", .named("String")),
            ]
            if model.primaryKey.isExplicit {
                arguments.append(Self.argument("sortDirection", .named(GeneratedNames.sortDirection)))
            }
            fields.append(
                FieldDefinition(name: list, arguments: arguments, type: .named(GeneratedNames.connection(name))))
        }
        return fields
    }

    /// `postsByCategory(category: String!, createdAt: ModelStringKeyConditionInput, sortDirection, filter, limit, nextToken)`.
    func indexQueryField(_ index: ModelIndex) -> FieldDefinition? {
        guard let shape = model.indexQueryShape(index) else { return nil }
        var arguments = [Self.argument(shape.partitionKey, .nonNull(.named(shape.partitionKeyType)))]
        if let sortKey = shape.sortKey { arguments.append(Self.argument(sortKey.argument, .named(sortKey.inputType))) }
        arguments += [
            Self.argument("sortDirection", .named(GeneratedNames.sortDirection)),
            Self.argument("filter", .named(GeneratedNames.filterInput(name))), Self.argument("limit", .named("Int")),
            Self.argument("nextToken", .named("String")),
        ]
        return FieldDefinition(
            name: shape.queryField, arguments: arguments, type: .named(GeneratedNames.connection(name)))
    }

    var mutationFields: [FieldDefinition] {
        let condition = Self.argument("condition", .named(GeneratedNames.conditionInput(name)))
        var fields: [FieldDefinition] = []
        let operations: [(String?, String)] = [
            (model.operations.create, GeneratedNames.createInput(name)),
            (model.operations.update, GeneratedNames.updateInput(name)),
            (model.operations.delete, GeneratedNames.deleteInput(name)),
        ]
        for case (let fieldName?, let inputName) in operations {
            fields.append(
                FieldDefinition(
                    name: fieldName, arguments: [Self.argument("input", .nonNull(.named(inputName))), condition],
                    type: .named(name)))
        }
        return fields
    }

    /// Each subscription name with the mutations it listens to (one name may serve several).
    var subscriptions: [(name: String, mutations: [String])] {
        var result: [(name: String, mutations: [String])] = []
        let pairs: [([String], String?)] = [
            (model.operations.onCreate, model.operations.create), (model.operations.onUpdate, model.operations.update),
            (model.operations.onDelete, model.operations.delete),
        ]
        for case (let names, let mutation?) in pairs {
            for subscription in names {
                if let index = result.firstIndex(where: { $0.name == subscription }) {
                    result[index].mutations.append(mutation)
                } else {
                    result.append((subscription, [mutation]))
                }
            }
        }
        return result
    }

    func subscriptionFields(ownerArguments: [String]) -> [FieldDefinition] {
        subscriptions.map { subscription in
            let arguments =
                [Self.argument("filter", .named(GeneratedNames.subscriptionFilterInput(name)))]
                + ownerArguments.map { Self.argument($0, .named("String")) }
            return FieldDefinition(
                name: subscription.name, arguments: arguments, type: .named(name),
                directives: [
                    Directive(
                        name: "aws_subscribe",
                        arguments: [
                            Argument(
                                name: "mutations",
                                value: .list(subscription.mutations.map { .string($0, block: false) }))
                        ])
                ])
        }
    }
}
