import GraphQLLanguage

extension CatalogBuilder {
    /// `@primaryKey(sortKeyFields:)`: at most one, on a non-null scalar or enum, sort keys likewise.
    mutating func readPrimaryKey(_ definition: TypeDefinition, fields: [ModelField]) -> ModelPrimaryKey {
        var key = ModelPrimaryKey(partitionKey: "id")
        var found: SourceLocation?
        for field in definition.fields {
            guard let directive = field.directives.first(where: { $0.name == "primaryKey" }) else { continue }
            if let first = found {
                log.error(
                    "type \(definition.name) may have only one @primaryKey (the first is at \(first.line):\(first.column))",
                    at: directive.location)
                continue
            }
            found = directive.location
            let sortKeyFields = directive.stringList("sortKeyFields") ?? []
            let owner = "the primary key of \(definition.name)"
            guard let partition = fields.first(where: { $0.name == field.name }) else { continue }
            checkKeyField(partition, role: owner, at: directive.location, mustBeRequired: true)
            checkSortKeyFields(
                sortKeyFields, partitionKey: field.name, in: definition.name, fields: fields, role: owner,
                at: directive.location, mustBeRequired: true)
            key = ModelPrimaryKey(partitionKey: field.name, sortKeyFields: sortKeyFields, isExplicit: true)
        }
        return key
    }

    /// `@index(name:sortKeyFields:queryField:)` on every field that has one.
    mutating func readIndexes(
        _ definition: TypeDefinition, plural: String, fields: [ModelField], primaryKey: ModelPrimaryKey
    )
        -> [ModelIndex]
    {
        var indexes: [ModelIndex] = []
        for field in definition.fields {
            for directive in field.directives where directive.name == "index" {
                let sortKeyFields = directive.stringList("sortKeyFields") ?? []
                let generated = GeneratedNames.indexQueryField(
                    plural: plural, partitionKey: field.name, sortKeyFields: sortKeyFields)
                if directive.isExplicitNull("name") {
                    log.error("@index(name:) cannot be null; leave it out to get \(generated)", at: directive.location)
                    continue
                }
                let name = directive.string("name") ?? generated
                let queryField: String?
                if directive.isExplicitNull("queryField") {
                    queryField = nil
                } else {
                    queryField = directive.string("queryField") ?? (options.generatesIndexQueryFields ? generated : nil)
                }
                let role = "index \"\(name)\" on \(definition.name)"
                if let queryField { checkName(queryField, role: "@index(queryField:)", at: directive.location) }
                // A composite sort key's input types are named after the index.
                if sortKeyFields.count > 1 && !NameCase.isValidName(name) {
                    checkName(name, role: "@index(name:) of an index with several sort keys", at: directive.location)
                }
                if indexes.contains(where: { $0.name == name }) {
                    log.error(
                        "You may only supply one @index with the name '\(name)' on type '\(definition.name)'",
                        at: directive.location)
                    continue
                }
                if primaryKey.isExplicit && field.name == primaryKey.partitionKey && primaryKey.sortKeyFields.isEmpty {
                    log.error(
                        "\(role) has the same partition key as the primary key, which is only possible when the "
                            + "primary key has a sort key",
                        at: directive.location)
                }
                if let partition = fields.first(where: { $0.name == field.name }) {
                    checkKeyField(partition, role: role, at: directive.location, mustBeRequired: false)
                }
                checkSortKeyFields(
                    sortKeyFields, partitionKey: field.name, in: definition.name, fields: fields, role: role,
                    at: directive.location, mustBeRequired: false)
                indexes.append(
                    ModelIndex(
                        name: name, partitionKey: field.name, sortKeyFields: sortKeyFields, queryField: queryField))
            }
        }
        return indexes
    }

    private mutating func checkSortKeyFields(
        _ names: [String], partitionKey: String, in model: String, fields: [ModelField], role: String,
        at location: SourceLocation, mustBeRequired: Bool
    ) {
        var seen: Set<String> = [partitionKey]
        for name in names {
            if name == partitionKey {
                log.error("\(role): field '\(name)' cannot be its own sort key", at: location)
                continue
            }
            if !seen.insert(name).inserted {
                log.error("\(role) lists the sort key field '\(name)' twice", at: location)
                continue
            }
            guard let field = fields.first(where: { $0.name == name }) else {
                log.error("Can't find field '\(name)' in \(model), but it was specified in \(role)", at: location)
                continue
            }
            checkKeyField(field, role: role, at: location, mustBeRequired: mustBeRequired)
        }
    }

    private mutating func checkKeyField(
        _ field: ModelField, role: String, at location: SourceLocation, mustBeRequired: Bool
    ) {
        guard !field.isList, let scalar = Self.keyScalar(field.kind) else {
            log.error("\(role): field '\(field.name)' must be a scalar or enum, not \(field.type)", at: location)
            return
        }
        if scalar == .boolean {
            log.error("\(role): a Boolean field ('\(field.name)') cannot be part of a key", at: location)
        }
        if mustBeRequired && !field.isRequired {
            log.error("\(role) must reference non-null fields; make '\(field.name)' \(field.type)!", at: location)
        }
    }

    /// `@default(value:)`: scalar and enum fields only, with a value of the field's type.
    mutating func readDefault(_ directive: Directive, field: ModelField, owner: String) -> String? {
        guard let value = directive.string("value") else {
            log.error("@default(value:) on \(owner) needs a string value", at: directive.location)
            return nil
        }
        guard !field.isList, field.isScalarOrEnum else {
            log.error(
                "@default can only be used on scalar and enum fields, not on \(owner): \(field.type)",
                at: directive.location)
            return nil
        }
        let fits: Bool
        switch field.kind {
        case .enumeration(let name):
            fits = enums.first { $0.name == name }?.values.contains(value) ?? false
        case .scalar(.int), .scalar(.awsTimestamp):
            fits = Int(value) != nil
        case .scalar(.float):
            fits = Double(value) != nil
        case .scalar(.boolean):
            fits = value == "true" || value == "false"
        default:
            fits = true
        }
        if !fits {
            log.error(
                "Default value \"\(value)\" is not a valid \(field.typeName) for \(owner)", at: directive.location)
            return nil
        }
        return value
    }
}
