import GraphQLLanguage
import ModelTransform
import Testing

/// Shorthands for transforming a small schema and looking at one generated definition.
enum Transform {
    /// The output for `sdl`, failing the test (with the diagnostics) when it does not transform.
    static func output(
        _ sdl: String, options: TransformOptions = TransformOptions(),
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws -> ModelTransformOutput {
        do {
            return try ModelTransformer.transform(sdl, fileName: "schema.graphql", options: options)
        } catch {
            Issue.record("transform failed:\n\(error)", sourceLocation: sourceLocation)
            throw error
        }
    }

    /// The diagnostics for a schema that must not transform.
    static func errors(
        _ sdl: String, options: TransformOptions = TransformOptions(),
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) -> [ModelDiagnostic] {
        do {
            let output = try ModelTransformer.transform(sdl, fileName: "schema.graphql", options: options)
            Issue.record(
                "expected errors, got a schema with warnings \(output.warnings)", sourceLocation: sourceLocation)
            return []
        } catch {
            return error.diagnostics
        }
    }
}

extension ModelTransformOutput {
    /// The printed SDL of the generated type `name`, or "" when there is none.
    func printed(_ name: String) -> String {
        for definition in appSyncDocument.definitions {
            if case .type(let type) = definition, type.name == name { return Printer.print(definition) }
        }
        return ""
    }

    /// The printed root field `name` of `Query`, `Mutation` or `Subscription` (one line).
    func rootField(_ name: String) -> String {
        for root in ["Query", "Mutation", "Subscription"] {
            for line in printed(root).split(separator: "\n") where line.hasPrefix("  \(name)(") {
                return line.trimmingCharacters(in: .whitespaces)
            }
        }
        return ""
    }

    /// Whether a type called `name` was generated.
    func hasType(_ name: String) -> Bool { !printed(name).isEmpty }
}

extension ModelCatalog {
    /// The model called `name`; fails the test when it is missing.
    func require(_ name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> Model {
        try #require(model(named: name), sourceLocation: sourceLocation)
    }
}
