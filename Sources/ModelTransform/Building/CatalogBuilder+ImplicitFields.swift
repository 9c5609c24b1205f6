import GraphQLLanguage

extension CatalogBuilder {
    /// The fields every model gets: `id: ID!` when it declares none and has no other primary key,
    /// and the timestamp fields it does not declare.
    mutating func addImplicitFields() {
        for position in models.indices {
            var model = models[position]
            if model.primaryKey.partitionKey == "id" && model.field(named: "id") == nil {
                model.fields.append(
                    ModelField(name: "id", type: .nonNull(.named("ID")), kind: .scalar(.id), origin: .implicitID))
            }
            for name in [model.timestamps.createdAt, model.timestamps.updatedAt].compactMap({ $0 }) {
                if let declared = model.field(named: name) {
                    if declared.isList || !["String", "AWSDateTime"].contains(declared.typeName) {
                        log.warning(
                            "\(model.name).\(name) is \(declared.type), not String or AWSDateTime, so it is not set "
                                + "automatically",
                            at: declared.location)
                    }
                    continue
                }
                model.fields.append(
                    ModelField(
                        name: name, type: .nonNull(.named("AWSDateTime")), kind: .scalar(.awsDateTime),
                        origin: .timestamp))
            }
            models[position] = model
        }
    }

    /// The owner fields `@auth` owner rules read, added as `String` when the model lacks them.
    mutating func addOwnerFields() {
        for position in models.indices {
            let rules = models[position].authRules + models[position].fields.flatMap(\.authRules)
            for rule in rules where rule.strategy == .owner {
                guard let name = rule.entityField, models[position].field(named: name) == nil else { continue }
                if let similar = models[position].fields.first(where: { $0.name.lowercased() == name.lowercased() }) {
                    log.warning(
                        "the owner field \"\(name)\" of \(models[position].name) differs from \"\(similar.name)\" only in "
                            + "case; a separate \(name) field is added",
                        at: rule.location)
                }
                models[position].fields.append(
                    ModelField(name: name, type: .named("String"), kind: .scalar(.string), origin: .authorization))
            }
        }
    }

    /// Object types without `@model`, with their fields' kinds resolved.
    mutating func buildNonModelTypes() -> [NonModelType] {
        var types: [NonModelType] = []
        for definition in nonModelDefinitions {
            var fields: [ModelField] = []
            for field in definition.fields {
                let owner = "\(definition.name).\(field.name)"
                for directive in field.directives {
                    if let kind = Self.relationalDirectives[directive.name] {
                        log.error(
                            "@\(kind.rawValue) must be on a field of a @model type; \(definition.name) has no @model",
                            at: directive.location)
                    } else if ["primaryKey", "index", "default", "auth"].contains(directive.name) {
                        log.error(
                            "@\(directive.name) can only be used on fields of @model types; \(definition.name) has no @model",
                            at: directive.location)
                    }
                }
                guard let kind = kind(of: field.type, for: owner, at: field.location) else { continue }
                if case .model(let model) = kind {
                    log.error(
                        "field \(owner) has the @model type \(model); a type without @model is stored inside items "
                            + "and cannot hold a relationship",
                        at: field.location)
                    continue
                }
                fields.append(
                    ModelField(
                        name: field.name, type: field.type, kind: kind, description: field.description?.value,
                        location: field.location))
            }
            for directive in definition.directives where directive.name == "auth" {
                log.error(
                    "@auth on a type without @model is not supported; put the rules on the @model types that use "
                        + "\(definition.name)",
                    at: directive.location)
            }
            types.append(
                NonModelType(
                    name: definition.name, fields: fields, description: definition.description?.value,
                    location: definition.location))
        }
        return types
    }
}
