import GraphQLLanguage

/// What an `@model` schema describes, resolved: every model with its added fields, keys,
/// relationships and authorization rules, the enums and non-model types, and the API's
/// authorization modes. The AppSync schema, the Swift model files and the local server are all
/// derived from it.
package struct ModelCatalog: Sendable, Hashable {
    /// The models in schema order; `@manyToMany` join models come last.
    package var models: [Model]
    /// The enums in schema order.
    package var enums: [ModelEnum]
    /// The non-model object types in schema order.
    package var nonModelTypes: [NonModelType]
    /// The API's authorization modes the directives were chosen for.
    package var authorization: AuthorizationSettings
    /// Every definition other than the models, in schema order, copied into the AppSync schema as
    /// written: enums, non-model types, custom `Query`/`Mutation`/`Subscription` fields, unions,
    /// interfaces, input types and directive definitions (`input AMPLIFY` and Amplify's own
    /// directive declarations are left out).
    package var passthroughDefinitions: [Definition]

    /// The model called `name`, if any.
    package func model(named name: String) -> Model? { models.first { $0.name == name } }
    /// The enum called `name`, if any.
    package func enumeration(named name: String) -> ModelEnum? { enums.first { $0.name == name } }
    /// The non-model type called `name`, if any.
    package func nonModelType(named name: String) -> NonModelType? { nonModelTypes.first { $0.name == name } }

    /// Creates a catalog.
    package init(
        models: [Model], enums: [ModelEnum] = [], nonModelTypes: [NonModelType] = [],
        authorization: AuthorizationSettings = AuthorizationSettings(), passthroughDefinitions: [Definition] = []
    ) {
        self.models = models
        self.enums = enums
        self.nonModelTypes = nonModelTypes
        self.authorization = authorization
        self.passthroughDefinitions = passthroughDefinitions
    }
}

/// The API's authorization setup as far as the schema depends on it.
package struct AuthorizationSettings: Sendable, Hashable {
    /// The default mode: operations without auth directives admit only this one.
    package var defaultMode: AuthorizationMode
    /// The additional modes, or `nil` to accept whatever the `@auth` rules use.
    package var additionalModes: [AuthorizationMode]?
    /// Whether `input AMPLIFY { globalAuthRule: AuthRule = { allow: public } }` opens models without
    /// `@auth` to API keys (Amplify's sandbox mode).
    package var isSandbox: Bool

    /// Creates settings; by default API keys are the default mode, as in Amplify's sandboxes.
    package init(
        defaultMode: AuthorizationMode = .apiKey, additionalModes: [AuthorizationMode]? = nil, isSandbox: Bool = false
    ) {
        self.defaultMode = defaultMode
        self.additionalModes = additionalModes
        self.isSandbox = isSandbox
    }
}
