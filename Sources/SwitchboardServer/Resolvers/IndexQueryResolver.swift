/// `@index(queryField:)` queries (`postsByCategory(category, createdAt, sortDirection, filter,
/// limit, nextToken)`): one partition of the index in sort-key order.
struct IndexQueryResolver: FieldResolver {
    let environment: ModelEnvironment
    let index: String

    func resolve(_ call: FieldCall<RequestContext>) async throws -> JSON {
        let identity = call.context.identity
        let access = try environment.access(.list, identity, field: call.info.field.name, type: call.info.parentType)
        guard let key = environment.layout.keySchema(index: index) else { return .null }
        let arguments = call.arguments
        var condition: SortKeyCondition?
        if let sortArgument = PageReader.sortConditionArgument(of: call.info.field) {
            condition = try KeyConditionArgument.condition(
                arguments[sortArgument], sortFields: key.sortFields, argument: sortArgument)
        }
        let query = KeyQuery(
            table: environment.model.name, index: index, partition: arguments[key.partitionField] ?? .null,
            sortCondition: condition, ascending: PageReader.ascending(arguments), limit: 100)
        return try await PageReader(environment: environment).read(
            query, arguments: arguments, access: access, identity: identity,
            keyFields: [key.partitionField] + (condition == nil ? [] : key.sortFields))
    }
}
