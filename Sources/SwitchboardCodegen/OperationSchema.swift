import Foundation
import GraphQLLanguage
import ModelTransform

/// The schema typed operations are generated against. An Amplify `@model` schema is not what the
/// server serves: it is transformed first (ModelTransform), so that operations are checked against
/// the AppSync schema (`getPost`, `listPosts`, `createPost`, …) and the models can be generated too.
package struct OperationSchema: Sendable {
    /// The schema operations are validated and typed against.
    package var schema: Schema
    /// The models, when the file was an `@model` schema.
    package var catalog: ModelCatalog?

    /// Reads SDL or an introspection result from `contents`; problems point into `path`.
    package static func load(path: String, contents: [UInt8]) throws(CodegenFailure) -> OperationSchema {
        if path.hasSuffix(".json") {
            return OperationSchema(schema: try OperationGenerator.loadSchema(path: path, contents: contents))
        }
        let text = String(decoding: contents, as: UTF8.self)
        guard declaresModels(text) else {
            return OperationSchema(schema: try OperationGenerator.loadSchema(path: path, contents: contents))
        }
        let transformed: ModelTransformOutput
        do {
            transformed = try ModelTransformer.transform(text, fileName: path)
        } catch {
            throw CodegenFailure(error.errors.map { Self.diagnostic($0, path: path) })
        }
        let schema = try OperationGenerator.loadSchema(
            path: path, contents: Array(transformed.appSyncSchema.utf8))
        return OperationSchema(schema: schema, catalog: transformed.catalog)
    }

    private init(schema: Schema, catalog: ModelCatalog? = nil) {
        self.schema = schema
        self.catalog = catalog
    }

    /// Whether an object type of the SDL carries `@model` (a text that does not parse is left to
    /// the schema loader, which reports where).
    private static func declaresModels(_ text: String) -> Bool {
        guard text.contains("@model"), let document = try? Parser.parse(text) else { return false }
        return document.definitions.contains { definition in
            guard case .type(let type) = definition, type.kind == .object else { return false }
            return type.directives.contains { $0.name == "model" }
        }
    }

    private static func diagnostic(_ diagnostic: ModelDiagnostic, path: String) -> CodegenDiagnostic {
        let known = diagnostic.location != .unknown
        return CodegenDiagnostic(
            path: path, line: known ? diagnostic.location.line : nil, column: known ? diagnostic.location.column : nil,
            message: diagnostic.message)
    }
}
