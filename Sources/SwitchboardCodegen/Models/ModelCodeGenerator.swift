import ModelTransform

/// Writes the Swift model files Amplify's `amplify codegen models` writes, from an `@model` schema,
/// against Switchboard's `Model`, `ModelSchema`, `List`, `LazyReference` and `ModelPath`:
/// `Post.swift` and `Post+Schema.swift` per model, one file per enum, `Location.swift` and
/// `Location+Schema.swift` per non-model type, and `AmplifyModels.swift`. The same input gives the
/// same bytes; the files pass `swift format lint --strict`.
///
/// ```swift
/// let generator = ModelCodeGenerator(options: ModelCodegenOptions(form: .lazyLoad))
/// let output = try generator.generate(schema: sdl, fileName: "schema.graphql")
/// for file in output.files { try file.contents.write(toFile: file.name, atomically: true, encoding: .utf8) }
/// ```
package struct ModelCodeGenerator: Sendable {
    /// The form and registration class name.
    package var options: ModelCodegenOptions

    /// Creates a generator.
    package init(options: ModelCodegenOptions = ModelCodegenOptions()) {
        self.options = options
    }

    /// The files and the warnings of one run.
    package struct Output: Sendable, Hashable {
        /// The files, sorted by name.
        package var files: [GeneratedModelFile]
        /// The transform's warnings and the generator's (such as a model-typed field without a
        /// relational directive, which is left out).
        package var warnings: [ModelDiagnostic]
    }

    /// Transforms `schema` (an `@model` SDL) and writes its model files; `fileName` names the schema
    /// in diagnostics and in the files' header (only its last path component is written).
    package func generate(
        schema: String, fileName: String, transformOptions: TransformOptions = TransformOptions()
    ) throws(ModelCodegenError) -> Output {
        let transformed: ModelTransformOutput
        do {
            transformed = try ModelTransformer.transform(schema, fileName: fileName, options: transformOptions)
        } catch {
            throw ModelCodegenError(diagnostics: error.diagnostics)
        }
        var output = try generate(catalog: transformed.catalog, fileName: fileName)
        output.warnings = transformed.warnings + output.warnings
        return output
    }

    /// Writes the model files of an already transformed catalog.
    package func generate(catalog: ModelCatalog, fileName: String) throws(ModelCodegenError) -> Output {
        var check = SwiftSchemaCheck(fileName: fileName)
        check.check(catalog, options: options)
        guard check.errors.isEmpty else { throw ModelCodegenError(diagnostics: check.errors) }
        var planner = SwiftModelPlanner(catalog: catalog, options: options, fileName: fileName)
        let models = planner.models()
        let embeddables = planner.embeddables()
        let enums = planner.enums()
        let schemaName = fileName.split(separator: "/").last.map(String.init) ?? fileName
        var files: [GeneratedModelFile] = []
        func file(_ name: String, imports: [String], _ write: (inout SwiftSourceWriter) -> Void) {
            var writer = SwiftSourceWriter()
            for line in GeneratedFileHeader.lines(schemaName: schemaName, options: options) { writer.line(line) }
            for module in imports { writer.line("import \(module)") }
            writer.blankLine()
            write(&writer)
            let contents = options.access == .public ? writer.text : Self.internalized(writer.text)
            files.append(GeneratedModelFile(name: name, contents: contents))
        }
        for model in models {
            let usesUUID = model.fields.contains { $0.parameterDefault(generatesID: true) == "UUID().uuidString" }
            file("\(model.name).swift", imports: usesUUID ? ["Foundation", "Switchboard"] : ["Switchboard"]) {
                ModelStructFile(model: model, options: options).write(into: &$0)
            }
            file("\(model.name)+Schema.swift", imports: ["Switchboard"]) {
                ModelSchemaFile(model: model, options: options).write(into: &$0)
            }
        }
        for type in embeddables {
            let embeddable = EmbeddableFiles(type: type)
            file("\(type.name).swift", imports: ["Switchboard"]) { embeddable.writeStruct(into: &$0) }
            file("\(type.name)+Schema.swift", imports: ["Switchboard"]) { embeddable.writeSchema(into: &$0) }
        }
        for enumeration in enums {
            file("\(enumeration.name).swift", imports: ["Switchboard"]) {
                EnumFile(enumeration: enumeration).write(into: &$0)
            }
        }
        let version = ModelSchemaVersion.hash(models: models, embeddables: embeddables, enums: enums)
        file("\(options.registryName).swift", imports: ["Switchboard"]) {
            ModelRegistryFile(name: options.registryName, version: version, models: models).write(into: &$0)
        }
        return Output(files: files.sorted { $0.name < $1.name }, warnings: planner.warnings)
    }

    /// A model file with its declarations internal: the writers put `public` only as the first
    /// word of a declaration (after `final` for the registry class), so dropping it there is
    /// exact, and the shorter lines still lay out as swift-format wants.
    static func internalized(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            let content = line.drop { $0 == " " }
            let indentation = line.prefix(line.count - content.count)
            if content.hasPrefix("public ") { return String(indentation + content.dropFirst("public ".count)) }
            if content.hasPrefix("final public ") {
                return String(indentation + "final " + content.dropFirst("final public ".count))
            }
            return String(line)
        }.joined(separator: "\n")
    }
}
