/// A recursive-descent parser for GraphQL documents, one method per grammar production of the
/// specification (September 2025 edition). Use ``Parser/parse(_:options:)``.
package struct Parser {
    var lexer: Lexer
    var token: Token
    private var depth = 0
    private let maxDepth: Int

    /// Parses executable and type-system definitions from source text.
    package static func parse(_ source: String, options: ParserOptions = .init()) throws(GraphQLSyntaxError) -> Document
    {
        try parse(bytes: Array(source.utf8), options: options)
    }

    /// Parses a document from UTF-8 bytes (malformed UTF-8 is reported as a syntax error).
    package static func parse(bytes: [UInt8], options: ParserOptions = .init()) throws(GraphQLSyntaxError) -> Document {
        var parser = try Parser(bytes: bytes, options: options)
        return try parser.parseDocument()
    }

    /// Parses a single value literal such as `{a: [1, 2]}` (variables are allowed).
    package static func parseValue(_ source: String, options: ParserOptions = .init()) throws(GraphQLSyntaxError)
        -> Value
    {
        var parser = try Parser(bytes: Array(source.utf8), options: options)
        let value = try parser.parseValue(constant: false)
        try parser.expect(.endOfFile)
        return value
    }

    /// Parses a type reference such as `[String!]!`.
    package static func parseType(_ source: String, options: ParserOptions = .init()) throws(GraphQLSyntaxError)
        -> TypeReference
    {
        var parser = try Parser(bytes: Array(source.utf8), options: options)
        let type = try parser.parseTypeReference()
        try parser.expect(.endOfFile)
        return type
    }

    init(bytes: [UInt8], options: ParserOptions) throws(GraphQLSyntaxError) {
        lexer = Lexer(bytes: bytes, maxTokens: options.maxTokens)
        maxDepth = options.maxDepth
        token = Token(kind: .startOfFile, start: 0, end: 0, location: .unknown, value: "")
        token = try lexer.next()
    }

    // MARK: Token helpers

    mutating func advance() throws(GraphQLSyntaxError) {
        token = try lexer.next()
    }

    func peek(_ kind: TokenKind) -> Bool { token.kind == kind }

    func peekKeyword(_ keyword: String) -> Bool { token.kind == .name && token.value == keyword }

    /// Consumes a token of the given kind if it is next.
    mutating func skip(_ kind: TokenKind) throws(GraphQLSyntaxError) -> Bool {
        guard token.kind == kind else { return false }
        try advance()
        return true
    }

    @discardableResult
    mutating func expect(_ kind: TokenKind) throws(GraphQLSyntaxError) -> Token {
        let current = token
        guard current.kind == kind else {
            throw syntaxError("Expected \(kind.display), found \(current.display).")
        }
        try advance()
        return current
    }

    mutating func expectKeyword(_ keyword: String) throws(GraphQLSyntaxError) {
        guard peekKeyword(keyword) else {
            throw syntaxError("Expected \"\(keyword)\", found \(token.display).")
        }
        try advance()
    }

    func syntaxError(_ message: String, limit: GraphQLSyntaxError.ParserLimit? = nil) -> GraphQLSyntaxError {
        lexer.error(message, at: token.location, token: token.display, limit: limit)
    }

    func unexpected() -> GraphQLSyntaxError {
        syntaxError("Unexpected \(token.display).")
    }

    mutating func parseName() throws(GraphQLSyntaxError) -> String {
        try expect(.name).value
    }

    /// Guards recursion so that deeply nested input fails cleanly instead of overflowing.
    mutating func enterNesting() throws(GraphQLSyntaxError) {
        depth += 1
        if depth > maxDepth {
            throw syntaxError(
                "Document is nested more than \(maxDepth) levels deep; parsing aborted.", limit: .depth(maxDepth))
        }
    }

    mutating func leaveNesting() { depth -= 1 }

    // MARK: Document (2.2)

    mutating func parseDocument() throws(GraphQLSyntaxError) -> Document {
        let start = token.location
        var definitions: [Definition] = []
        repeat {
            definitions.append(try parseDefinition())
        } while !peek(.endOfFile)
        return Document(definitions: definitions, location: start)
    }

    mutating func parseDefinition() throws(GraphQLSyntaxError) -> Definition {
        if peek(.braceLeft) { return .operation(try parseOperationDefinition()) }
        let hasDescription = peek(.string) || peek(.blockString)
        let keywordToken: Token
        if hasDescription {
            // Look past the description to find which definition it belongs to.
            var lookahead = self
            try lookahead.advance()
            keywordToken = lookahead.token
        } else {
            keywordToken = token
        }
        if keywordToken.kind == .name {
            switch keywordToken.value {
            case "schema": return .schema(try parseSchemaDefinition())
            case "scalar", "type", "interface", "union", "enum", "input":
                return .type(try parseTypeDefinition())
            case "directive": return .directive(try parseDirectiveDefinition())
            default: break
            }
            if hasDescription {
                var lookahead = self
                try lookahead.advance()
                throw lookahead.syntaxError(
                    "Unexpected description, descriptions are supported only on type definitions.")
            }
            switch keywordToken.value {
            case "query", "mutation", "subscription": return .operation(try parseOperationDefinition())
            case "fragment": return .fragment(try parseFragmentDefinition())
            case "extend": return try parseTypeSystemExtension()
            default: break
            }
        }
        if hasDescription {
            var lookahead = self
            try lookahead.advance()
            throw lookahead.unexpected()
        }
        throw unexpected()
    }

    // MARK: Operations (2.3)

    mutating func parseOperationDefinition() throws(GraphQLSyntaxError) -> OperationDefinition {
        let start = token.location
        if peek(.braceLeft) {
            return OperationDefinition(operation: .query, selectionSet: try parseSelectionSet(), location: start)
        }
        let operation = try parseOperationType()
        var name: String?
        if peek(.name) { name = try parseName() }
        let variables = try parseVariableDefinitions()
        let directives = try parseDirectives(constant: false)
        let selectionSet = try parseSelectionSet()
        return OperationDefinition(
            operation: operation, name: name, variableDefinitions: variables,
            directives: directives, selectionSet: selectionSet, location: start)
    }

    mutating func parseOperationType() throws(GraphQLSyntaxError) -> OperationType {
        guard token.kind == .name, let operation = OperationType(rawValue: token.value) else { throw unexpected() }
        try advance()
        return operation
    }

    mutating func parseVariableDefinitions() throws(GraphQLSyntaxError) -> [VariableDefinition] {
        guard try skip(.parenLeft) else { return [] }
        var definitions: [VariableDefinition] = []
        repeat {
            let start = token.location
            try expect(.dollar)
            let name = try parseName()
            try expect(.colon)
            let type = try parseTypeReference()
            var defaultValue: Value?
            if try skip(.equals) { defaultValue = try parseValue(constant: true) }
            let directives = try parseDirectives(constant: true)
            definitions.append(
                VariableDefinition(
                    name: name, type: type, defaultValue: defaultValue,
                    directives: directives, location: start))
        } while !(try skip(.parenRight))
        return definitions
    }

    // MARK: Selections (2.4–2.8)

    mutating func parseSelectionSet() throws(GraphQLSyntaxError) -> SelectionSet {
        let start = token.location
        try expect(.braceLeft)
        try enterNesting()
        var selections: [Selection] = []
        repeat {
            selections.append(try parseSelection())
        } while !(try skip(.braceRight))
        leaveNesting()
        return SelectionSet(selections: selections, location: start)
    }

    mutating func parseSelection() throws(GraphQLSyntaxError) -> Selection {
        if peek(.spread) { return try parseFragment() }
        return .field(try parseField())
    }

    mutating func parseField() throws(GraphQLSyntaxError) -> Field {
        let start = token.location
        let nameOrAlias = try parseName()
        var alias: String?
        var name = nameOrAlias
        if try skip(.colon) {
            alias = nameOrAlias
            name = try parseName()
        }
        let arguments = try parseArguments(constant: false)
        let directives = try parseDirectives(constant: false)
        let selectionSet = peek(.braceLeft) ? try parseSelectionSet() : nil
        return Field(
            alias: alias, name: name, arguments: arguments, directives: directives,
            selectionSet: selectionSet, location: start)
    }

    mutating func parseArguments(constant: Bool) throws(GraphQLSyntaxError) -> [Argument] {
        guard try skip(.parenLeft) else { return [] }
        var arguments: [Argument] = []
        repeat {
            let start = token.location
            let name = try parseName()
            try expect(.colon)
            arguments.append(Argument(name: name, value: try parseValue(constant: constant), location: start))
        } while !(try skip(.parenRight))
        return arguments
    }

    mutating func parseFragment() throws(GraphQLSyntaxError) -> Selection {
        let start = token.location
        try expect(.spread)
        let hasTypeCondition = peekKeyword("on")
        if !hasTypeCondition && peek(.name) {
            let name = try parseName()
            return .fragmentSpread(
                FragmentSpread(
                    name: name, directives: try parseDirectives(constant: false),
                    location: start))
        }
        var typeCondition: String?
        if hasTypeCondition {
            try advance()
            typeCondition = try parseName()
        }
        let directives = try parseDirectives(constant: false)
        return .inlineFragment(
            InlineFragment(
                typeCondition: typeCondition, directives: directives,
                selectionSet: try parseSelectionSet(), location: start))
    }

    mutating func parseFragmentDefinition() throws(GraphQLSyntaxError) -> FragmentDefinition {
        let start = token.location
        try expectKeyword("fragment")
        if peekKeyword("on") { throw unexpected() }
        let name = try parseName()
        try expectKeyword("on")
        let typeCondition = try parseName()
        let directives = try parseDirectives(constant: false)
        return FragmentDefinition(
            name: name, typeCondition: typeCondition, directives: directives,
            selectionSet: try parseSelectionSet(), location: start)
    }

    // MARK: Values (2.9)

    mutating func parseValue(constant: Bool) throws(GraphQLSyntaxError) -> Value {
        let current = token
        switch current.kind {
        case .bracketLeft:
            try advance()
            try enterNesting()
            var items: [Value] = []
            while !(try skip(.bracketRight)) { items.append(try parseValue(constant: constant)) }
            leaveNesting()
            return .list(items)
        case .braceLeft:
            try advance()
            try enterNesting()
            var fields: [ObjectField] = []
            while !(try skip(.braceRight)) {
                let start = token.location
                let name = try parseName()
                try expect(.colon)
                fields.append(ObjectField(name: name, value: try parseValue(constant: constant), location: start))
            }
            leaveNesting()
            return .object(fields)
        case .int:
            try advance()
            return .int(current.value)
        case .float:
            try advance()
            return .float(current.value)
        case .string, .blockString:
            try advance()
            return .string(current.value, block: current.kind == .blockString)
        case .name:
            try advance()
            switch current.value {
            case "true": return .boolean(true)
            case "false": return .boolean(false)
            case "null": return .null
            default: return .enumValue(current.value)
            }
        case .dollar:
            if constant {
                var lookahead = self
                try lookahead.advance()
                if lookahead.peek(.name) {
                    throw syntaxError("Unexpected variable \"$\(lookahead.token.value)\" in constant value.")
                }
                throw unexpected()
            }
            try advance()
            return .variable(try parseName())
        default:
            throw unexpected()
        }
    }

    // MARK: Directives (2.12) and types (2.11)

    mutating func parseDirectives(constant: Bool) throws(GraphQLSyntaxError) -> [Directive] {
        var directives: [Directive] = []
        while peek(.at) {
            let start = token.location
            try advance()
            let name = try parseName()
            directives.append(Directive(name: name, arguments: try parseArguments(constant: constant), location: start))
        }
        return directives
    }

    mutating func parseTypeReference() throws(GraphQLSyntaxError) -> TypeReference {
        var type: TypeReference
        if try skip(.bracketLeft) {
            try enterNesting()
            let inner = try parseTypeReference()
            try expect(.bracketRight)
            leaveNesting()
            type = .list(inner)
        } else {
            type = .named(try parseName())
        }
        if try skip(.bang) { type = .nonNull(type) }
        return type
    }
}
