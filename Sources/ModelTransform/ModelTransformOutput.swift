import GraphQLLanguage

/// The result of a successful transform: the catalog, the AppSync schema derived from it, and any
/// warnings about what was ignored.
public struct ModelTransformOutput: Sendable, Hashable {
    /// The resolved models, enums and non-model types.
    public var catalog: ModelCatalog
    /// The AppSync schema as a document (type definitions in Amplify's order).
    public var appSyncDocument: Document
    /// Warnings about ignored directives or settings.
    public var warnings: [ModelDiagnostic]

    /// The AppSync schema as SDL text, ending with a newline.
    public var appSyncSchema: String { Printer.print(appSyncDocument) + "\n" }
}
