import GraphQLLanguage

/// Every GraphQL document of a run — each `.graphql` file and each `graphql("…")` literal — as
/// one document (fragments are shared across files), validated against the schema, with every
/// definition and every error traced back to its file, line and column.
struct DocumentSet {
    /// One GraphQL text: a whole `.graphql` file or one literal of a Swift file.
    struct Unit {
        /// The index of the input file it came from.
        var file: Int
        /// The GraphQL text.
        var text: String
        /// For a literal, where its characters are in the Swift file.
        var literal: SwiftGraphQLLiteral?
        /// The line of the combined document where this unit starts.
        var firstLine = 0

        /// The position in the input file of `line:column` of ``text``.
        func sourcePosition(line: Int, column: Int) -> SourcePosition {
            literal?.sourcePosition(line: line, column: column) ?? SourcePosition(line: line, column: column)
        }
    }

    let files: [CodegenInputFile]
    private(set) var units: [Unit] = []
    /// The definitions of all units, in order, parsed from the combined text.
    private(set) var document = Document(definitions: [])
    /// For each definition of ``document``, the unit it came from.
    private(set) var definitionUnits: [Int] = []

    /// Reads and parses every input, then validates the whole against `schema`.
    init(files: [CodegenInputFile], schema: Schema) throws(CodegenFailure) {
        self.files = files
        var diagnostics: [CodegenDiagnostic] = []
        for (index, file) in files.enumerated() {
            switch file.kind {
            case .graphQL:
                units.append(Unit(file: index, text: String(decoding: file.contents, as: UTF8.self)))
            case .swift:
                let scanner = SwiftLiteralScanner(file.contents)
                diagnostics += scanner.problems.map {
                    CodegenDiagnostic(path: file.path, position: $0.position, message: $0.message)
                }
                units += scanner.literals.map { Unit(file: index, text: $0.text, literal: $0) }
            }
        }
        for unit in units {
            do {
                _ = try Parser.parse(unit.text)
            } catch {
                diagnostics.append(diagnostic(unit, error.location, "Syntax Error: \(error.message)"))
            }
        }
        guard diagnostics.isEmpty else { throw CodegenFailure(diagnostics) }
        try combine()
        try validate(against: schema)
    }

    /// Parses all units as one text, each starting on a new line, and records where they start.
    private mutating func combine() throws(CodegenFailure) {
        // No operation anywhere (a schema-only target, Swift files without literals): an empty
        // document, which the parser would refuse as a syntax error.
        guard !units.isEmpty else {
            document = Document(definitions: [])
            definitionUnits = []
            return
        }
        var combined = ""
        var line = 1
        for index in units.indices {
            units[index].firstLine = line
            combined += units[index].text
            combined += "\n"
            line += Self.lineTerminators(in: units[index].text) + 1
        }
        do {
            document = try Parser.parse(combined)
        } catch {
            // Each unit parsed alone, so this cannot happen; report it rather than trust that.
            let unit = unitIndex(line: error.location.line)
            throw CodegenFailure([diagnostic(units[unit], relative(error.location, in: unit), error.message)])
        }
        definitionUnits = document.definitions.map { unitIndex(line: Self.location(of: $0).line) }
    }

    private func validate(against schema: Schema) throws(CodegenFailure) {
        var diagnostics: [CodegenDiagnostic] = []
        for error in schema.validate(document) where !Self.isUnusedFragment(error) {
            guard let first = error.locations.first(where: { $0 != .unknown }) else {
                let file = files.first?.path ?? "<input>"
                diagnostics.append(CodegenDiagnostic(path: file, message: error.message))
                continue
            }
            diagnostics.append(diagnostic(at: first, error.message))
            for other in error.locations.dropFirst() where other != .unknown {
                diagnostics.append(diagnostic(at: other, "other location of the error above", severity: .note))
            }
        }
        guard diagnostics.isEmpty else { throw CodegenFailure(diagnostics) }
    }

    /// Fragments are written to be read with `init(key:)` from other files' types, so one that no
    /// operation spreads is fine here (graphql-js's NoUnusedFragments rule does not apply).
    private static func isUnusedFragment(_ error: ValidationError) -> Bool {
        error.message.hasPrefix("Fragment \"") && error.message.hasSuffix("\" is never used.")
    }

    // MARK: Locations

    /// A diagnostic at a location of the combined document.
    func diagnostic(at location: SourceLocation, _ message: String, severity: CodegenDiagnostic.Severity = .error)
        -> CodegenDiagnostic
    {
        let unit = unitIndex(line: location.line)
        return diagnostic(units[unit], relative(location, in: unit), message, severity: severity)
    }

    /// The input file a definition of ``document`` came from.
    func file(ofDefinition index: Int) -> Int { units[definitionUnits[index]].file }

    private func diagnostic(
        _ unit: Unit, _ location: SourceLocation, _ message: String, severity: CodegenDiagnostic.Severity = .error
    ) -> CodegenDiagnostic {
        let position = unit.sourcePosition(line: location.line, column: location.column)
        return CodegenDiagnostic(path: files[unit.file].path, position: position, severity: severity, message: message)
    }

    private func relative(_ location: SourceLocation, in unit: Int) -> SourceLocation {
        SourceLocation(line: location.line - units[unit].firstLine + 1, column: location.column, offset: 0)
    }

    private func unitIndex(line: Int) -> Int {
        units.lastIndex { $0.firstLine <= line } ?? 0
    }

    private static func location(of definition: Definition) -> SourceLocation {
        switch definition {
        case .operation(let operation): operation.location
        case .fragment(let fragment): fragment.location
        default: SourceLocation(line: 1, column: 1, offset: 0)
        }
    }

    /// Line terminators as GraphQL counts them: `\n`, `\r\n` and a lone `\r`.
    private static func lineTerminators(in text: String) -> Int {
        var count = 0
        var previousWasCarriageReturn = false
        for byte in text.utf8 {
            if byte == UInt8(ascii: "\n") {
                if !previousWasCarriageReturn { count += 1 }
                previousWasCarriageReturn = false
            } else if byte == UInt8(ascii: "\r") {
                count += 1
                previousWasCarriageReturn = true
            } else {
                previousWasCarriageReturn = false
            }
        }
        return count
    }
}
