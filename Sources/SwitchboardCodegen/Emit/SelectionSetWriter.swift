/// Writes the struct of a ``SelectionSetShape`` and, nested in it, the structs of its fields,
/// type cases and fragments.
struct SelectionSetWriter {
    func write(_ shape: SelectionSetShape, documentation: String? = nil, into writer: inout SwiftWriter) {
        let mutable = writer.mutableData
        let base = shape.possibleTypes == nil ? (mutable ? "Codable" : "Decodable") : "GraphQLTypeCase"
        let encodable = mutable && shape.possibleTypes != nil ? ["Encodable"] : []
        let conformances =
            [base] + encodable + ["Sendable", "Equatable"] + shape.keyFragments.map { $0.fragmentName + "_Key" }
        writer.documentation(documentation)
        writer.typeDeclaration("\(writer.access)struct \(shape.name)", conformances: conformances) { writer in
            if let possibleTypes = shape.possibleTypes {
                writePossibleTypes(possibleTypes.sorted(), into: &writer)
                writer.blankLine()
            }
            writeProperties(shape, into: &writer)
            writeMemberwiseInitializer(shape, into: &writer)
            if !shape.keyFragments.isEmpty {
                writer.blankLine()
                for fragment in shape.keyFragments {
                    let property = "fragment_" + fragment.fragmentName
                    writer.declares(property)
                    writer.computedProperty(
                        "\(writer.access)var \(property): FragmentPointer",
                        "\(shape.fragmentsProperty).\(SwiftNames.member(fragment.propertyName)).fragmentPointer")
                }
            }
            if !shape.synthesizesDecoding {
                writer.blankLine()
                writeDecoder(shape, into: &writer)
            }
            if mutable {
                writer.blankLine()
                writeEncoder(shape, into: &writer)
            }
            if !shape.synthesizesDecoding, shape.hasTypename || !shape.properties.isEmpty {
                writer.blankLine()
                writeCodingKeys(shape, into: &writer)
            }
            for fieldType in shape.fieldTypes {
                writer.blankLine()
                write(fieldType, into: &writer)
            }
            for typeCase in shape.typeCases {
                writer.blankLine()
                write(typeCase.shape, into: &writer)
            }
            if !shape.fragments.isEmpty {
                writer.blankLine()
                writeFragments(shape.fragments, into: &writer)
            }
        }
    }

    private func writePossibleTypes(_ names: [String], into writer: inout SwiftWriter) {
        let quoted = names.map { "\"\($0)\"" }
        let single = "\(writer.access)static let possibleTypes: Set<String> = [" + quoted.joined(separator: ", ") + "]"
        if single.count + 8 <= SwiftWriter.lineLength {
            writer.line(single)
            return
        }
        writer.line("\(writer.access)static let possibleTypes: Set<String> = [")
        writer.indented { writer in
            for name in quoted { writer.line(name + ",") }
        }
        writer.line("]")
    }

    private func writeProperties(_ shape: SelectionSetShape, into writer: inout SwiftWriter) {
        if shape.hasTypename {
            writer.declares("__typename")
            writer.line("\(writer.access)let __typename: String")
        }
        let keyword = writer.mutableData ? "var" : "let"
        for property in shape.properties {
            writer.documentation(property.description)
            writer.declares(property.responseKey)
            writer.line(
                "\(writer.access)\(keyword) \(SwiftNames.identifier(property.responseKey)): \(property.swiftType)")
        }
        for typeCase in shape.typeCases {
            writer.declares(typeCase.propertyName)
            writer.line("\(writer.access)\(keyword) \(typeCase.propertyName): \(typeCase.shape.name)?")
        }
        if !shape.fragments.isEmpty {
            writer.declares(shape.fragmentsProperty)
            writer.line("\(writer.access)\(keyword) \(shape.fragmentsProperty): Fragments")
        }
    }

    /// `init(__typename:…)` with every stored property, optional ones defaulting to `nil` and
    /// `__typename` to the type's name when only one type can be there: what previews and tests
    /// build data with, without JSON (and, being explicit, public when the types are).
    private func writeMemberwiseInitializer(_ shape: SelectionSetShape, into writer: inout SwiftWriter) {
        var parameters: [(name: String, declaration: String)] = []
        if shape.hasTypename {
            let only = shape.scope.count == 1 ? shape.scope.first : nil
            parameters.append(("__typename", "__typename: String" + (only.map { " = \"\($0)\"" } ?? "")))
        }
        for property in shape.properties {
            let name = SwiftNames.identifier(property.responseKey)
            parameters.append((name, "\(name): \(property.swiftType)" + (property.isOptional ? " = nil" : "")))
        }
        // A field called `self` cannot be a parameter's inner name.
        parameters = parameters.map { name, declaration in
            name == "`self`" ? (name, "`self` selfValue" + declaration.dropFirst(name.count)) : (name, declaration)
        }
        for typeCase in shape.typeCases {
            parameters.append((typeCase.propertyName, "\(typeCase.propertyName): \(typeCase.shape.name)? = nil"))
        }
        if !shape.fragments.isEmpty {
            parameters.append((shape.fragmentsProperty, "\(shape.fragmentsProperty): Fragments"))
        }
        Self.writeInitializer(parameters, synthesized: shape.synthesizesDecoding, into: &writer)
    }

    /// `init(a: A, b: B? = nil) { self.a = a; self.b = b }`, with the writer's access.
    /// Nothing when the compiler synthesizes the same one: internal, no defaults, and no
    /// `init(from:)` in the struct (which would take the synthesized one away).
    static func writeInitializer(
        _ parameters: [(name: String, declaration: String)], synthesized: Bool, into writer: inout SwiftWriter
    ) {
        if writer.access.isEmpty && synthesized && !parameters.contains(where: { $0.declaration.contains(" = ") }) {
            return
        }
        writer.blankLine()
        writer.declaration("\(writer.access)init", parameters.map(\.declaration))
        writer.indented { writer in
            for parameter in parameters {
                let value = parameter.name == "`self`" ? "selfValue" : parameter.name
                writer.line("self.\(parameter.name) = \(value)")
            }
        }
        writer.line("}")
    }

    private func writeDecoder(_ shape: SelectionSetShape, into writer: inout SwiftWriter) {
        writer.block("\(writer.access)init(from decoder: any Decoder) throws") { writer in
            if shape.hasTypename || !shape.properties.isEmpty {
                writer.line("let container = try decoder.container(keyedBy: CodingKeys.self)")
            }
            if shape.hasTypename {
                writer.line("__typename = try container.decode(String.self, forKey: .__typename)")
            }
            for property in shape.properties {
                let method = property.isOptional ? "decodeIfPresent" : "decode"
                writer.call(
                    "\(assignee(property.responseKey)) = try container.\(method)",
                    ["\(property.baseType).self", "forKey: .\(SwiftNames.member(property.responseKey))"])
            }
            for typeCase in shape.typeCases {
                writer.call(
                    "\(typeCase.propertyName) = try \(typeCase.shape.name)",
                    ["typename: __typename", "from: decoder"])
            }
            if !shape.fragments.isEmpty {
                let arguments = shape.fragments.map { "\($0.propertyName): " + expression(for: $0) }
                let throwing = shape.fragments.contains { if case .typeCases = $0.source { false } else { true } }
                writer.call("\(assignee(shape.fragmentsProperty)) = \(throwing ? "try " : "")Fragments", arguments)
            }
        }
    }

    /// `encode(to:)` for mutable data: the type cases' and fragments' fields first, then the
    /// object's own, which win where they overlap (a field changed on the object itself, not in
    /// its copy in a type case); `nil` is written as `null`, so that the store clears the field.
    private func writeEncoder(_ shape: SelectionSetShape, into writer: inout SwiftWriter) {
        writer.block("\(writer.access)func encode(to encoder: any Encoder) throws") { writer in
            for typeCase in shape.typeCases {
                writer.line("try \(typeCase.propertyName)?.encode(to: encoder)")
            }
            for fragment in shape.fragments {
                if case .typeCases = fragment.source { continue }  // encoded by its type case
                let optional = fragment.isOptional ? "?" : ""
                writer.call(
                    "try \(shape.fragmentsProperty).\(SwiftNames.member(fragment.propertyName))\(optional).data.encode",
                    ["to: encoder"])
            }
            guard shape.hasTypename || !shape.properties.isEmpty else { return }
            writer.line("var container = encoder.container(keyedBy: CodingKeys.self)")
            if shape.hasTypename {
                writer.line("try container.encode(__typename, forKey: .__typename)")
            }
            for property in shape.properties {
                writer.call(
                    "try container.encode",
                    [
                        "self.\(SwiftNames.identifier(property.responseKey))",
                        "forKey: .\(SwiftNames.member(property.responseKey))",
                    ])
            }
        }
    }

    /// The left side of an assignment in `init(from:)`: `self.` where the parameter, the local
    /// `container` or a keyword would take the bare name.
    private func assignee(_ name: String) -> String {
        name == "decoder" || name == "container" || SwiftNames.keywords.contains(name)
            ? "self.\(SwiftNames.identifier(name))" : name
    }

    private func expression(for fragment: FragmentReference) -> String {
        switch fragment.source {
        case .decoded:
            return "\(fragment.fragmentName)(from: decoder)"
        case .decodedIfIncluded:
            return "\(fragment.fragmentName).decodeIfIncluded(from: decoder)"
        case .typeCases(let paths):
            return paths.joined(separator: " ?? ")
        }
    }

    private func writeCodingKeys(_ shape: SelectionSetShape, into writer: inout SwiftWriter) {
        writer.block("private enum CodingKeys: String, CodingKey") { writer in
            if shape.hasTypename { writer.line("case __typename") }
            for property in shape.properties {
                writer.line("case \(SwiftNames.identifier(property.responseKey))")
            }
        }
    }

    private func writeFragments(_ fragments: [FragmentReference], into writer: inout SwiftWriter) {
        writer.block("\(writer.access)struct Fragments: Sendable, Equatable") { writer in
            var parameters: [(name: String, declaration: String)] = []
            for fragment in fragments {
                writer.declares(fragment.propertyName)
                let name = SwiftNames.identifier(fragment.propertyName)
                let type = fragment.fragmentName + (fragment.isOptional ? "?" : "")
                writer.line("\(writer.access)\(writer.mutableData ? "var" : "let") \(name): \(type)")
                parameters.append((name, "\(name): \(type)" + (fragment.isOptional ? " = nil" : "")))
            }
            Self.writeInitializer(parameters, synthesized: true, into: &writer)
        }
    }
}
