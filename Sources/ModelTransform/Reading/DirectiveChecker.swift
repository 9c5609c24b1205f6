import GraphQLLanguage

/// Checks every directive in an `@model` schema before anything is built: unknown directives and
/// arguments, directives in the wrong place or with wrongly shaped arguments, Transformer v1
/// directives (answered with their v2 form) and unsupported directives (refused or ignored).
struct DirectiveChecker {
    let objectTypes: [String: TypeDefinition]
    /// Directives the schema itself declares with `directive @name …`; they are passed through.
    let declaredDirectives: Set<String>

    func check(_ definitions: [Definition], log: inout DiagnosticLog) {
        for definition in definitions {
            switch definition {
            case .type(let type), .typeExtension(let type):
                if type.kind == .inputObject && type.name == AmplifyInput.typeName { continue }
                checkType(type, log: &log)
            case .schema(let schema), .schemaExtension(let schema):
                checkOther(schema.directives, site: "a schema definition", log: &log)
            default:
                continue
            }
        }
    }

    private func checkType(_ type: TypeDefinition, log: inout DiagnosticLog) {
        let migration = TransformerV1Migration(objectTypes: objectTypes)
        switch type.kind {
        case .object:
            let isModel = type.directives.contains { $0.name == "model" }
            for directive in type.directives {
                if isModel && DirectiveSpec.passedThroughNames.contains(directive.name) {
                    log.warning(
                        "ignored @\(directive.name) on the @model type \(type.name): write @auth rules and the "
                            + "transform chooses the AppSync directives",
                        at: directive.location)
                } else if directive.name == "key" {
                    log.error(migration.keyMessage(directive, on: type), at: directive.location)
                } else if directive.name == "versioned" {
                    log.error(TransformerV1Migration.versionedMessage, at: directive.location)
                } else {
                    checkUse(directive, site: .object, siteName: "type \(type.name)", log: &log)
                }
            }
            checkRepeats(type.directives, siteName: "type \(type.name)", log: &log)
            for field in type.fields {
                for directive in field.directives {
                    if isModel && DirectiveSpec.passedThroughNames.contains(directive.name) {
                        log.warning(
                            "ignored @\(directive.name) on \(type.name).\(field.name): fields of @model types take @auth "
                                + "rules, not AppSync directives",
                            at: directive.location)
                    } else if directive.name == "connection" {
                        log.error(
                            migration.connectionMessage(directive, field: field, of: type), at: directive.location)
                    } else {
                        checkUse(directive, site: .field, siteName: "field \(type.name).\(field.name)", log: &log)
                    }
                }
                checkRepeats(field.directives, siteName: "field \(type.name).\(field.name)", log: &log)
                for argument in field.arguments {
                    checkOther(argument.directives, site: "an argument", log: &log)
                }
            }
        case .interface:
            checkOther(type.directives, site: "an interface", log: &log)
            for field in type.fields { checkOther(field.directives, site: "an interface field", log: &log) }
        case .enum:
            checkOther(type.directives, site: "an enum", log: &log)
            for value in type.enumValues { checkOther(value.directives, site: "an enum value", log: &log) }
        case .inputObject:
            checkOther(type.directives, site: "an input type", log: &log)
            for field in type.inputFields { checkOther(field.directives, site: "an input field", log: &log) }
        case .union:
            checkOther(type.directives, site: "a union", log: &log)
        case .scalar:
            checkOther(type.directives, site: "a scalar", log: &log)
        }
    }

    /// Directives on places the transform never reads: only pass-through ones are allowed.
    private func checkOther(_ directives: [Directive], site: String, log: inout DiagnosticLog) {
        for directive in directives {
            if isPassedThrough(directive.name) { continue }
            if DirectiveSpec.all[directive.name] != nil || DirectiveSpec.transformerV1Names.contains(directive.name) {
                log.error("@\(directive.name) cannot be used on \(site)", at: directive.location)
            } else {
                log.error(unknownMessage(directive.name), at: directive.location)
            }
        }
    }

    private func checkUse(_ directive: Directive, site: DirectiveSpec.Site, siteName: String, log: inout DiagnosticLog)
    {
        if isPassedThrough(directive.name) { return }
        if DirectiveSpec.transformerV1Names.contains(directive.name) {
            log.error(
                "@\(directive.name) is a Transformer v1 directive and cannot be used on \(site.rawValue); Transformer v2 "
                    + "uses @primaryKey and @index for keys and @hasMany, @hasOne and @belongsTo for connections",
                at: directive.location)
            return
        }
        guard let spec = DirectiveSpec.all[directive.name] else {
            log.error(unknownMessage(directive.name), at: directive.location)
            return
        }
        guard spec.sites.contains(site) else {
            let allowed = spec.sites.map(\.rawValue).sorted().joined(separator: " or ")
            log.error(
                "@\(spec.name) cannot be used on \(site.rawValue); it belongs on \(allowed)", at: directive.location)
            return
        }
        switch spec.handling {
        case .refused(let reason):
            log.error("\(reason) (on \(siteName))", at: directive.location)
            return
        case .ignored(let reason):
            log.warning("ignored @\(spec.name) on \(siteName): \(reason)", at: directive.location)
            return
        case .transformed, .passedThrough:
            break
        }
        checkArguments(directive, spec: spec, log: &log)
    }

    private func checkArguments(_ directive: Directive, spec: DirectiveSpec, log: inout DiagnosticLog) {
        var seen: Set<String> = []
        for argument in directive.arguments {
            guard let shape = spec.arguments[argument.name] else {
                let known = spec.arguments.keys.sorted().joined(separator: ", ")
                log.error(
                    "Unknown argument \"\(argument.name)\" on @\(spec.name); it takes \(known)", at: argument.location)
                continue
            }
            if !seen.insert(argument.name).inserted {
                log.error("@\(spec.name) has argument \"\(argument.name)\" twice", at: argument.location)
            }
            if !Self.value(argument.value, fits: shape) {
                log.error(
                    "@\(spec.name)(\(argument.name):) expects \(shape.rawValue), not \(argument.value.shortDescription)",
                    at: argument.location)
            }
        }
        for required in spec.requiredArguments where directive.argument(required) == nil {
            log.error("@\(spec.name) needs the argument \"\(required)\"", at: directive.location)
        }
    }

    private func checkRepeats(_ directives: [Directive], siteName: String, log: inout DiagnosticLog) {
        var seen: Set<String> = []
        for directive in directives {
            guard let spec = DirectiveSpec.all[directive.name], !spec.isRepeatable else { continue }
            if !seen.insert(directive.name).inserted {
                log.error("@\(directive.name) may appear only once on \(siteName)", at: directive.location)
            }
        }
    }

    private func isPassedThrough(_ name: String) -> Bool {
        DirectiveSpec.passedThroughNames.contains(name) || declaredDirectives.contains(name)
    }

    private func unknownMessage(_ name: String) -> String {
        "Unknown directive @\(name); Transformer v2 schemas use @model, @primaryKey, @index, @hasMany, @hasOne, "
            + "@belongsTo, @manyToMany, @default and @auth"
    }

    static func value(_ value: Value, fits shape: DirectiveSpec.ArgumentShape) -> Bool {
        switch shape {
        case .any: return true
        case .string: return value.stringValue != nil || value.isNull
        case .stringList: return value.stringListValue != nil || value.isNull
        case .int: return value.intValue != nil
        case .object: return value.objectFields != nil || value.isNull
        case .objectList:
            if value.objectFields != nil { return true }
            guard case .list(let items) = value else { return false }
            return items.allSatisfy { $0.objectFields != nil }
        }
    }
}
