import GraphQLLanguage

/// Writes the AppSync schema for a catalog in the order Transformer v2's transformers add types:
/// the source definitions (models rewritten), the shared inputs, each model's connection, inputs
/// and root fields, then key conditions, `@index` queries, relationship inputs and auth directives.
struct AppSyncSchemaGenerator {
    let catalog: ModelCatalog
    private(set) var output = OutputDefinitions()
    private let auth: AuthDirectives
    private var seenNestedTypes: [String: Set<String>] = [:]

    init(catalog: ModelCatalog) {
        self.catalog = catalog
        self.auth = AuthDirectives(settings: catalog.authorization)
    }

    mutating func generate() -> Document {
        emitSourceDefinitions()
        if !catalog.models.isEmpty {
            for type in SharedInputs.all { output.add(type) }
        }
        for model in catalog.models { emitModelOperations(model) }
        for model in catalog.models where model.primaryKey.isExplicit {
            emitKeyConditions(model: model, sortKeyFields: model.primaryKey.sortKeyFields, keyName: "Primary")
        }
        for model in catalog.models { emitIndexes(model) }
        for model in catalog.models { emitRelationshipInputs(model) }
        for model in catalog.models { applyAuthDirectives(model) }
        return Document(definitions: output.definitions)
    }

    // MARK: Source definitions

    /// Models and passed-through definitions in source order; join models, which Amplify appends to
    /// the document, last.
    private mutating func emitSourceDefinitions() {
        enum Item {
            case model(Model)
            case passthrough(Definition)
        }
        var items: [(offset: Int, item: Item)] = catalog.models.filter { !$0.isJoinModel }.map {
            ($0.location.offset, .model($0))
        }
        items += catalog.passthroughDefinitions.map { (Self.location(of: $0).offset, .passthrough($0)) }
        for entry in items.enumerated().sorted(by: { lhs, rhs in
            lhs.element.offset == rhs.element.offset ? lhs.offset < rhs.offset : lhs.element.offset < rhs.element.offset
        }) {
            switch entry.element.item {
            case .model(let model): output.addSource(.type(ModelShapes(catalog: catalog, model: model).objectType))
            case .passthrough(let definition): output.addSource(definition)
            }
        }
        for model in catalog.models where model.isJoinModel {
            output.add(ModelShapes(catalog: catalog, model: model).objectType)
        }
    }

    static func location(of definition: Definition) -> SourceLocation {
        switch definition {
        case .type(let type), .typeExtension(let type): return type.location
        case .directive(let directive): return directive.location
        case .schema(let schema), .schemaExtension(let schema): return schema.location
        case .operation(let operation): return operation.location
        case .fragment(let fragment): return fragment.location
        }
    }

    // MARK: Model transformer

    private mutating func emitModelOperations(_ model: Model) {
        let shapes = ModelShapes(catalog: catalog, model: model)
        for field in model.fields {
            if case .embedded(let typeName) = field.kind { emitNonModelInput(typeName) }
        }
        if model.operations.list != nil {
            output.add(ModelShapes.connectionType(for: model.name))
            emitEnumFilterInputs(model)
            output.add(shapes.filterInput)
        }
        output.addRootFields("Query", shapes.queryFields)
        if model.operations.create != nil || model.operations.update != nil || model.operations.delete != nil {
            emitEnumFilterInputs(model)
            output.add(shapes.conditionInput)
            if model.operations.create != nil { output.add(shapes.createInput) }
            if model.operations.update != nil { output.add(shapes.updateInput) }
            if model.operations.delete != nil { output.add(shapes.deleteInput) }
        }
        output.addRootFields("Mutation", shapes.mutationFields)
        let hasAuthRules = !(model.authRules + model.fields.flatMap(\.authRules)).isEmpty
        if !shapes.subscriptions.isEmpty {
            emitEnumFilterInputs(model)
            output.add(shapes.subscriptionFilterInput)
            let owners =
                hasAuthRules && model.operations.subscriptionLevel == .on
                ? AuthDirectives.subscriptionOwnerArguments(for: model) : []
            output.addRootFields("Subscription", shapes.subscriptionFields(ownerArguments: owners))
        }
        if !hasAuthRules && !auth.sandboxDirectiveNames.isEmpty {
            let names = auth.sandboxDirectiveNames
            output.addDirectives(names, toType: model.name)
            for field in shapes.queryFields + shapes.mutationFields {
                let root = shapes.mutationFields.contains { $0.name == field.name } ? "Mutation" : "Query"
                addOperationDirectives(names, root: root, field: field.name, returnType: field.type.namedType)
            }
            for subscription in shapes.subscriptions {
                addOperationDirectives(names, root: "Subscription", field: subscription.name, returnType: model.name)
            }
            propagateSandboxDirectives(names, from: model.fields.map(\.typeName))
        }
    }

    private mutating func emitNonModelInput(_ typeName: String) {
        let inputName = GeneratedNames.nonModelInput(typeName)
        guard !output.contains(inputName), let type = catalog.nonModelType(named: typeName) else { return }
        let fields = type.fields.map { field -> InputValueDefinition in
            if case .embedded(let nested) = field.kind {
                return InputValueDefinition(
                    name: field.name, type: CatalogBuilder.renamed(field.type, to: GeneratedNames.nonModelInput(nested))
                )
            }
            return InputValueDefinition(name: field.name, type: field.type)
        }
        output.add(TypeDefinition(kind: .inputObject, name: inputName, inputFields: fields))
        for field in type.fields {
            if case .embedded(let nested) = field.kind { emitNonModelInput(nested) }
        }
    }

    private mutating func emitEnumFilterInputs(_ model: Model) {
        for field in model.fields {
            if case .enumeration(let enumName) = field.kind {
                output.add(SharedInputs.enumFilterInput(enumName, list: field.isList))
            }
        }
    }

    private mutating func propagateSandboxDirectives(_ names: [String], from typeNames: [String]) {
        for typeName in typeNames {
            guard let type = catalog.nonModelType(named: typeName), let written = output.type(named: typeName),
                !names.allSatisfy({ name in written.directives.contains { $0.name == name } })
            else { continue }
            output.addDirectives(names, toType: typeName)
            propagateSandboxDirectives(names, from: type.fields.map(\.typeName))
        }
    }

    // MARK: Primary key and index transformers

    private mutating func emitKeyConditions(model: Model, sortKeyFields: [String], keyName: String) {
        if sortKeyFields.count > 1 {
            output.add(SharedInputs.compositeKeyConditionInput(model: model.name, keyName: keyName))
            output.add(SharedInputs.compositeKeyInput(model: model, keyName: keyName, sortKeyFields: sortKeyFields))
        } else if let fieldName = sortKeyFields.first, let field = model.field(named: fieldName),
            let scalar = CatalogBuilder.keyScalar(field.kind)
        {
            output.add(SharedInputs.keyConditionInput(scalar))
        }
    }

    private mutating func emitIndexes(_ model: Model) {
        let shapes = ModelShapes(catalog: catalog, model: model)
        for index in model.indexes where !ModelShapes.isRelationshipIndex(index) {
            if let field = shapes.indexQueryField(index) {
                output.addRootFields("Query", [field])
                let hasAuthRules = !(model.authRules + model.fields.flatMap(\.authRules)).isEmpty
                if !hasAuthRules { output.addDirectives(auth.sandboxDirectiveNames, toField: field.name, of: "Query") }
                output.add(SharedInputs.sortDirection)
                emitEnumFilterInputs(model)
                output.add(shapes.filterInput)
                output.add(ModelShapes.connectionType(for: model.name))
            }
            emitKeyConditions(model: model, sortKeyFields: index.sortKeyFields, keyName: index.name)
        }
    }

    // MARK: Relational transformers

    private mutating func emitRelationshipInputs(_ model: Model) {
        let shapes = ModelShapes(catalog: catalog, model: model)
        for field in model.fields {
            guard let relationship = field.relationship,
                relationship.kind == .hasMany || relationship.kind == .manyToMany,
                let related = catalog.model(named: relationship.relatedModel)
            else { continue }
            output.add(ModelShapes.connectionType(for: related.name))
            output.add(SharedInputs.sortDirection)
            output.add(ModelShapes(catalog: catalog, model: related).filterInput)
            if let (keys, _) = shapes.relatedKey(relationship), keys.count == 2,
                let sortField = related.field(named: keys[1]),
                let scalar = CatalogBuilder.keyScalar(sortField.kind)
            {
                output.add(SharedInputs.keyConditionInput(scalar))
            }
        }
    }

    // MARK: Auth transformer

    private mutating func applyAuthDirectives(_ model: Model) {
        let rules = model.authRules + model.fields.flatMap(\.authRules)
        guard !rules.isEmpty else { return }
        let shapes = ModelShapes(catalog: catalog, model: model)
        let modes = auth.modes(of: rules)
        output.addDirectives(auth.directiveNames(for: modes, includesDefault: false), toType: model.name)
        let connection = GeneratedNames.connection(model.name)
        func names(_ operation: AuthRule.Operation) -> [String] {
            auth.operationDirectiveNames(rules: rules, operation: operation)
        }
        let operations = model.operations
        if let get = operations.get {
            addOperationDirectives(names(.get), root: "Query", field: get, returnType: model.name)
        }
        if let list = operations.list {
            addOperationDirectives(names(.list), root: "Query", field: list, returnType: connection)
        }
        for (name, operation) in [
            (operations.create, AuthRule.Operation.create), (operations.update, .update), (operations.delete, .delete),
        ] {
            guard let name else { continue }
            addOperationDirectives(names(operation), root: "Mutation", field: name, returnType: model.name)
        }
        for index in model.indexes where !ModelShapes.isRelationshipIndex(index) {
            guard let queryField = index.queryField else { continue }
            addOperationDirectives(names(.list), root: "Query", field: queryField, returnType: connection)
            addOperationDirectives(names(.get), root: "Query", field: queryField, returnType: connection)
        }
        if operations.subscriptionLevel == .on {
            for subscription in shapes.subscriptions {
                addOperationDirectives(
                    names(.listen), root: "Subscription", field: subscription.name, returnType: model.name)
            }
        }
        if let type = output.type(named: model.name) { propagateAuthDirectives(modes, through: type) }
    }

    private mutating func addOperationDirectives(_ names: [String], root: String, field: String, returnType: String) {
        guard !names.isEmpty else { return }
        output.addDirectives(names, toField: field, of: root)
        output.addDirectives(names, toType: returnType)
    }

    /// Object types without `@model` reachable from a model's fields (non-model types and the
    /// connection types of `@hasMany` fields) admit the model's modes too.
    private mutating func propagateAuthDirectives(_ modes: [AuthorizationMode], through type: TypeDefinition) {
        for field in type.fields {
            let typeName = field.type.namedType
            guard catalog.model(named: typeName) == nil, let nested = output.type(named: typeName),
                nested.kind == .object
            else { continue }
            let seen = seenNestedTypes[typeName]
            var names = auth.directiveNames(for: modes, includesDefault: seen != nil)
            if let seen { names = names.filter { !seen.contains($0) } }
            seenNestedTypes[typeName, default: []].formUnion(names)
            if !names.isEmpty || seen == nil {
                output.addDirectives(names, toType: typeName)
                if let updated = output.type(named: typeName) { propagateAuthDirectives(modes, through: updated) }
            }
        }
    }
}
