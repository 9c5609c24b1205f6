import Foundation
import GraphQLLanguage

/// Turns a schema and operation sources into Swift: one generated file per input file (its
/// operations and fragments) and one for the schema (the enums and input objects they use).
/// The same inputs always give the same bytes.
///
/// ```swift
/// let schema = try OperationGenerator.loadSchema(path: "schema.graphqls", contents: bytes)
/// let generator = OperationGenerator(schema: schema, schemaDisplayName: "schema.graphqls")
/// let output = try generator.generate(inputs)  // output.sources[i] is the file for inputs[i]
/// ```
package struct OperationGenerator {
    /// The schema operations are validated against.
    package let schema: Schema
    /// The schema file's name for the header of the schema types file.
    package let schemaDisplayName: String
    /// Scalars, namespace and imports.
    package let configuration: CodegenConfiguration

    /// Creates a generator.
    package init(schema: Schema, schemaDisplayName: String, configuration: CodegenConfiguration = .init()) {
        self.schema = schema
        self.schemaDisplayName = schemaDisplayName
        self.configuration = configuration
    }

    /// Builds the schema from a file: introspection JSON (`{"data": {"__schema": …}}` or
    /// `{"__schema": …}`) when the path ends in `.json`, SDL otherwise. AWS AppSync's scalars and
    /// directives may be used without being declared.
    package static func loadSchema(path: String, contents: [UInt8]) throws(CodegenFailure) -> Schema {
        do {
            if path.hasSuffix(".json") { return try Schema(introspectionJSON: Data(contents)) }
            return try Schema(sdl: String(decoding: contents, as: UTF8.self), options: .appSync)
        } catch {
            let position = error.location.flatMap { $0 == .unknown ? nil : $0 }
            throw CodegenFailure([
                CodegenDiagnostic(path: path, line: position?.line, column: position?.column, message: error.message)
            ])
        }
    }

    /// What one run produces.
    package struct Output: Sendable, Equatable {
        /// The generated file of each input, in the inputs' order.
        package var sources: [String]
        /// How many operations and fragments each input defines (a Swift file may have none).
        package var definitionCounts: [Int]
        /// The schema's enums and input objects (and the namespace), for the schema's own file.
        package var schemaTypes: String
    }

    /// Generates the files for `inputs`, or fails with every problem found, each pointing at a
    /// line and column of an input.
    package func generate(_ inputs: [CodegenInputFile]) throws(CodegenFailure) -> Output {
        let documents = try DocumentSet(files: inputs, schema: schema)
        let names = try TypeNames(documents: documents, schema: schema, configuration: configuration)
        let index = SchemaIndex(schema)
        var fragments: [String: FragmentDefinition] = [:]
        for fragment in documents.document.fragments { fragments[fragment.name] = fragment }
        var builder = ShapeBuilder(
            index: index, collector: AtomCollector(fragments: fragments),
            types: SwiftTypeTable(index: index, configuredScalars: configuration.scalars),
            reservedNames: names.reserved)

        let layout = GeneratedFileLayout(configuration: configuration)
        var writers = Array(repeating: layout.writer(), count: inputs.count)
        var definitionCounts = Array(repeating: 0, count: inputs.count)
        var fileScopes = Array(repeating: layout.fileScopeWriter(), count: inputs.count)
        let qualifier = configuration.namespace.map { $0 + "." } ?? ""
        for (position, definition) in documents.document.definitions.enumerated() {
            let file = documents.file(ofDefinition: position)
            definitionCounts[file] += 1
            switch definition {
            case .operation(let operation):
                let written = self.operation(
                    operation, typeName: names.operationTypeName(operation), &builder, fragments)
                writers[file].blankLine()
                OperationWriter().write(written, into: &writers[file])
            case .fragment(let fragment):
                let data = builder.shape(named: "Data", of: fragment.selectionSet, on: fragment.typeCondition)
                let used = Self.fragmentsUsed(by: fragment.selectionSet, in: fragments).subtracting([fragment.name])
                let document = Document(
                    definitions: [.fragment(fragment)]
                        + used.sorted().compactMap { fragments[$0].map(Definition.fragment) })
                writers[file].blankLine()
                FragmentWriter(qualifier: qualifier).write(
                    name: fragment.name, typeCondition: fragment.typeCondition,
                    definition: Printer.print(document.addingTypename(schema: schema)),
                    possibleTypes: possibleTypes(in: document, builder.index), data: data, into: &writers[file],
                    fileScope: &fileScopes[file])
            default:
                break
            }
        }
        let sources = inputs.indices.map { index in
            layout.file(from: inputs[index].displayName, body: writers[index], fileScope: fileScopes[index])
        }
        return Output(
            sources: sources, definitionCounts: definitionCounts, schemaTypes: schemaTypesFile(builder.types))
    }

    private func operation(
        _ operation: OperationDefinition, typeName: String, _ builder: inout ShapeBuilder,
        _ fragments: [String: FragmentDefinition]
    ) -> OperationWriter.Operation {
        let root = schema.rootType(for: operation.operation)?.name ?? "Query"
        let data = builder.shape(named: "Data", of: operation.selectionSet, on: root)
        let variables = operation.variableDefinitions.map { definition in
            let (type, defaultValue) = builder.types.inputType(
                definition.type, hasDefault: definition.defaultValue != nil)
            return OperationWriter.Variable(name: definition.name, type: type, defaultValue: defaultValue)
        }
        let used = Self.fragmentsUsed(by: operation.selectionSet, in: fragments).sorted()
        let document = Document(
            definitions: [.operation(operation)] + used.compactMap { fragments[$0].map(Definition.fragment) })
        return OperationWriter.Operation(
            typeName: typeName, kind: operation.operation, name: operation.name ?? typeName,
            document: Printer.print(document.addingTypename(schema: schema)), variables: variables, data: data,
            possibleTypes: possibleTypes(in: document, builder.index))
    }

    /// Each type condition of `document` and the object types that satisfy it.
    private func possibleTypes(in document: Document, _ index: SchemaIndex) -> [String: Set<String>] {
        var possibleTypes: [String: Set<String>] = [:]
        for condition in Self.typeConditions(in: document) {
            possibleTypes[condition] = index.possibleTypes(of: condition)
        }
        return possibleTypes
    }

    /// The type conditions of a document's inline fragments and fragment definitions.
    static func typeConditions(in document: Document) -> Set<String> {
        var conditions: Set<String> = []
        var pending: [SelectionSet] = []
        for definition in document.definitions {
            switch definition {
            case .operation(let operation): pending.append(operation.selectionSet)
            case .fragment(let fragment):
                conditions.insert(fragment.typeCondition)
                pending.append(fragment.selectionSet)
            default: break
            }
        }
        forEachSelection(from: pending) { selection in
            if case .inlineFragment(let fragment) = selection, let condition = fragment.typeCondition {
                conditions.insert(condition)
            }
            return nil
        }
        return conditions
    }

    /// Visits every selection below `roots`, descending into fields and inline fragments, and
    /// into the selection set `visit` returns for a fragment spread it wants followed.
    private static func forEachSelection(from roots: [SelectionSet], _ visit: (Selection) -> SelectionSet?) {
        var pending = roots
        while let next = pending.popLast() {
            for selection in next.selections {
                switch selection {
                case .field(let field):
                    if let selectionSet = field.selectionSet { pending.append(selectionSet) }
                case .inlineFragment(let fragment):
                    pending.append(fragment.selectionSet)
                case .fragmentSpread:
                    break
                }
                if let more = visit(selection) { pending.append(more) }
            }
        }
    }

    /// Every fragment a selection set spreads, directly or through other fragments.
    static func fragmentsUsed(by selectionSet: SelectionSet, in fragments: [String: FragmentDefinition])
        -> Set<String>
    {
        var used: Set<String> = []
        forEachSelection(from: [selectionSet]) { selection in
            guard case .fragmentSpread(let spread) = selection, used.insert(spread.name).inserted else { return nil }
            return fragments[spread.name]?.selectionSet
        }
        return used
    }

    private func schemaTypesFile(_ types: SwiftTypeTable) -> String {
        let layout = GeneratedFileLayout(configuration: configuration)
        var writer = layout.writer()
        let typesWriter = SchemaTypesWriter(types: types)
        var enums = types.usedEnums
        var inputObjects = types.usedInputObjects
        if configuration.schemaTypesModule != nil {
            (enums, inputObjects) = ([], [])
        } else if configuration.declaresAllSchemaTypes {
            for type in schema.types.values where !type.name.hasPrefix("__") {
                if type.kind == .enum { enums.insert(type.name) }
                if type.kind == .inputObject { inputObjects.insert(type.name) }
            }
        }
        for name in enums.sorted() where !configuration.providedEnums.contains(name) {
            guard let type = schema.type(named: name) else { continue }
            writer.blankLine()
            typesWriter.writeEnum(type, into: &writer)
        }
        for name in inputObjects.sorted() {
            guard let type = schema.type(named: name) else { continue }
            writer.blankLine()
            typesWriter.writeInputObject(type, into: &writer)
        }
        return layout.file(from: schemaDisplayName, body: writer, declaresNamespace: true)
    }
}
