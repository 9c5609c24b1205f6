/// Prints any AST back to canonical GraphQL text (graphql-js layout: two-space indentation,
/// one selection per line, definitions separated by a blank line). Printing then parsing
/// gives back an equal AST.
package enum Printer {
    /// Canonical text of a whole document.
    package static func print(_ document: Document) -> String {
        var writer = Writer()
        for (index, definition) in document.definitions.enumerated() {
            if index > 0 { writer.text += "\n\n" }
            writer.definition(definition)
        }
        return writer.text
    }

    /// Canonical text of one definition.
    package static func print(_ definition: Definition) -> String {
        var writer = Writer()
        writer.definition(definition)
        return writer.text
    }

    /// Canonical text of a selection set, e.g. `{\n  id\n}`.
    package static func print(_ selectionSet: SelectionSet) -> String {
        var writer = Writer()
        writer.selectionSet(selectionSet)
        return writer.text
    }

    /// Canonical text of a value literal, e.g. `{a: [1, "x"]}`.
    package static func print(_ value: Value) -> String {
        var writer = Writer()
        writer.value(value)
        return writer.text
    }

    /// GraphQL string literal for a value, with the escapes graphql-js uses.
    package static func quoted(_ string: String) -> String {
        var result = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{08}": result += "\\b"
            case "\u{0C}": result += "\\f"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}

private struct Writer {
    var text = ""
    var indentation = ""

    mutating func newLine() {
        text += "\n"
        text += indentation
    }

    mutating func indented(_ body: (inout Writer) -> Void) {
        let saved = indentation
        indentation += "  "
        body(&self)
        indentation = saved
    }

    /// A block string placed at the current position; continuation lines are indented so the
    /// text lines up with its surroundings (block-string dedenting removes it again).
    mutating func blockString(_ value: String) {
        let printed = BlockString.print(value)
        var first = true
        for line in printed.split(separator: "\n", omittingEmptySubsequences: false) {
            if !first {
                text += "\n"
                if !line.isEmpty { text += indentation }
            }
            text += line
            first = false
        }
    }

    mutating func description(_ description: Description?) {
        guard let description else { return }
        if description.isBlock && BlockString.canPrint(description.value) {
            blockString(description.value)
        } else {
            text += Printer.quoted(description.value)
        }
        newLine()
    }

    // MARK: Definitions

    mutating func definition(_ definition: Definition) {
        switch definition {
        case .operation(let operation): self.operation(operation)
        case .fragment(let fragment):
            text += "fragment \(fragment.name) on \(fragment.typeCondition)"
            directives(fragment.directives)
            text += " "
            selectionSet(fragment.selectionSet)
        case .schema(let schema):
            description(schema.description)
            text += "schema"
            schemaBody(schema)
        case .schemaExtension(let schema):
            text += "extend schema"
            schemaBody(schema)
        case .type(let type):
            description(type.description)
            typeBody(type)
        case .typeExtension(let type):
            text += "extend "
            typeBody(type)
        case .directive(let directive):
            description(directive.description)
            text += "directive @\(directive.name)"
            argumentDefinitions(directive.arguments)
            if directive.isRepeatable { text += " repeatable" }
            text += " on " + directive.locations.map(\.rawValue).joined(separator: " | ")
        }
    }

    mutating func operation(_ operation: OperationDefinition) {
        let isShorthand =
            operation.operation == .query && operation.name == nil
            && operation.variableDefinitions.isEmpty && operation.directives.isEmpty
        if !isShorthand {
            text += operation.operation.rawValue
            if let name = operation.name { text += " " + name }
            if !operation.variableDefinitions.isEmpty {
                text += "("
                for (index, variable) in operation.variableDefinitions.enumerated() {
                    if index > 0 { text += ", " }
                    text += "$\(variable.name): \(variable.type)"
                    if let defaultValue = variable.defaultValue {
                        text += " = "
                        value(defaultValue)
                    }
                    directives(variable.directives)
                }
                text += ")"
            }
            directives(operation.directives)
            text += " "
        }
        selectionSet(operation.selectionSet)
    }

    mutating func selectionSet(_ selectionSet: SelectionSet) {
        text += "{"
        indented { writer in
            for selection in selectionSet.selections {
                writer.newLine()
                writer.selection(selection)
            }
        }
        newLine()
        text += "}"
    }

    mutating func selection(_ selection: Selection) {
        switch selection {
        case .field(let field):
            if let alias = field.alias { text += alias + ": " }
            text += field.name
            arguments(field.arguments)
            directives(field.directives)
            if let selectionSet = field.selectionSet {
                text += " "
                self.selectionSet(selectionSet)
            }
        case .fragmentSpread(let spread):
            text += "..." + spread.name
            directives(spread.directives)
        case .inlineFragment(let fragment):
            text += "..."
            if let typeCondition = fragment.typeCondition { text += " on " + typeCondition }
            directives(fragment.directives)
            text += " "
            selectionSet(fragment.selectionSet)
        }
    }

    mutating func arguments(_ arguments: [Argument]) {
        guard !arguments.isEmpty else { return }
        text += "("
        for (index, argument) in arguments.enumerated() {
            if index > 0 { text += ", " }
            text += argument.name + ": "
            value(argument.value)
        }
        text += ")"
    }

    mutating func directives(_ directives: [Directive]) {
        for directive in directives {
            text += " @" + directive.name
            arguments(directive.arguments)
        }
    }

    mutating func value(_ value: Value) {
        switch value {
        case .variable(let name): text += "$" + name
        case .int(let literal), .float(let literal): text += literal
        case .string(let string, let block):
            if block && BlockString.canPrint(string) {
                blockString(string)
            } else {
                text += Printer.quoted(string)
            }
        case .boolean(let flag): text += flag ? "true" : "false"
        case .null: text += "null"
        case .enumValue(let name): text += name
        case .list(let items):
            text += "["
            for (index, item) in items.enumerated() {
                if index > 0 { text += ", " }
                self.value(item)
            }
            text += "]"
        case .object(let fields):
            text += "{"
            for (index, field) in fields.enumerated() {
                if index > 0 { text += ", " }
                text += field.name + ": "
                self.value(field.value)
            }
            text += "}"
        }
    }

    // MARK: Type system

    mutating func schemaBody(_ schema: SchemaDefinition) {
        directives(schema.directives)
        guard !schema.operationTypes.isEmpty else { return }
        text += " {"
        indented { writer in
            for entry in schema.operationTypes {
                writer.newLine()
                writer.text += "\(entry.operation.rawValue): \(entry.type)"
            }
        }
        newLine()
        text += "}"
    }

    mutating func typeBody(_ type: TypeDefinition) {
        text += "\(type.kind.rawValue) \(type.name)"
        switch type.kind {
        case .scalar:
            directives(type.directives)
        case .object, .interface:
            if !type.interfaces.isEmpty { text += " implements " + type.interfaces.joined(separator: " & ") }
            directives(type.directives)
            block(type.fields) { writer, field in
                writer.description(field.description)
                writer.text += field.name
                writer.argumentDefinitions(field.arguments)
                writer.text += ": \(field.type)"
                writer.directives(field.directives)
            }
        case .union:
            directives(type.directives)
            if !type.unionMembers.isEmpty { text += " = " + type.unionMembers.joined(separator: " | ") }
        case .enum:
            directives(type.directives)
            block(type.enumValues) { writer, value in
                writer.description(value.description)
                writer.text += value.name
                writer.directives(value.directives)
            }
        case .inputObject:
            directives(type.directives)
            block(type.inputFields) { writer, field in writer.inputValue(field) }
        }
    }

    mutating func block<Item>(_ items: [Item], _ body: (inout Writer, Item) -> Void) {
        guard !items.isEmpty else { return }
        text += " {"
        indented { writer in
            for item in items {
                writer.newLine()
                body(&writer, item)
            }
        }
        newLine()
        text += "}"
    }

    mutating func argumentDefinitions(_ arguments: [InputValueDefinition]) {
        guard !arguments.isEmpty else { return }
        // Arguments with descriptions need a line each; the rest stay on one line.
        if arguments.contains(where: { $0.description != nil }) {
            text += "("
            indented { writer in
                for argument in arguments {
                    writer.newLine()
                    writer.inputValue(argument)
                }
            }
            newLine()
            text += ")"
        } else {
            text += "("
            for (index, argument) in arguments.enumerated() {
                if index > 0 { text += ", " }
                inputValue(argument)
            }
            text += ")"
        }
    }

    mutating func inputValue(_ input: InputValueDefinition) {
        description(input.description)
        text += "\(input.name): \(input.type)"
        if let defaultValue = input.defaultValue {
            text += " = "
            value(defaultValue)
        }
        directives(input.directives)
    }
}
