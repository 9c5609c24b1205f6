import GraphQLLanguage

/// One entry of a response's `errors`, in AppSync's shape: `message`, `locations`, `path`, and for
/// errors a resolver raised, `errorType`, `errorInfo` and `data`.
struct ExecutionError: Error, Sendable, Hashable {
    /// What went wrong, for the client developer.
    var message: String
    /// Where in the document (the field, or the variable definition).
    var locations: [SourceLocation]
    /// The response path of the field; `nil` for errors raised before execution began.
    var path: [PathComponent]?
    /// AppSync's `errorType` (`DynamoDB:ConditionalCheckFailedException`, `Unauthorized`, …).
    var errorType: String?
    /// AppSync's `errorInfo`; written as `null` when the error has an `errorType`.
    var errorInfo: JSON?
    /// AppSync's `data`; written as `null` when the error has an `errorType`.
    var data: JSON?

    /// Creates an error.
    init(
        _ message: String, errorType: String? = nil, locations: [SourceLocation] = [], path: [PathComponent]? = nil,
        errorInfo: JSON? = nil, data: JSON? = nil
    ) {
        self.message = message
        self.errorType = errorType
        self.locations = locations
        self.path = path
        self.errorInfo = errorInfo
        self.data = data
    }

    /// The error as AppSync writes it: `path`, `data`, `errorType`, `errorInfo`, `locations`,
    /// `message` for resolver errors; `path`, `locations`, `message` for the others.
    var json: JSON {
        var object = JSONObject()
        object.append("path", path.map { .array($0.map(\.json)) } ?? .null)
        if let errorType {
            object.append("data", data ?? .null)
            object.append("errorType", .string(errorType))
            object.append("errorInfo", errorInfo ?? .null)
        }
        let known = locations.filter { $0 != .unknown }
        object.append(
            "locations",
            known.isEmpty
                ? .null
                : .array(
                    known.map { location in
                        .object(["line": .int(location.line), "column": .int(location.column), "sourceName": .null])
                    }))
        object.append("message", .string(message))
        return .object(object)
    }
}

/// One step of a response path: an object key or a list index.
enum PathComponent: Sendable, Hashable, CustomStringConvertible {
    /// A response key (alias or field name).
    case key(String)
    /// A list index.
    case index(Int)

    var json: JSON {
        switch self {
        case .key(let key): return .string(key)
        case .index(let index): return .int(index)
        }
    }

    /// `/key` or `[index]`, as graphql-java writes paths in messages.
    var description: String {
        switch self {
        case .key(let key): return "/" + key
        case .index(let index): return "[\(index)]"
        }
    }
}
