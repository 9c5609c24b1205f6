/// `AmplifyModels.swift`: the `AmplifyModelRegistration` class that registers every model, with
/// the version hash of the schema shape.
struct ModelRegistryFile {
    let name: String
    let version: String
    let models: [SwiftModel]

    func write(into writer: inout SwiftSourceWriter) {
        writer.line("// Contains the set of classes that conforms to the `Model` protocol.")
        writer.blankLine()
        writer.block("final public class \(name): AmplifyModelRegistration") { body in
            body.line("public let version: String = \(SwiftIdentifier.stringLiteral(version))")
            body.blankLine()
            body.block("public func registerModels(registry: ModelRegistry.Type)") { function in
                for model in models {
                    function.line("ModelRegistry.register(modelType: \(model.name).self)")
                }
            }
        }
    }
}
