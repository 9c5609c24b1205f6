import GraphQLLanguage

/// Documents, variables and decode paths of model-based requests, per
/// `appsync-and-amplify.md` section 4: `get<Model>`, `list<Plural>`, `create/update/delete<Model>`
/// and `onCreate/onUpdate/onDelete<Model>`.
enum ModelRequestBuilder {
    /// The `limit` of `list` requests that give none.
    static let defaultListLimit = 1000

    private static func nonNull(_ name: String) -> TypeReference { .nonNull(.named(name)) }

    /// The GraphQL type of a primary-key variable, as the transformed schema declares the key field
    /// (see ``ModelSchema/graphQLTypeName(ofField:)``).
    private static func keyType(_ key: ModelFieldName, in schema: ModelSchema) -> TypeReference {
        nonNull(schema.graphQLTypeName(ofField: key) ?? "ID")
    }

    static func getRequest<M: Model>(
        for type: M.Type, identifier: [String: JSONValue], apiName: String? = nil,
        authMode: AuthorizationType? = nil, includes: [[String]] = []
    ) -> GraphQLRequest<M?> {
        let schema = type.schema
        let keys = schema.primaryKeyFieldNames
        let field = "get" + schema.name
        let document = ModelDocument.print(
            operation: .query, name: "Get" + schema.name,
            variables: keys.map { ($0, keyType($0, in: schema)) },
            field: field, arguments: keys,
            selectionSet: ModelSelectionSet(includedPaths: includes).selectionSet(for: type))
        var variables: [String: JSONValue] = [:]
        for key in keys { variables[key] = identifier[key] ?? .null }
        return GraphQLRequest(
            apiName: apiName, document: document, variables: variables, responseType: M?.self, decodePath: field,
            authMode: authMode)
    }

    static func listRequest<M: Model>(
        for type: M.Type, filter: JSONValue?, limit: Int?, apiName: String? = nil,
        authMode: AuthorizationType? = nil, includes: [[String]] = []
    ) -> GraphQLRequest<List<M>> {
        let schema = type.schema
        let plural = schema.resolvedListPluralName
        let field = "list" + plural
        let document = ModelDocument.print(
            operation: .query, name: "List" + plural,
            variables: [
                ("filter", .named("Model\(schema.name)FilterInput")), ("limit", .named("Int")),
                ("nextToken", .named("String")),
            ],
            field: field, arguments: ["filter", "limit", "nextToken"],
            selectionSet: ModelSelectionSet(includedPaths: includes).listSelectionSet(for: type))
        var variables: [String: JSONValue] = ["limit": .number(Double(limit ?? defaultListLimit))]
        if let filter { variables["filter"] = filter }
        return GraphQLRequest(
            apiName: apiName, document: document, variables: variables, responseType: List<M>.self,
            decodePath: field, authMode: authMode)
    }

    static func mutationRequest<M: Model>(
        _ model: M, kind: ModelMutationInput.Kind, condition: (any QueryPredicate)?, apiName: String?,
        authMode: AuthorizationType?, includes: [[String]]
    ) -> GraphQLRequest<M> {
        let (document, field) = mutationDocument(
            for: M.self, kind: kind, hasCondition: condition != nil, includes: includes)
        let variables = MutationVariables(
            input: Result { try ModelMutationInput.input(for: model, kind: kind) },
            condition: condition?.graphQLFilter(for: M.schema))
        return GraphQLRequest(
            apiName: apiName, document: document, variables: variables, responseType: M.self, decodePath: field,
            authMode: authMode)
    }

    /// `mutation CreatePost($input: CreatePostInput!, $condition: ModelPostConditionInput) { … }` and
    /// its root field: a mutation's document depends on the model type only, not on the item.
    static func mutationDocument<M: Model>(
        for type: M.Type, kind: ModelMutationInput.Kind, hasCondition: Bool, includes: [[String]]
    ) -> (document: String, field: String) {
        let schema = type.schema
        let verb: String
        switch kind {
        case .create: verb = "create"
        case .update: verb = "update"
        case .delete: verb = "delete"
        }
        let capitalized = verb.prefix(1).uppercased() + verb.dropFirst()
        let field = verb + schema.name
        var variableList: [(name: String, type: TypeReference)] = [
            ("input", nonNull("\(capitalized)\(schema.name)Input"))
        ]
        if hasCondition { variableList.append(("condition", .named("Model\(schema.name)ConditionInput"))) }
        let document = ModelDocument.print(
            operation: .mutation, name: capitalized + schema.name, variables: variableList, field: field,
            arguments: variableList.map(\.name),
            selectionSet: ModelSelectionSet(includedPaths: includes).selectionSet(for: type))
        return (document, field)
    }

    static func subscriptionRequest<M: Model>(
        of type: M.Type, kind: GraphQLSubscriptionType, filter: JSONValue? = nil, apiName: String?,
        authMode: AuthorizationType?, includes: [[String]]
    ) -> GraphQLRequest<M> {
        let schema = type.schema
        let field = kind.rawValue + schema.name
        let operationName = kind.rawValue.prefix(1).uppercased() + kind.rawValue.dropFirst() + schema.name
        let variables: [(name: String, type: TypeReference)] =
            filter == nil ? [] : [("filter", .named("ModelSubscription\(schema.name)FilterInput"))]
        let document = ModelDocument.print(
            operation: .subscription, name: operationName, variables: variables, field: field,
            arguments: variables.map(\.name),
            selectionSet: ModelSelectionSet(includedPaths: includes).selectionSet(for: type))
        guard let filter else {
            return GraphQLRequest(
                apiName: apiName, document: document, variables: nil, responseType: M.self, decodePath: field,
                authMode: authMode)
        }
        var request = GraphQLRequest(
            apiName: apiName, document: document, variables: ["filter": filter], responseType: M.self,
            decodePath: field, authMode: authMode)
        if let (key, path) = SubscriptionFilterCheck.unsupported(in: filter) {
            request.fail(
                with: .operationError(
                    "AppSync subscription filters have no `\(key)` (at \(path) of the subscription's filter).",
                    "Combine conditions with && and ||, or filter the events after they arrive."))
        }
        return request
    }
}

/// What AppSync's subscription filters cannot express: `ModelSubscription…FilterInput` has no `not`
/// and its operator inputs no `attributeExists`.
enum SubscriptionFilterCheck {
    /// The first unsupported key of `filter` and where it is, or `nil` when AppSync accepts it.
    static func unsupported(in value: JSONValue, path: String = "filter") -> (key: String, path: String)? {
        switch value {
        case .object(let members):
            for key in members.keys.sorted() {
                if key == "not" || key == "attributeExists" { return (key, path) }
                if let found = unsupported(in: members[key] ?? .null, path: "\(path).\(key)") { return found }
            }
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                if let found = unsupported(in: element, path: "\(path)[\(index)]") { return found }
            }
        default:
            break
        }
        return nil
    }
}

/// The variables of a mutation. Encoding the model happens when the request is built; a model
/// that cannot be encoded makes the request fail before any network I/O (through
/// `GraphQLRequest`'s `Encodable` variables initializer), never a crash.
private struct MutationVariables: Encodable {
    let input: Result<[String: JSONValue], any Error>
    let condition: JSONValue?

    private enum CodingKeys: String, CodingKey { case input, condition }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(input.get(), forKey: .input)
        try container.encodeIfPresent(condition, forKey: .condition)
    }
}
