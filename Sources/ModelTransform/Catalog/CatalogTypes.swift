import GraphQLLanguage

/// An enum declared in the schema.
public struct ModelEnum: Sendable, Hashable {
    /// The enum's name.
    public var name: String
    /// Its values, in schema order.
    public var values: [String]
    /// Its description.
    public var description: String?
    /// Where it is declared.
    public var location: SourceLocation

    /// Creates an enum.
    public init(name: String, values: [String], description: String? = nil, location: SourceLocation = .unknown) {
        self.name = name
        self.values = values
        self.description = description
        self.location = location
    }
}

/// An object type without `@model`, stored inside model items (Amplify's "non-model type").
public struct NonModelType: Sendable, Hashable {
    /// The type's name.
    public var name: String
    /// Its fields (`origin` is always `.declared`).
    public var fields: [ModelField]
    /// Its description.
    public var description: String?
    /// Where it is declared.
    public var location: SourceLocation

    /// Creates a non-model type.
    public init(name: String, fields: [ModelField], description: String? = nil, location: SourceLocation = .unknown) {
        self.name = name
        self.fields = fields
        self.description = description
        self.location = location
    }
}
