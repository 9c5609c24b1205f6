import GraphQLLanguage

/// The AppSync schema Transformer v2 deploys for a catalog: every model's object type with its
/// timestamps, foreign keys and connection fields, `ModelXConnection`, the queries, mutations and
/// subscriptions, every input type, and the auth directives.
package enum AppSyncSchema {
    /// The schema as a document, in Amplify's order.
    package static func document(for catalog: ModelCatalog) -> Document {
        var generator = AppSyncSchemaGenerator(catalog: catalog)
        return generator.generate()
    }

    /// The schema as SDL text ending with a newline.
    package static func sdl(for catalog: ModelCatalog) -> String {
        Printer.print(document(for: catalog)) + "\n"
    }
}
