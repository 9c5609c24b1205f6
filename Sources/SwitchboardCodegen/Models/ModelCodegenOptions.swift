/// How ``ModelCodeGenerator`` writes the model files: Amplify's classic form or its lazy-load form,
/// and the name of the registration class.
package struct ModelCodegenOptions: Sendable, Hashable {
    /// The shape of `belongsTo`/`hasOne` fields and what the schema files add.
    package enum Form: String, Sendable, Hashable {
        /// The related model is a stored property (`public var post: Post?`), as
        /// `amplify codegen models` writes by default.
        case classic
        /// The related model is a `LazyReference` behind an async accessor, with `setPost(_:)`, its own
        /// `Codable` conformance and `ModelPath` types for `includes:`, as Amplify writes with
        /// `generateModelsForLazyLoadAndCustomSelectionSet`.
        case lazyLoad
    }

    /// The registration class and file that registers every model (`AmplifyModels`).
    package static let defaultRegistryName = "AmplifyModels"

    /// The form; classic by default.
    package var form: Form
    /// The name of the `AmplifyModelRegistration` class (and of its file); give another name when one
    /// module holds the models of several schemas.
    package var registryName: String
    /// The access level of the models: public by default, as Amplify writes them; internal for an
    /// app target that keeps them to itself.
    package var access: GeneratedAccess

    /// Creates options.
    package init(
        form: Form = .classic, registryName: String = ModelCodegenOptions.defaultRegistryName,
        access: GeneratedAccess = .public
    ) {
        self.form = form
        self.registryName = registryName
        self.access = access
    }

    /// Whether the files are written in the lazy-load form.
    var isLazyLoad: Bool { form == .lazyLoad }
}
