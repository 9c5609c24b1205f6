import GraphQLLanguage

extension ModelRequestBuilder {
    /// `query PostsByCategory($category: String!, $rating: ModelIntKeyConditionInput,
    /// $sortDirection: ModelSortDirection, $filter: ModelPostFilterInput, $limit: Int,
    /// $nextToken: String) { postsByCategory(…) { items { … } nextToken } }`.
    static func indexQueryRequest<M: Model>(
        for type: M.Type, index: ModelIndexQuery<M>, partitionKey: JSONValue, sortKey: ModelKeyCondition?,
        sortDirection: ModelSortDirection?, filter: JSONValue?, limit: Int?, apiName: String?,
        authMode: AuthorizationType?, includes: [[String]]
    ) -> GraphQLRequest<List<M>> {
        let schema = type.schema
        var declared: [(name: String, type: TypeReference)] = [
            (index.partitionKey, .nonNull(.named(index.partitionKeyType)))
        ]
        if let argument = index.sortKeyArgument, let inputType = index.sortKeyInputType {
            declared.append((argument, .named(inputType)))
        }
        declared += [
            ("sortDirection", .named("ModelSortDirection")), ("filter", .named("Model\(schema.name)FilterInput")),
            ("limit", .named("Int")), ("nextToken", .named("String")),
        ]
        let document = ModelDocument.print(
            operation: .query, name: index.queryField.prefix(1).uppercased() + index.queryField.dropFirst(),
            variables: declared, field: index.queryField, arguments: declared.map(\.name),
            selectionSet: ModelSelectionSet(includedPaths: includes).listSelectionSet(for: type))
        var variables: [String: JSONValue] = [
            index.partitionKey: partitionKey, "limit": .number(Double(limit ?? defaultListLimit)),
        ]
        if let sortDirection { variables["sortDirection"] = .string(sortDirection.rawValue) }
        if let filter { variables["filter"] = filter }
        var problem: String?
        if let sortKey {
            switch sortKeyCondition(sortKey, index: index) {
            case .success(let (argument, value)): variables[argument] = value
            case .failure(let message): problem = message.text
            }
        }
        var request = GraphQLRequest(
            apiName: apiName, document: document, variables: variables, responseType: List<M>.self,
            decodePath: index.queryField, authMode: authMode)
        if let problem {
            request.fail(
                with: .operationError(
                    "The sort key condition does not fit the index \(index.indexName) of \(schema.name): \(problem).",
                    "Give one value per sort key field (\(index.sortKeyFields.joined(separator: ", "))), from the first."
                ))
        }
        return request
    }

    private struct Problem: Error { let text: String }

    /// The sort key argument and its value: `{"ge": 3}` for one sort field,
    /// `{"ge": {"disc": 1, "number": 3}}` for several.
    private static func sortKeyCondition<M>(_ condition: ModelKeyCondition, index: ModelIndexQuery<M>)
        -> Result<(String, JSONValue), Problem>
    {
        guard let argument = index.sortKeyArgument, !index.sortKeyFields.isEmpty else {
            return .failure(Problem(text: "the index has no sort key"))
        }
        var operands: [JSONValue] = []
        for values in condition.operands {
            guard !values.isEmpty, values.count <= index.sortKeyFields.count else {
                return .failure(
                    Problem(text: "\(values.count) values for \(index.sortKeyFields.count) sort key fields"))
            }
            if index.sortKeyFields.count == 1 {
                operands.append(values[0])
            } else {
                operands.append(.object(Dictionary(uniqueKeysWithValues: zip(index.sortKeyFields, values))))
            }
        }
        let value = condition.operatorName == "between" ? JSONValue.array(operands) : operands[0]
        return .success((argument, .object([condition.operatorName: value])))
    }
}
