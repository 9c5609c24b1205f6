extension ModelRequestBuilder {
    /// The resync of a model subscription: `list<Plural>` filtered on the version field since the
    /// last event (`createdAt` for `onCreate`, `updatedAt` for `onUpdate`) and on the subscription's
    /// own filter, by primary key. `onDelete` has none: a deleted item is in no list.
    static func subscriptionResync<M: Model>(
        of type: M.Type, kind: GraphQLSubscriptionType, filter: JSONValue?, includes: [[String]]
    ) -> Result<SubscriptionResync, APIError> {
        let schema = type.schema
        let versionField: String
        switch kind {
        case .onCreate: versionField = "createdAt"
        case .onUpdate: versionField = "updatedAt"
        case .onDelete:
            return .failure(
                .operationError(
                    "An onDelete subscription cannot resync: a deleted \(schema.name) is in no list to catch up from.",
                    "Subscribe without resync: true, and query the items again after a reconnect."))
        }
        guard schema.field(withName: versionField) != nil else {
            return .failure(
                .operationError(
                    "\(schema.name) has no \(versionField) field to resync from.",
                    "Keep the model's timestamps (@model(timestamps:)), or subscribe without resync: true."))
        }
        let list = listRequest(for: type, filter: nil, limit: defaultListLimit, includes: includes)
        let listFilter = filter.map(ModelSubscriptionFilter.listFilter(from:))
        let createdField = "createdAt"
        let tracksCreation = schema.field(withName: createdField) != nil
        let variables: @Sendable (String, String?) -> [String: JSONValue] = { since, nextToken in
            let changed = JSONValue.object([versionField: .object(["ge": .string(since)])])
            var variables: [String: JSONValue] = ["limit": .number(Double(defaultListLimit))]
            if let listFilter {
                variables["filter"] = .object(["and": .array([listFilter, changed])])
            } else {
                variables["filter"] = changed
            }
            if let nextToken { variables["nextToken"] = .string(nextToken) }
            return variables
        }
        // An item created and never updated since is not an update.
        var includes: (@Sendable (JSONValue) -> Bool)?
        if kind == .onUpdate && tracksCreation {
            includes = { (item: JSONValue) -> Bool in
                let created: JSONValue? = item[createdField]
                let updated: JSONValue? = item[versionField]
                return created != updated
            }
        }
        let resync = SubscriptionResync(
            document: list.document, variables: variables,
            listField: list.decodePath ?? "list" + schema.resolvedListPluralName,
            eventField: kind.rawValue + schema.name,
            keyFields: schema.primaryKeyFieldNames, versionField: versionField, includes: includes)
        return .success(resync)
    }
}

/// Subscription filters as list filters: `ModelSubscription…FilterInput` has `in` and `notIn`,
/// which `Model…FilterInput` lacks; they become `or` of `eq` and `and` of `ne`.
enum ModelSubscriptionFilter {
    static func listFilter(from filter: JSONValue) -> JSONValue {
        switch filter {
        case .array(let elements): return .array(elements.map(listFilter(from:)))
        case .object(let members):
            var converted: [String: JSONValue] = [:]
            var extra: [JSONValue] = []
            for (field, value) in members {
                if case .object(let operators) = value, let values = (operators["in"] ?? operators["notIn"])?.arrayValue
                {
                    let isIn = operators["in"] != nil
                    var rest = operators
                    rest["in"] = nil
                    rest["notIn"] = nil
                    let each = values.map { JSONValue.object([field: .object([isIn ? "eq" : "ne": $0])]) }
                    extra.append(.object([isIn ? "or" : "and": .array(each)]))
                    if !rest.isEmpty { converted[field] = .object(rest) }
                } else {
                    converted[field] = listFilter(from: value)
                }
            }
            guard !extra.isEmpty else { return .object(converted) }
            return .object(["and": .array((converted.isEmpty ? [] : [.object(converted)]) + extra)])
        default: return filter
        }
    }
}
