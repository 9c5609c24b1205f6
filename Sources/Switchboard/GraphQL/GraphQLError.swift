/// One entry of a GraphQL response's `errors` array.
///
/// AppSync's extra top-level keys (`errorType`, `errorInfo`, `data`) are moved into
/// ``extensions`` as Amplify does, so `error.extensions?["errorType"]` works for every server.
public struct GraphQLError: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// A position in the GraphQL document.
    public struct Location: Sendable, Hashable, Codable {
        /// 1-based line.
        public let line: Int
        /// 1-based column.
        public let column: Int

        /// Creates a location.
        public init(line: Int, column: Int) {
            self.line = line
            self.column = column
        }
    }

    /// The error message from the server.
    public let message: String
    /// Where in the document the error applies.
    public let locations: [Location]?
    /// The response path of the field that failed (field names and list indices).
    public let path: [JSONValue]?
    /// Server-specific details, including AppSync's `errorType`, `errorInfo` and `data`.
    public let extensions: [String: JSONValue]?

    /// Creates an error.
    public init(
        message: String,
        locations: [Location]? = nil,
        path: [JSONValue]? = nil,
        extensions: [String: JSONValue]? = nil
    ) {
        self.message = message
        self.locations = locations
        self.path = path
        self.extensions = extensions
    }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    private static let standardKeys: Set<String> = ["message", "locations", "path", "extensions"]

    /// Decodes the standard keys and folds every other key into ``extensions``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        message = try container.decodeIfPresent(String.self, forKey: Key(stringValue: "message")) ?? ""
        locations = try? container.decodeIfPresent([Location].self, forKey: Key(stringValue: "locations"))
        path = try? container.decodeIfPresent([JSONValue].self, forKey: Key(stringValue: "path"))
        var extensions =
            (try? container.decodeIfPresent([String: JSONValue].self, forKey: Key(stringValue: "extensions"))) ?? nil
        for key in container.allKeys where !Self.standardKeys.contains(key.stringValue) {
            guard let value = try? container.decode(JSONValue.self, forKey: key) else { continue }
            if extensions == nil { extensions = [:] }
            if extensions?[key.stringValue] == nil { extensions?[key.stringValue] = value }
        }
        self.extensions = extensions
    }

    /// Encodes the standard keys.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(message, forKey: Key(stringValue: "message"))
        try container.encodeIfPresent(locations, forKey: Key(stringValue: "locations"))
        try container.encodeIfPresent(path, forKey: Key(stringValue: "path"))
        try container.encodeIfPresent(extensions, forKey: Key(stringValue: "extensions"))
    }

    /// The message with its path, locations and AppSync error type, e.g.
    /// `Not Authorized to access getTodo on type Query (path: getTodo; at 1:9; Unauthorized)`.
    public var description: String {
        var details: [String] = []
        if let path, !path.isEmpty {
            details.append(
                "path: "
                    + path.map { $0.stringValue ?? $0.intValue.map(String.init) ?? $0.jsonText }.joined(separator: "."))
        }
        if let locations, !locations.isEmpty {
            details.append("at " + locations.map { "\($0.line):\($0.column)" }.joined(separator: ", "))
        }
        if let errorType = extensions?["errorType"]?.stringValue { details.append(errorType) }
        return details.isEmpty ? message : "\(message) (\(details.joined(separator: "; ")))"
    }
}
