import GraphQLLanguage

/// Amplify's GraphQL Transformer v2 in Swift: turns an `@model` schema into a ``ModelCatalog`` and
/// the AppSync schema it deploys, or into diagnostics that say what to fix and where.
package enum ModelTransformer {
    /// Transforms `source`; `fileName` prefixes the diagnostics. Either everything is produced (with
    /// warnings about anything ignored) or a ``ModelTransformError`` lists the errors.
    package static func transform(
        _ source: String, fileName: String? = nil, options: TransformOptions = TransformOptions()
    ) throws(ModelTransformError) -> ModelTransformOutput {
        var log = DiagnosticLog(fileName: fileName)
        let document: Document
        do {
            document = try Parser.parse(source)
        } catch {
            log.error(error.message, at: error.location)
            throw ModelTransformError(diagnostics: log.sorted)
        }
        var builder = CatalogBuilder(options: options, fileName: fileName)
        guard let catalog = builder.build(document) else {
            throw ModelTransformError(diagnostics: builder.log.sorted)
        }
        log = builder.log
        var generator = AppSyncSchemaGenerator(catalog: catalog)
        let appSyncDocument = generator.generate()
        for collision in generator.output.collisions {
            log.error(
                "type \(collision.generated) has the name of a type the transform generates; rename it",
                at: collision.source.location)
        }
        for duplicate in generator.output.duplicateRootFields {
            log.error(
                "\(duplicate.root).\(duplicate.field) would be generated twice (or is declared in the schema too); "
                    + "rename a model or set the name with @model(queries:mutations:subscriptions:) or @index(queryField:)",
                at: .unknown)
        }
        do {
            _ = try Schema(document: appSyncDocument, options: .appSync)
        } catch {
            // A schema the transform itself made invalid is a bug here, reported rather than returned.
            log.error("the generated AppSync schema is invalid (a ModelTransform bug): \(error)", at: .unknown)
        }
        guard !log.hasErrors else { throw ModelTransformError(diagnostics: log.sorted) }
        return ModelTransformOutput(catalog: catalog, appSyncDocument: appSyncDocument, warnings: log.sorted)
    }
}
