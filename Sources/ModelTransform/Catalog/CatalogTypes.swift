import GraphQLLanguage

/// An enum declared in the schema.
package struct ModelEnum: Sendable, Hashable {
    /// The enum's name.
    package var name: String
    /// Its values, in schema order.
    package var values: [String]
    /// Its description.
    package var description: String?
    /// Where it is declared.
    package var location: SourceLocation

    /// Creates an enum.
    package init(name: String, values: [String], description: String? = nil, location: SourceLocation = .unknown) {
        self.name = name
        self.values = values
        self.description = description
        self.location = location
    }
}

/// An object type without `@model`, stored inside model items (Amplify's "non-model type").
package struct NonModelType: Sendable, Hashable {
    /// The type's name.
    package var name: String
    /// Its fields (`origin` is always `.declared`).
    package var fields: [ModelField]
    /// Its description.
    package var description: String?
    /// Where it is declared.
    package var location: SourceLocation

    /// Creates a non-model type.
    package init(name: String, fields: [ModelField], description: String? = nil, location: SourceLocation = .unknown) {
        self.name = name
        self.fields = fields
        self.description = description
        self.location = location
    }
}
