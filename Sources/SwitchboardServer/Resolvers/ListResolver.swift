/// `listXs(filter, limit, nextToken)`: a scan of the table in key order; with `@primaryKey`
/// also `(partitionKey, sortKeyCondition, sortDirection)`, which turn it into a query of one
/// partition, with Amplify's argument checks.
struct ListResolver: FieldResolver {
    let environment: ModelEnvironment

    func resolve(_ call: FieldCall<RequestContext>) async throws -> JSON {
        let identity = call.context.identity
        let access = try environment.access(.list, identity, field: call.info.field.name, type: call.info.parentType)
        let key = environment.layout.primaryKey
        let arguments = call.arguments
        let partition = arguments[key.partitionField].flatMap { $0.isNull ? nil : $0 }
        let sortArgument = PageReader.sortConditionArgument(of: call.info.field)
        if arguments["sortDirection"].map({ !$0.isNull }) == true {
            guard key.hasSort else {
                throw AppSyncErrors.invalidArguments(
                    "sortDirection is not supported for List operations without a Sort key defined.")
            }
            guard partition != nil else {
                throw AppSyncErrors.invalidArguments(
                    "When providing argument 'sortDirection' you must also provide argument '\(key.partitionField)'.")
            }
        }
        var condition: SortKeyCondition?
        if let sortArgument, let value = arguments[sortArgument], !value.isNull {
            guard partition != nil else {
                throw AppSyncErrors.invalidArguments(
                    key.sortFields.count > 1
                        ? "When providing argument '\(sortArgument)' you must also provide '\(key.partitionField)'."
                        : "When providing argument '\(sortArgument)' you must also provide arguments \(key.partitionField)"
                )
            }
            condition = try KeyConditionArgument.condition(value, sortFields: key.sortFields, argument: sortArgument)
        }
        let query = KeyQuery(
            table: environment.model.name, partition: partition, sortCondition: condition,
            ascending: PageReader.ascending(arguments), limit: 100)
        let keyFields = (partition == nil ? [] : [key.partitionField]) + (condition == nil ? [] : key.sortFields)
        return try await PageReader(environment: environment).read(
            query, arguments: arguments, access: access, identity: identity, keyFields: keyFields)
    }
}
