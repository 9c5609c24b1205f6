/// The kinds of lexical tokens of the GraphQL grammar (spec section 2.1).
package enum TokenKind: Sendable, Hashable {
    case startOfFile, endOfFile
    case bang, dollar, ampersand, parenLeft, parenRight, spread, colon, equals, at
    case bracketLeft, bracketRight, braceLeft, pipe, braceRight
    case name, int, float, string, blockString

    /// How the token kind is named in error messages.
    var display: String {
        switch self {
        case .startOfFile: return "<SOF>"
        case .endOfFile: return "<EOF>"
        case .bang: return "\"!\""
        case .dollar: return "\"$\""
        case .ampersand: return "\"&\""
        case .parenLeft: return "\"(\""
        case .parenRight: return "\")\""
        case .spread: return "\"...\""
        case .colon: return "\":\""
        case .equals: return "\"=\""
        case .at: return "\"@\""
        case .bracketLeft: return "\"[\""
        case .bracketRight: return "\"]\""
        case .braceLeft: return "\"{\""
        case .pipe: return "\"|\""
        case .braceRight: return "\"}\""
        case .name: return "Name"
        case .int: return "Int"
        case .float: return "Float"
        case .string: return "String"
        case .blockString: return "BlockString"
        }
    }
}

/// One lexical token: its kind, byte range in the source, location and, for names, numbers
/// and strings, its value (strings already unescaped / block strings already dedented).
struct Token: Sendable {
    var kind: TokenKind
    var start: Int
    var end: Int
    var location: SourceLocation
    var value: String

    /// The token as shown in error messages, e.g. `Name "foo"` or `"{"`.
    var display: String {
        switch kind {
        case .name, .int, .float: return "\(kind.display) \"\(value)\""
        case .string, .blockString: return kind.display
        default: return kind.display
        }
    }
}
