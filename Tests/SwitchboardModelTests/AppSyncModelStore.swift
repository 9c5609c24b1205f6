import Foundation
import GraphQLLanguage
import Switchboard
import SwitchboardNet

/// An in-test AppSync-style endpoint that stores items and implements `get<T>`, `list<Ts>` (filter,
/// limit, opaque `nextToken`), `@index` query fields, `create/update/delete<T>` (with conditions)
/// for the models it is told about, answering with exactly the fields each document selects.
actor AppSyncModelStore {
    struct TypeInfo: Sendable {
        let name: String
        let plural: String
        let keyFields: [String]
        /// belongsTo field → (target type, foreign-key field).
        let belongsTo: [String: (type: String, foreignKey: String)]
        /// hasMany field → (child type, the child's foreign-key field).
        var hasMany: [String: (type: String, foreignKey: String)] = [:]
        /// `@index` query field → the index's partition-key field (`postsByBlog` → `blogId`).
        var indexQueries: [String: String] = [:]
    }

    private let types: [String: TypeInfo]
    /// The most items one page returns whatever the `limit`, as AppSync stops a page at 1 MB read.
    private let pageSizeLimit: Int
    private var tables: [String: [String: [String: JSONValue]]] = [:]
    private(set) var operations: [(field: String, variables: [String: JSONValue])] = []

    init(types: [TypeInfo], pageSizeLimit: Int = .max) {
        self.types = Dictionary(uniqueKeysWithValues: types.map { ($0.name, $0) })
        self.pageSizeLimit = pageSizeLimit
    }

    /// Inserts items directly (test setup), as a table would hold them.
    func seed(_ type: String, items: [[String: JSONValue]]) {
        guard let info = types[type] else { return }
        for item in items { tables[type, default: [:]][key(of: item, info)] = item }
    }

    func operations(named field: String) -> [[String: JSONValue]] {
        operations.filter { $0.field == field }.map(\.variables)
    }

    private func key(of item: [String: JSONValue], _ info: TypeInfo) -> String {
        info.keyFields.map { item[$0]?.jsonText ?? "null" }.joined(separator: "#")
    }

    // MARK: - HTTP

    nonisolated func respond(to request: HTTPRequest) async -> HTTPResponse {
        do {
            let body = try JSONValue(parsing: Data(request.body))
            guard let query = body["query"]?.stringValue else { return .json(#"{"errors":[{"message":"no query"}]}"#) }
            let variables = body["variables"]?.objectValue ?? [:]
            let document = try Parser.parse(query)
            guard case .operation(let operation)? = document.definitions.first,
                case .field(let root)? = operation.selectionSet.selections.first
            else { return .json(#"{"errors":[{"message":"no operation"}]}"#) }
            let (value, errors) = await execute(field: root, variables: variables)
            var response: [String: JSONValue] = ["data": .object([root.name: value])]
            if !errors.isEmpty { response["errors"] = .array(errors) }
            return .json(JSONValue.object(response).jsonText)
        } catch {
            return .json(JSONValue.object(["errors": [["message": .string("\(error)")]]]).jsonText)
        }
    }

    private func execute(field: Field, variables: [String: JSONValue]) -> (JSONValue, [JSONValue]) {
        operations.append((field.name, variables))
        var arguments: [String: JSONValue] = [:]
        for argument in field.arguments {
            switch argument.value {
            case .variable(let name): arguments[argument.name] = variables[name] ?? .null
            case .string(let text, _): arguments[argument.name] = .string(text)
            default: break
            }
        }
        let selection = field.selectionSet ?? SelectionSet(selections: [])
        for verb in ["get", "create", "update", "delete"] where field.name.hasPrefix(verb) {
            guard let info = types[String(field.name.dropFirst(verb.count))] else { continue }
            return mutateOrGet(verb: verb, info: info, arguments: arguments, selection: selection, field: field.name)
        }
        if field.name.hasPrefix("list"), let info = types.values.first(where: { "list" + $0.plural == field.name }) {
            return (list(info: info, arguments: arguments, selection: selection), [])
        }
        if let info = types.values.first(where: { $0.indexQueries[field.name] != nil }),
            let partitionKey = info.indexQueries[field.name]
        {
            var keyed = arguments
            let keyFilter: JSONValue = [partitionKey: ["eq": arguments[partitionKey] ?? .null]]
            keyed["filter"] = arguments["filter"].map { ["and": [keyFilter, $0]] } ?? keyFilter
            return (list(info: info, arguments: keyed, selection: selection), [])
        }
        return (.null, [["message": .string("Unknown field \(field.name)")]])
    }

    private func mutateOrGet(
        verb: String, info: TypeInfo, arguments: [String: JSONValue], selection: SelectionSet, field: String
    ) -> (JSONValue, [JSONValue]) {
        let input = verb == "get" ? arguments : (arguments["input"]?.objectValue ?? [:])
        let itemKey = key(of: input, info)
        let existing = tables[info.name]?[itemKey]
        if let condition = arguments["condition"], !condition.isNull, verb != "get" {
            guard let existing, Self.matches(existing, condition) else {
                return (
                    .null,
                    [
                        [
                            "message": "The conditional request failed",
                            "errorType": "DynamoDB:ConditionalCheckFailedException",
                            "path": [.string(field)],
                        ]
                    ]
                )
            }
        }
        let now = JSONValue.string("2026-11-23T10:00:00.000Z")
        switch verb {
        case "get":
            return (existing.map { project($0, info: info, selection: selection) } ?? .null, [])
        case "create":
            var item = input
            item["createdAt"] = now
            item["updatedAt"] = now
            tables[info.name, default: [:]][itemKey] = item
            return (project(item, info: info, selection: selection), [])
        case "update":
            guard var item = existing else { return (.null, [["message": "not found", "path": [.string(field)]]]) }
            for (name, value) in input { item[name] = value }
            item["updatedAt"] = now
            tables[info.name]?[itemKey] = item
            return (project(item, info: info, selection: selection), [])
        default:
            guard let item = existing else { return (.null, [["message": "not found", "path": [.string(field)]]]) }
            tables[info.name]?[itemKey] = nil
            return (project(item, info: info, selection: selection), [])
        }
    }

    private func list(info: TypeInfo, arguments: [String: JSONValue], selection: SelectionSet) -> JSONValue {
        let filter = arguments["filter"] ?? .null
        let all = (tables[info.name] ?? [:]).sorted { $0.key < $1.key }.map(\.value)
            .filter { filter.isNull || Self.matches($0, filter) }
        let limit = min(arguments["limit"]?.intValue ?? 100, pageSizeLimit)
        var offset = 0
        if let token = arguments["nextToken"]?.stringValue, let data = Data(base64Encoded: token),
            let text = String(data: data, encoding: .utf8), text.hasPrefix("offset:")
        {
            offset = Int(text.dropFirst(7)) ?? 0
        }
        let page = all.dropFirst(offset).prefix(limit)
        let end = offset + page.count
        let nextToken: JSONValue =
            end < all.count ? .string(Data("offset:\(end)".utf8).base64EncodedString()) : .null
        var result: [String: JSONValue] = [:]
        for case .field(let field) in selection.selections {
            switch field.name {
            case "items":
                let items = field.selectionSet ?? SelectionSet(selections: [])
                result["items"] = .array(page.map { project($0, info: info, selection: items) })
            case "nextToken": result["nextToken"] = nextToken
            case "__typename": result["__typename"] = .string("Model\(info.name)Connection")
            default: break
            }
        }
        return .object(result)
    }

    /// The item with exactly the selected fields; belongsTo objects resolved through the foreign key.
    private func project(_ item: [String: JSONValue], info: TypeInfo, selection: SelectionSet) -> JSONValue {
        var result: [String: JSONValue] = [:]
        for case .field(let field) in selection.selections {
            if field.name == "__typename" {
                result["__typename"] = .string(info.name)
            } else if let nested = field.selectionSet, let link = info.belongsTo[field.name] {
                let target = types[link.type]
                let foreignKey = item[link.foreignKey] ?? .null
                let targetItem = target.flatMap { target in
                    tables[target.name]?.values.first { $0[target.keyFields[0]] == foreignKey }
                }
                if let target, let targetItem {
                    result[field.name] = project(targetItem, info: target, selection: nested)
                } else {
                    result[field.name] = .null
                }
            } else if let nested = field.selectionSet, let link = info.hasMany[field.name], let child = types[link.type]
            {
                let parentKey = item[info.keyFields[0]] ?? .null
                let children = (tables[child.name] ?? [:]).sorted { $0.key < $1.key }.map(\.value)
                    .filter { $0[link.foreignKey] == parentKey }
                var connection: [String: JSONValue] = [:]
                for case .field(let inner) in nested.selections {
                    switch inner.name {
                    case "items":
                        let items = inner.selectionSet ?? SelectionSet(selections: [])
                        connection["items"] = .array(children.map { project($0, info: child, selection: items) })
                    case "nextToken": connection["nextToken"] = .null
                    default: connection[inner.name] = .string("Model\(child.name)Connection")
                    }
                }
                result[field.name] = .object(connection)
            } else if let nested = field.selectionSet, case .object(let members)? = item[field.name] {
                var embedded: [String: JSONValue] = [:]
                for case .field(let inner) in nested.selections {
                    embedded[inner.name] =
                        inner.name == "__typename" ? .string("Embedded") : members[inner.name] ?? .null
                }
                result[field.name] = .object(embedded)
            } else {
                result[field.name] = item[field.name] ?? .null
            }
        }
        return .object(result)
    }

    // MARK: - Filters and conditions

    static func matches(_ item: [String: JSONValue], _ filter: JSONValue) -> Bool {
        guard case .object(let members) = filter else { return true }
        for (name, condition) in members {
            switch name {
            case "and": if !(condition.arrayValue ?? []).allSatisfy({ matches(item, $0) }) { return false }
            case "or": if !(condition.arrayValue ?? []).contains(where: { matches(item, $0) }) { return false }
            case "not": if matches(item, condition) { return false }
            default:
                for (op, operand) in condition.objectValue ?? [:] where !compare(item[name], op, operand) {
                    return false
                }
            }
        }
        return true
    }

    private static func order(_ lhs: JSONValue, _ rhs: JSONValue) -> Int? {
        switch (lhs, rhs) {
        case (.number(let a), .number(let b)): a < b ? -1 : (a == b ? 0 : 1)
        case (.string(let a), .string(let b)): a < b ? -1 : (a == b ? 0 : 1)
        default: nil
        }
    }

    private static func compare(_ value: JSONValue?, _ op: String, _ operand: JSONValue) -> Bool {
        let value = value ?? .null
        switch op {
        case "eq": return value == operand
        case "ne": return value != operand
        case "gt": return order(value, operand).map { $0 > 0 } ?? false
        case "ge": return order(value, operand).map { $0 >= 0 } ?? false
        case "lt": return order(value, operand).map { $0 < 0 } ?? false
        case "le": return order(value, operand).map { $0 <= 0 } ?? false
        case "beginsWith": return value.stringValue?.hasPrefix(operand.stringValue ?? "\u{0}") ?? false
        case "contains": return value.stringValue?.contains(operand.stringValue ?? "\u{0}") ?? false
        case "notContains": return !(value.stringValue?.contains(operand.stringValue ?? "\u{0}") ?? false)
        case "attributeExists": return (!value.isNull) == (operand.booleanValue ?? true)
        case "between":
            guard let bounds = operand.arrayValue, bounds.count == 2 else { return false }
            return (order(value, bounds[0]).map { $0 >= 0 } ?? false)
                && (order(value, bounds[1]).map { $0 <= 0 } ?? false)
        default: return false
        }
    }
}
