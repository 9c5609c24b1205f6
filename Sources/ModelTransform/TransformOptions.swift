/// Settings that change what Transformer v2 generates for the same schema (Amplify's auth
/// configuration and feature flags). The defaults are those of a new Amplify project.
package struct TransformOptions: Sendable, Hashable {
    /// The API's default authorization mode (Amplify sandboxes use API keys).
    package var defaultAuthorizationMode: AuthorizationMode
    /// The API's additional modes; `nil` accepts whatever providers the `@auth` rules use, a list
    /// makes a rule whose provider is not configured an error.
    package var additionalAuthorizationModes: [AuthorizationMode]?
    /// Generate a query field for an `@index` without `queryField:` (`postsByCategoryAndCreatedAt`),
    /// as Amplify's `enableAutoIndexQueryNames` flag does; `queryField: null` never gets one.
    package var generatesIndexQueryFields: Bool
    /// Name and type implicit foreign keys after the related primary key (`blogPostsId` with the
    /// key's type, `postId` in join models), as `respectPrimaryKeyAttributesOnConnectionField` does;
    /// off gives the older `…Id: ID` and `postID`.
    package var respectsPrimaryKeyAttributesOnConnectionField: Bool

    /// Creates options.
    package init(
        defaultAuthorizationMode: AuthorizationMode = .apiKey, additionalAuthorizationModes: [AuthorizationMode]? = nil,
        generatesIndexQueryFields: Bool = true, respectsPrimaryKeyAttributesOnConnectionField: Bool = true
    ) {
        self.defaultAuthorizationMode = defaultAuthorizationMode
        self.additionalAuthorizationModes = additionalAuthorizationModes
        self.generatesIndexQueryFields = generatesIndexQueryFields
        self.respectsPrimaryKeyAttributesOnConnectionField = respectsPrimaryKeyAttributesOnConnectionField
    }
}
