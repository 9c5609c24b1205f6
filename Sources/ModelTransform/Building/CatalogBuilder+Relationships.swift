import GraphQLLanguage

extension CatalogBuilder {
    /// Resolves `@hasMany`, then `@hasOne`, then `@belongsTo` (Amplify's transformer order, which
    /// decides where implicit foreign keys are appended), adding those keys and the indexes
    /// implicit `@hasMany` keys are queried through.
    mutating func resolveRelations() {
        let ordered =
            relations.filter { $0.kind == .hasMany } + relations.filter { $0.kind == .hasOne }
            + relations.filter { $0.kind == .belongsTo }
        for use in ordered {
            guard let related = checkedRelatedModel(use) else { continue }
            let relationship: ModelRelationship?
            switch use.kind {
            case .hasMany: relationship = resolveHasMany(use, child: related)
            case .hasOne: relationship = resolveHasOne(use, related: related)
            case .belongsTo: relationship = resolveBelongsTo(use, parent: related)
            case .manyToMany: relationship = nil
            }
            guard let relationship, let position = modelPosition(use.model),
                let fieldIndex = models[position].fields.firstIndex(where: { $0.name == use.field.name })
            else { continue }
            models[position].fields[fieldIndex].relationship = relationship
        }
    }

    /// The related model, after the checks every relational directive shares.
    private mutating func checkedRelatedModel(_ use: RelationUse) -> Model? {
        let name = use.field.type.namedType
        let site = "@\(use.kind.rawValue) on \(use.model).\(use.field.name)"
        guard let position = modelPosition(name) else {
            if objectTypes[name] != nil {
                log.error("\(site): Object type \(name) must be annotated with @model", at: use.directive.location)
            } else {
                log.error("\(site) needs a @model type, not \(name)", at: use.directive.location)
            }
            return nil
        }
        let isList: Bool
        if case .list = use.field.type.nullable { isList = true } else { isList = false }
        if use.kind == .hasMany && !isList {
            log.error(
                "\(site): @hasMany must be used with a list. Use @hasOne for non-list types.",
                at: use.directive.location)
            return nil
        }
        if use.kind != .hasMany && isList {
            let hint = use.kind == .hasOne ? " Use @hasMany for lists." : ""
            log.error("\(site): @\(use.kind.rawValue) cannot be used with lists.\(hint)", at: use.directive.location)
            return nil
        }
        if use.directive.argument("fields") != nil && use.directive.argument("references") != nil {
            log.error("\(site): give either fields: or references:, not both", at: use.directive.location)
            return nil
        }
        if let fields = use.directive.stringList("fields"), fields.isEmpty {
            log.error("\(site): No fields passed to @\(use.kind.rawValue) directive.", at: use.directive.location)
            return nil
        }
        if let references = use.directive.stringList("references"), references.isEmpty {
            log.error("\(site): No references passed to @\(use.kind.rawValue) directive.", at: use.directive.location)
            return nil
        }
        return models[position]
    }

    // MARK: @hasMany

    private mutating func resolveHasMany(_ use: RelationUse, child: Model) -> ModelRelationship? {
        guard let parent = modelPosition(use.model).map({ models[$0] }) else { return nil }
        let site = "@hasMany on \(use.model).\(use.field.name)"
        let limit = use.directive.argument("limit")?.value.intValue ?? 100
        let associated = pairedBelongsTo(of: use)
        if let references = use.directive.stringList("references") {
            guard checkReferences(references, on: child, keyOf: parent, site: site, at: use.directive.location) else {
                return nil
            }
            let indexName = "gsi-\(use.model).\(use.field.name)"
            addIndex(indexName, keys: references, to: child.name)
            return ModelRelationship(
                kind: .hasMany, relatedModel: child.name, foreignKeyHolder: .relatedModel, foreignKeyFields: references,
                indexName: indexName, associatedField: associated, keySource: .references(references), limit: limit)
        }
        if let fields = use.directive.stringList("fields") {
            let indexName = use.directive.string("indexName")
            let keys: [String]
            if let indexName {
                guard let index = child.indexes.first(where: { $0.name == indexName }) else {
                    log.error(
                        "\(site): Index \(indexName) does not exist for model \(child.name)", at: use.directive.location
                    )
                    return nil
                }
                keys = index.fields
            } else {
                keys = child.primaryKey.fields
            }
            guard checkFields(fields, of: parent, against: keys, of: child, site: site, at: use.directive.location)
            else {
                return nil
            }
            return ModelRelationship(
                kind: .hasMany, relatedModel: child.name, foreignKeyHolder: .relatedModel,
                foreignKeyFields: Array(keys.prefix(fields.count)), indexName: indexName, associatedField: associated,
                keySource: .fields(fields), limit: limit)
        }
        let keys = implicitForeignKeys(
            owner: use.model, field: use.field, keyOf: parent, required: use.field.type.isNonNull)
        for key in keys { addForeignKey(key, to: child.name) }
        if let indexName = use.directive.string("indexName") {
            // Transformer v2 still adds the implicit keys, but queries the named index with this
            // model's primary key instead of creating `gsi-Parent.field`.
            guard let index = child.indexes.first(where: { $0.name == indexName }) else {
                log.error(
                    "\(site): Index \(indexName) does not exist for model \(child.name)", at: use.directive.location)
                return nil
            }
            return ModelRelationship(
                kind: .hasMany, relatedModel: child.name, foreignKeyHolder: .relatedModel,
                foreignKeyFields: Array(index.fields.prefix(parent.primaryKey.fields.count)), indexName: indexName,
                associatedField: associated, keySource: .primaryKey, limit: limit)
        }
        let indexName = "gsi-\(use.model).\(use.field.name)"
        addIndex(indexName, keys: keys.map(\.name), to: child.name)
        return ModelRelationship(
            kind: .hasMany, relatedModel: child.name, foreignKeyHolder: .relatedModel,
            foreignKeyFields: keys.map(\.name),
            indexName: indexName, associatedField: associated, keySource: .implicit, limit: limit)
    }

    // MARK: @hasOne

    private mutating func resolveHasOne(_ use: RelationUse, related: Model) -> ModelRelationship? {
        guard let parent = modelPosition(use.model).map({ models[$0] }) else { return nil }
        let site = "@hasOne on \(use.model).\(use.field.name)"
        let associated = pairedBelongsTo(of: use)
        if let references = use.directive.stringList("references") {
            guard checkReferences(references, on: related, keyOf: parent, site: site, at: use.directive.location) else {
                return nil
            }
            let indexName = "gsi-\(use.model).\(use.field.name)"
            addIndex(indexName, keys: references, to: related.name)
            return ModelRelationship(
                kind: .hasOne, relatedModel: related.name, foreignKeyHolder: .relatedModel,
                foreignKeyFields: references,
                indexName: indexName, associatedField: associated, keySource: .references(references))
        }
        if let fields = use.directive.stringList("fields") {
            guard
                checkFields(
                    fields, of: parent, against: related.primaryKey.fields, of: related, site: site,
                    at: use.directive.location)
            else { return nil }
            return ModelRelationship(
                kind: .hasOne, relatedModel: related.name, foreignKeyHolder: .thisModel, foreignKeyFields: fields,
                associatedField: associated, keySource: .fields(fields))
        }
        let keys = implicitForeignKeys(
            owner: use.model, field: use.field, keyOf: related, required: use.field.type.isNonNull)
        for key in keys { addForeignKey(key, to: use.model) }
        return ModelRelationship(
            kind: .hasOne, relatedModel: related.name, foreignKeyHolder: .thisModel, foreignKeyFields: keys.map(\.name),
            associatedField: associated, keySource: .implicit)
    }

    // MARK: @belongsTo

    private mutating func resolveBelongsTo(_ use: RelationUse, parent: Model) -> ModelRelationship? {
        guard let child = modelPosition(use.model).map({ models[$0] }) else { return nil }
        let site = "@belongsTo on \(use.model).\(use.field.name)"
        guard
            let paired = relations.first(where: {
                $0.model == parent.name && $0.field.type.namedType == use.model
                    && ($0.kind == .hasMany || $0.kind == .hasOne)
            })
        else {
            log.error(
                "\(site): \(parent.name) must have a relationship with \(use.model) in order to use @belongsTo; add a "
                    + "@hasMany or @hasOne field of type \(use.model) to \(parent.name), or use @hasOne here",
                at: use.directive.location)
            return nil
        }
        let pairedRelationship = parent.field(named: paired.field.name)?.relationship
        let references = use.directive.stringList("references")
        let pairedReferences = paired.directive.stringList("references")
        if (references != nil || pairedReferences != nil) && references != pairedReferences {
            log.error(
                "\(site): Expected @\(paired.kind.rawValue) in \(parent.name).\(paired.field.name) to match @belongsTo in "
                    + "\(use.model).\(use.field.name): both need the same references:",
                at: use.directive.location)
            return nil
        }
        if let references {
            return ModelRelationship(
                kind: .belongsTo, relatedModel: parent.name, foreignKeyHolder: .thisModel, foreignKeyFields: references,
                associatedField: paired.field.name, keySource: .references(references))
        }
        if let fields = use.directive.stringList("fields") {
            guard
                checkFields(
                    fields, of: child, against: parent.primaryKey.fields, of: parent, site: site,
                    at: use.directive.location)
            else { return nil }
            return ModelRelationship(
                kind: .belongsTo, relatedModel: parent.name, foreignKeyHolder: .thisModel, foreignKeyFields: fields,
                associatedField: paired.field.name, keySource: .fields(fields))
        }
        let keys: [String]
        if paired.kind == .hasMany, pairedRelationship?.keySource == .primaryKey {
            // An `indexName:`-only @hasMany reads its index, but its implicit keys are what this side holds.
            keys = implicitForeignKeys(
                owner: parent.name, field: paired.field, keyOf: parent, required: paired.field.type.isNonNull
            ).map(\.name)
        } else if paired.kind == .hasMany {
            // The @hasMany already added (or named) the key fields on this model.
            keys = pairedRelationship?.foreignKeyFields ?? []
        } else {
            let implicit = implicitForeignKeys(
                owner: use.model, field: use.field, keyOf: parent, required: use.field.type.isNonNull)
            for key in implicit { addForeignKey(key, to: use.model) }
            keys = implicit.map(\.name)
        }
        return ModelRelationship(
            kind: .belongsTo, relatedModel: parent.name, foreignKeyHolder: .thisModel, foreignKeyFields: keys,
            associatedField: paired.field.name, keySource: .implicit)
    }

    // MARK: Keys and checks

    /// The `@belongsTo` field of the related model that pairs with a `@hasMany`/`@hasOne`, if any.
    private func pairedBelongsTo(of use: RelationUse) -> String? {
        relations.first {
            $0.kind == .belongsTo && $0.model == use.field.type.namedType && $0.field.type.namedType == use.model
        }?.field.name
    }

    /// `blogPostsId` (+ one per sort key): the keys a relationship without `fields:` adds, typed
    /// after the key they point to.
    private func implicitForeignKeys(owner: String, field: FieldDefinition, keyOf target: Model, required: Bool)
        -> [ModelField]
    {
        let respectsKeys = options.respectsPrimaryKeyAttributesOnConnectionField
        let partition = target.primaryKey.partitionKey
        let partitionField = target.field(named: partition)
        let partitionType = respectsKeys ? (partitionField?.typeName ?? "ID") : "ID"
        var keys = [
            ModelField(
                name: GeneratedNames.foreignKey(
                    model: owner, field: field.name, keyField: respectsKeys ? partition : "id"),
                type: required ? .nonNull(.named(partitionType)) : .named(partitionType),
                kind: respectsKeys ? (partitionField?.kind ?? .scalar(.id)) : .scalar(.id), origin: .foreignKey)
        ]
        for sortKey in target.primaryKey.sortKeyFields {
            guard let sortField = target.field(named: sortKey) else { continue }
            keys.append(
                ModelField(
                    name: NameCase.camelCase([owner, field.name, sortKey]),
                    type: required ? .nonNull(.named(sortField.typeName)) : .named(sortField.typeName),
                    kind: sortField.kind, origin: .foreignKey))
        }
        return keys
    }

    private mutating func addForeignKey(_ key: ModelField, to modelName: String) {
        guard let position = modelPosition(modelName), models[position].field(named: key.name) == nil else { return }
        models[position].fields.append(key)
    }

    private mutating func addIndex(_ name: String, keys: [String], to modelName: String) {
        guard let position = modelPosition(modelName), let partition = keys.first,
            !models[position].indexes.contains(where: { $0.name == name })
        else { return }
        models[position].indexes.append(
            ModelIndex(name: name, partitionKey: partition, sortKeyFields: Array(keys.dropFirst())))
    }

    /// `fields:` name scalar or enum fields of `model` whose types match the key they point to, with
    /// no partial sort key.
    private mutating func checkFields(
        _ fields: [String], of model: Model, against keys: [String], of target: Model, site: String,
        at location: SourceLocation
    ) -> Bool {
        var valid = true
        for name in fields {
            guard let field = model.field(named: name) else {
                log.error("\(site): \(name) is not a field in \(model.name)", at: location)
                valid = false
                continue
            }
            if !field.isScalarOrEnum || field.isList {
                log.error(
                    "\(site): All fields provided to the directive must be scalar or enum fields (\(name) is not)",
                    at: location)
                valid = false
            }
        }
        guard valid else { return false }
        if fields.count > keys.count || (fields.count > 1 && fields.count != keys.count) {
            log.error(
                "\(site): Partial sort keys are not accepted; give \(keys.count == 1 ? "one field" : "1 or \(keys.count) fields") "
                    + "for the key \(keys.joined(separator: ", ")) of \(target.name)",
                at: location)
            return false
        }
        for (name, keyName) in zip(fields, keys) {
            guard let field = model.field(named: name), let key = target.field(named: keyName) else { continue }
            if field.typeName != key.typeName {
                log.error("\(site): \(name) field is not of type \(key.typeName)", at: location)
                valid = false
            }
        }
        return valid
    }

    /// `references:` name scalar or enum fields of the model holding the key, one per key field of
    /// the referenced model, with matching types (`ID` and `String` match each other).
    private mutating func checkReferences(
        _ references: [String], on holder: Model, keyOf target: Model, site: String, at location: SourceLocation
    ) -> Bool {
        guard references.count == target.primaryKey.fields.count else {
            log.error(
                "\(site): The number of references provided must match the number of primary keys on \(target.name) "
                    + "(\(target.primaryKey.fields.count))",
                at: location)
            return false
        }
        var valid = true
        for (name, keyName) in zip(references, target.primaryKey.fields) {
            guard let field = holder.field(named: name) else {
                log.error("\(site): \(name) is not a field in \(holder.name)", at: location)
                valid = false
                continue
            }
            let keyType = target.field(named: keyName)?.typeName ?? "ID"
            let equivalent: Set<String> = ["ID", "String"]
            if field.typeName != keyType && !(equivalent.contains(field.typeName) && equivalent.contains(keyType)) {
                log.error(
                    "\(site): Type mismatch between primary key field(s) of \(target.name) and reference fields of "
                        + "\(holder.name): \(keyName) is \(keyType), \(name) is \(field.typeName)",
                    at: location)
                valid = false
            }
        }
        return valid
    }
}
