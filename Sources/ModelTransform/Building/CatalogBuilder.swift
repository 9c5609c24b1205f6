import GraphQLLanguage

/// Builds a ``ModelCatalog`` from a parsed `@model` schema in the order Transformer v2 applies its
/// transformers (model, primary key, index, has-many, has-one, many-to-many, belongs-to,
/// default value, auth), so that added fields land where Amplify puts them. Every problem becomes
/// a diagnostic; building stops before a stage whose input has errors.
struct CatalogBuilder {
    let options: TransformOptions
    var log: DiagnosticLog
    let pluralizer = Pluralizer()

    var objectTypes: [String: TypeDefinition] = [:]
    var modelDefinitions: [TypeDefinition] = []
    var nonModelDefinitions: [TypeDefinition] = []
    var enums: [ModelEnum] = []
    var passthroughDefinitions: [Definition] = []
    var declaredDirectives: Set<String> = []
    var isSandbox = false
    /// Custom scalars, already reported; fields of these types are not reported again.
    var customScalars: Set<String> = []

    var models: [Model] = []
    var modelPositions: [String: Int] = [:]
    var relations: [RelationUse] = []

    /// The relational directive uses, in schema order, waiting for every model's keys.
    struct RelationUse {
        let kind: ModelRelationship.Kind
        let model: String
        let field: FieldDefinition
        let directive: Directive
    }

    init(options: TransformOptions, fileName: String?) {
        self.options = options
        self.log = DiagnosticLog(fileName: fileName)
    }

    /// The catalog, or `nil` when `log` holds errors.
    mutating func build(_ document: Document) -> ModelCatalog? {
        collect(document.definitions)
        // Directive errors (Transformer v1 schemas above all) stop here: what follows would only
        // repeat them. Later stages tolerate the others, so that one run reports them all.
        let errorsBeforeCheck = log.diagnostics.count { $0.severity == .error }
        DirectiveChecker(objectTypes: objectTypes, declaredDirectives: declaredDirectives)
            .check(document.definitions, log: &log)
        guard log.diagnostics.count(where: { $0.severity == .error }) == errorsBeforeCheck else { return nil }
        buildModels()
        expandManyToManyRelations()
        addImplicitFields()
        resolveRelations()
        addOwnerFields()
        let nonModelTypes = buildNonModelTypes()
        guard !log.hasErrors else { return nil }
        if models.isEmpty && !passthroughDefinitions.contains(where: Self.declaresQuery) {
            log.error(
                "the schema has no @model type and no Query type, so there is no API to generate",
                at: .unknown)
            return nil
        }
        return ModelCatalog(
            models: models, enums: enums, nonModelTypes: nonModelTypes,
            authorization: AuthorizationSettings(
                defaultMode: options.defaultAuthorizationMode, additionalModes: options.additionalAuthorizationModes,
                isSandbox: isSandbox),
            passthroughDefinitions: passthroughDefinitions)
    }

    // MARK: Collecting definitions

    private mutating func collect(_ definitions: [Definition]) {
        var firstLocations: [String: SourceLocation] = [:]
        for definition in definitions {
            if case .directive(let directive) = definition, !Self.isBuiltInDirective(directive.name) {
                declaredDirectives.insert(directive.name)
            }
            guard case .type(let type) = definition else { continue }
            if let first = firstLocations[type.name] {
                log.error(
                    "There can be only one type named \"\(type.name)\" (first defined at \(first.line):\(first.column))",
                    at: type.location)
                continue
            }
            firstLocations[type.name] = type.location
            if type.kind == .object { objectTypes[type.name] = type }
        }
        var seen: Set<String> = []
        for definition in definitions {
            switch definition {
            case .type(let type):
                guard seen.insert(type.name).inserted else { continue }
                collectType(type, definition: definition)
            case .typeExtension(let type):
                if objectTypes[type.name]?.directives.contains(where: { $0.name == "model" }) == true {
                    log.error(
                        "extending the @model type \(type.name) is not supported; declare its fields in the type",
                        at: type.location)
                } else {
                    passthroughDefinitions.append(definition)
                }
            case .directive(let directive):
                // Transformer and AppSync directive declarations (pasted from Amplify's docs) are not part of the API.
                if !Self.isBuiltInDirective(directive.name) { passthroughDefinitions.append(definition) }
            case .schema(let schema), .schemaExtension(let schema):
                let renamed = schema.operationTypes.filter { $0.type != NameCase.upperFirst($0.operation.rawValue) }
                if let first = renamed.first {
                    log.error(
                        "root types must keep their default names; \(first.operation.rawValue) is \(first.type)",
                        at: first.location)
                }
            case .operation(let operation):
                log.error("an operation cannot appear in a schema", at: operation.location)
            case .fragment(let fragment):
                log.error("a fragment cannot appear in a schema", at: fragment.location)
            }
        }
    }

    /// A definition copied into the AppSync schema keeps AppSync's directives and the schema's own,
    /// not the transform's (ignored ones such as `@function` would make the schema invalid).
    func withoutTransformDirectives(_ type: TypeDefinition) -> TypeDefinition {
        func keep(_ directives: [Directive]) -> [Directive] {
            directives.filter {
                DirectiveSpec.passedThroughNames.contains($0.name) || declaredDirectives.contains($0.name)
            }
        }
        var copy = type
        copy.directives = keep(copy.directives)
        for index in copy.fields.indices {
            copy.fields[index].directives = keep(copy.fields[index].directives)
            for argument in copy.fields[index].arguments.indices {
                copy.fields[index].arguments[argument].directives = keep(
                    copy.fields[index].arguments[argument].directives)
            }
        }
        for index in copy.enumValues.indices {
            copy.enumValues[index].directives = keep(copy.enumValues[index].directives)
        }
        for index in copy.inputFields.indices {
            copy.inputFields[index].directives = keep(copy.inputFields[index].directives)
        }
        return copy
    }

    private mutating func collectType(_ type: TypeDefinition, definition original: Definition) {
        let definition = Definition.type(withoutTransformDirectives(type))
        switch type.kind {
        case .object:
            if type.directives.contains(where: { $0.name == "model" }) {
                if ["Query", "Mutation", "Subscription"].contains(type.name) {
                    log.error(
                        "'\(type.name)' is a reserved type name and cannot be a @model", at: type.location)
                    return
                }
                modelDefinitions.append(type)
            } else if ["Query", "Mutation", "Subscription"].contains(type.name) {
                passthroughDefinitions.append(definition)
            } else {
                nonModelDefinitions.append(type)
                passthroughDefinitions.append(definition)
            }
        case .enum:
            passthroughDefinitions.append(definition)
            enums.append(
                ModelEnum(
                    name: type.name, values: type.enumValues.map(\.name), description: type.description?.value,
                    location: type.location))
        case .inputObject where type.name == AmplifyInput.typeName:
            isSandbox = AmplifyInput.readsSandbox(type, log: &log)
        case .scalar:
            if ModelScalar(rawValue: type.name) == nil {
                customScalars.insert(type.name)
                log.error(
                    "AppSync has no custom scalars; use one of its scalars (AWSDateTime, AWSJSON, …) instead of \(type.name)",
                    at: type.location)
            }
        case .interface, .union, .inputObject:
            passthroughDefinitions.append(definition)
        }
    }

    static func isBuiltInDirective(_ name: String) -> Bool {
        DirectiveSpec.all[name] != nil || DirectiveSpec.passedThroughNames.contains(name)
            || DirectiveSpec.transformerV1Names.contains(name)
    }

    private static func declaresQuery(_ definition: Definition) -> Bool {
        if case .type(let type) = definition { return type.name == "Query" }
        return false
    }

    // MARK: Shared lookups

    /// Reports `name` when it cannot be a GraphQL name; `role` says what it names.
    @discardableResult
    mutating func checkName(_ name: String, role: String, at location: SourceLocation) -> Bool {
        guard NameCase.isValidName(name) else {
            log.error(
                "\(role) \"\(name)\" is not a valid GraphQL name (letters, digits and _, not starting with a digit)",
                at: location)
            return false
        }
        return true
    }

    func modelPosition(_ name: String) -> Int? { modelPositions[name] }

    func isModel(_ name: String) -> Bool { modelPositions[name] != nil }

    func isEnum(_ name: String) -> Bool { enums.contains { $0.name == name } }

    /// What a field of type `typeName` holds, or `nil` for types a model field cannot have.
    func fieldKind(_ typeName: String) -> ModelField.Kind? {
        if let scalar = ModelScalar(rawValue: typeName) { return .scalar(scalar) }
        if isEnum(typeName) { return .enumeration(typeName) }
        if isModel(typeName) { return .model(typeName) }
        if nonModelDefinitions.contains(where: { $0.name == typeName }) { return .embedded(typeName) }
        return nil
    }

    /// The scalar a key field of `kind` is stored as (enums are strings).
    static func keyScalar(_ kind: ModelField.Kind) -> ModelScalar? {
        switch kind {
        case .scalar(let scalar): return scalar
        case .enumeration: return .string
        case .embedded, .model: return nil
        }
    }
}
