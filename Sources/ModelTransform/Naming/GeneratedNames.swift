/// The names Transformer v2 gives to what it generates for a model, in one place so that the
/// catalog builder and the schema generator agree (graphql-transformer-common's `ModelResourceIDs`
/// and transformer-core's `getFieldNameFor`).
enum GeneratedNames {
    static func get(_ model: String) -> String { NameCase.camelCase(["get", model]) }
    /// `listPosts`, from the model's plural (`Posts`).
    static func list(plural: String) -> String { NameCase.camelCase(["list", plural]) }
    static func create(_ model: String) -> String { NameCase.camelCase(["create", model]) }
    static func update(_ model: String) -> String { NameCase.camelCase(["update", model]) }
    static func delete(_ model: String) -> String { NameCase.camelCase(["delete", model]) }
    static func onCreate(_ model: String) -> String { subscriptionName(NameCase.camelCase(["onCreate", model])) }
    static func onUpdate(_ model: String) -> String { subscriptionName(NameCase.camelCase(["onUpdate", model])) }
    static func onDelete(_ model: String) -> String { subscriptionName(NameCase.camelCase(["onDelete", model])) }

    /// AppSync limits subscription names; Amplify keeps 45 characters and adds 5 hex digits of the
    /// full name's MD5.
    static func subscriptionName(_ name: String) -> String {
        guard name.count > 50 else { return name }
        return String(name.prefix(45)) + String(MD5.hexDigest(name).prefix(5))
    }

    static func connection(_ model: String) -> String { "Model\(model)Connection" }
    static func filterInput(_ model: String) -> String { NameCase.pascalCase(["Model", model, "FilterInput"]) }
    static func conditionInput(_ model: String) -> String { NameCase.pascalCase(["Model", model, "ConditionInput"]) }
    static func subscriptionFilterInput(_ model: String) -> String {
        NameCase.pascalCase(["ModelSubscription", model, "FilterInput"])
    }
    static func createInput(_ model: String) -> String { "Create\(NameCase.upperFirst(model))Input" }
    static func updateInput(_ model: String) -> String { "Update\(NameCase.upperFirst(model))Input" }
    static func deleteInput(_ model: String) -> String { "Delete\(NameCase.upperFirst(model))Input" }
    static func nonModelInput(_ type: String) -> String { "\(NameCase.upperFirst(type))Input" }

    /// `ModelStringInput`, `ModelSubscriptionIntInput`: the filter input of a scalar.
    static func scalarFilterInput(_ scalar: ModelScalar, subscription: Bool = false) -> String {
        "Model\(subscription ? "Subscription" : "")\(scalar.filterScalar.rawValue)Input"
    }
    /// `ModelStatusInput` / `ModelStatusListInput`: the filter input of an enum.
    static func enumFilterInput(_ enumName: String, list: Bool) -> String {
        "Model\(enumName)\(list ? "List" : "")Input"
    }
    /// `ModelStringKeyConditionInput`: the sort-key condition of a scalar.
    static func keyConditionInput(_ scalar: ModelScalar) -> String {
        "Model\(scalar.filterScalar.rawValue)KeyConditionInput"
    }
    /// `ModelTestPrimaryCompositeKeyConditionInput`; `keyName` is `Primary` or the index's name.
    static func compositeKeyConditionInput(_ model: String, keyName: String) -> String {
        "Model\(model)\(NameCase.upperFirst(keyName))CompositeKeyConditionInput"
    }
    static func compositeKeyInput(_ model: String, keyName: String) -> String {
        "Model\(model)\(NameCase.upperFirst(keyName))CompositeKeyInput"
    }
    /// `kindOther`: the argument that carries a composite sort-key condition.
    static func compositeSortKeyArgument(_ sortKeyFields: [String]) -> String { NameCase.camelCase(sortKeyFields) }

    /// `postsByCategoryAndCreatedAt`: the query field of an `@index` without `queryField`, from the
    /// model's plural (`Posts`).
    static func indexQueryField(plural: String, partitionKey: String, sortKeyFields: [String]) -> String {
        NameCase.lowerFirst(plural) + "By"
            + ([partitionKey] + sortKeyFields).map(NameCase.upperFirst).joined(separator: "And")
    }

    /// `blogPostsId`: the implicit foreign key that `Blog.posts @hasMany` adds to `Post` (the suffix is
    /// the related primary key's name, `Id` for the default key).
    static func foreignKey(model: String, field: String, keyField: String) -> String {
        NameCase.camelCase([model, field, keyField])
    }

    static let scalarFilterInputOrder: [ModelScalar] = [.string, .int, .float, .boolean, .id]
    static let sortDirection = "ModelSortDirection"
    static let attributeTypes = "ModelAttributeTypes"
    static let sizeInput = "ModelSizeInput"
}
