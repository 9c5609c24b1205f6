import GraphQLLanguage

/// The result of a successful transform: the catalog, the AppSync schema derived from it, and any
/// warnings about what was ignored.
package struct ModelTransformOutput: Sendable, Hashable {
    /// The resolved models, enums and non-model types.
    package var catalog: ModelCatalog
    /// The AppSync schema as a document (type definitions in Amplify's order).
    package var appSyncDocument: Document
    /// Warnings about ignored directives or settings.
    package var warnings: [ModelDiagnostic]

    /// The AppSync schema as SDL text, ending with a newline.
    package var appSyncSchema: String { Printer.print(appSyncDocument) + "\n" }
}
