import GraphQLLanguage

extension CatalogBuilder {
    /// `@manyToMany(relationName:)`: pairs the two uses of each relation name and adds the join
    /// model Amplify generates (`id`, one key field per side with a `by<Model>` index, and a
    /// `@hasOne` field per side); each side's field then lists join-model items.
    mutating func expandManyToManyRelations() {
        var order: [String] = []
        var uses: [String: [RelationUse]] = [:]
        for use in relations where use.kind == .manyToMany {
            guard let name = use.directive.string("relationName") else { continue }
            if uses[name] == nil { order.append(name) }
            uses[name, default: []].append(use)
        }
        for name in order {
            guard
                checkName(
                    name, role: "@manyToMany(relationName:)", at: uses[name]?.first?.directive.location ?? .unknown)
            else { continue }
            guard let pair = uses[name], pair.count == 2 else {
                log.error(
                    "relationNames should have 2 occurrences. '\(name)' has '\(uses[name]?.count ?? 0)' occurrences",
                    at: uses[name]?.first?.directive.location ?? .unknown)
                continue
            }
            addJoinModel(named: name, between: pair[0], and: pair[1])
        }
        relations.removeAll { $0.kind == .manyToMany }
    }

    private mutating func addJoinModel(named name: String, between first: RelationUse, and second: RelationUse) {
        for (use, other) in [(first, second), (second, first)] {
            guard case .list = use.field.type.nullable else {
                log.error(
                    "@manyToMany must be used with a list (\(use.model).\(use.field.name))", at: use.directive.location)
                return
            }
            if use.field.type.namedType != other.model {
                log.error(
                    "@manyToMany relation '\(name)' expects '\(use.field.type.namedType)' but got '\(other.model)'",
                    at: use.directive.location)
                return
            }
        }
        if objectTypes[name] != nil || isModel(name) || enums.contains(where: { $0.name == name }) {
            log.error(
                "@manyToMany relation name '\(name)' already exists as a type in the schema",
                at: first.directive.location)
            return
        }
        guard let firstModel = modelPosition(first.model).map({ models[$0] }),
            let secondModel = modelPosition(second.model).map({ models[$0] })
        else { return }
        let firstSide = JoinSide(model: firstModel, use: first, options: options)
        let secondSide = JoinSide(model: secondModel, use: second, options: options)
        var fields: [ModelField] = [ModelField(name: "id", type: .nonNull(.named("ID")), kind: .scalar(.id))]
        fields += firstSide.keyFields + secondSide.keyFields
        fields.append(firstSide.hasOneField(joinModel: name))
        fields.append(secondSide.hasOneField(joinModel: name))
        let plural = pluralizer.plural(name)
        let indexes = [firstSide, secondSide].map { side in
            ModelIndex(
                name: side.indexName, partitionKey: side.keyFieldNames[0],
                sortKeyFields: Array(side.keyFieldNames.dropFirst()),
                queryField: options.generatesIndexQueryFields
                    ? GeneratedNames.indexQueryField(
                        plural: plural, partitionKey: side.keyFieldNames[0],
                        sortKeyFields: Array(side.keyFieldNames.dropFirst()))
                    : nil)
        }
        var rules = firstModel.authRules
        for rule in secondModel.authRules where !rules.contains(rule) { rules.append(rule) }
        let joinModel = Model(
            name: name, pluralName: plural, fields: fields,
            primaryKey: ModelPrimaryKey(partitionKey: "id"),
            indexes: indexes, authRules: rules,
            operations: ModelOperations(
                get: GeneratedNames.get(name), list: GeneratedNames.list(plural: plural),
                create: GeneratedNames.create(name),
                update: GeneratedNames.update(name), delete: GeneratedNames.delete(name),
                onCreate: [GeneratedNames.onCreate(name)], onUpdate: [GeneratedNames.onUpdate(name)],
                onDelete: [GeneratedNames.onDelete(name)]),
            isJoinModel: true)
        modelPositions[name] = models.count
        models.append(joinModel)
        for side in [firstSide, secondSide] {
            guard let position = modelPosition(side.model.name),
                let fieldIndex = models[position].fields.firstIndex(where: { $0.name == side.use.field.name })
            else { continue }
            var field = models[position].fields[fieldIndex]
            field.type = Self.renamed(field.type, to: name)
            field.kind = .model(name)
            field.relationship = ModelRelationship(
                kind: .manyToMany, relatedModel: name, manyToManyTarget: side.use.field.type.namedType,
                foreignKeyHolder: .relatedModel, foreignKeyFields: side.keyFieldNames, indexName: side.indexName,
                associatedField: side.joinFieldName, keySource: .fields(side.model.primaryKey.fields),
                limit: side.use.directive.argument("limit")?.value.intValue ?? 100)
            models[position].fields[fieldIndex] = field
        }
    }

    /// `[User]!` → `[PostEditor]!`: the same wrappers around another named type.
    static func renamed(_ type: TypeReference, to name: String) -> TypeReference {
        switch type {
        case .named: return .named(name)
        case .list(let inner): return .list(renamed(inner, to: name))
        case .nonNull(let inner): return .nonNull(renamed(inner, to: name))
        }
    }

    /// One model's side of a join model: its key fields there and the `@hasOne` back to it.
    private struct JoinSide {
        let model: Model
        let use: RelationUse
        let joinFieldName: String
        let indexName: String
        let keyFieldNames: [String]
        let keyFields: [ModelField]

        init(model: Model, use: RelationUse, options: TransformOptions) {
            self.model = model
            self.use = use
            let fieldName = NameCase.lowerFirst(model.name)
            joinFieldName = fieldName
            indexName = "by\(model.name)"
            let partition = model.primaryKey.partitionKey
            let partitionName =
                fieldName
                + (options.respectsPrimaryKeyAttributesOnConnectionField ? NameCase.upperFirst(partition) : "ID")
            // Amplify appends sort-key names as written (`posttitle`), unlike the partition key.
            let names = [partitionName] + model.primaryKey.sortKeyFields.map { fieldName + $0 }
            keyFieldNames = names
            var fields: [ModelField] = []
            for (keyName, sourceName) in zip(names, model.primaryKey.fields) {
                let source = model.field(named: sourceName)
                let typeName = source?.typeName ?? "ID"
                fields.append(
                    ModelField(
                        name: keyName, type: .nonNull(.named(typeName)), kind: source?.kind ?? .scalar(.id)))
            }
            keyFields = fields
        }

        func hasOneField(joinModel: String) -> ModelField {
            ModelField(
                name: joinFieldName, type: .nonNull(.named(model.name)), kind: .model(model.name),
                relationship: ModelRelationship(
                    kind: .hasOne, relatedModel: model.name, foreignKeyHolder: .thisModel,
                    foreignKeyFields: keyFieldNames,
                    associatedField: use.field.name, keySource: .fields(keyFieldNames)))
        }
    }
}
