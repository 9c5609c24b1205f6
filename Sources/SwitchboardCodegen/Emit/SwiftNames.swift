/// How GraphQL names become Swift names: kept as written (escaped when they are keywords),
/// except enum values, which become lower camel case, and nested type names, which are
/// capitalized and singular for lists.
enum SwiftNames {
    /// Words that need backticks to be used as a property, parameter or case name.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
        "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer",
        "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where",
        "while", "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "_",
    ]

    /// Type names generated code must not declare: they cannot be declared (`Type`, `Self`), or
    /// generated code refers to them unqualified.
    static let reservedTypeNames: Set<String> = [
        "Type", "Protocol", "Self", "Any", "String", "Int", "Double", "Bool", "Set", "Optional", "Array",
        "Decodable", "Encodable", "Codable", "Sendable", "Equatable", "Hashable", "RawRepresentable", "CodingKey",
        "CodingKeys", "Decoder", "Encoder", "FragmentPointer", "GraphQLNullable", "GraphQLFragment", "GraphQLTypeCase",
        "GraphQLQuery", "GraphQLMutation", "GraphQLSubscription", "Fragments", "Variables",
    ]

    /// `name` usable as an identifier: backticked when it is a keyword.
    static func identifier(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// `name` after a dot (`.name`, `forKey: .name`); keywords keep their backticks there too.
    static func member(_ name: String) -> String { identifier(name) }

    /// The first letter uppercased: `hero` → `Hero`, `r2` → `R2`, `__typename` → `__typename`.
    static func capitalized(_ name: String) -> String {
        guard let first = name.first else { return name }
        return first.uppercased() + name.dropFirst()
    }

    /// The first letter lowercased: `DroidDetails` → `droidDetails`, `ToDoItem_todo` → `toDoItem_todo`.
    static func lowercasedFirst(_ name: String) -> String {
        guard let first = name.first else { return name }
        return first.lowercased() + name.dropFirst()
    }

    /// A list field's element name: `friends` → `friend`, `stories` → `story`, `matches` → `match`.
    static func singular(_ name: String) -> String {
        let lower = name.lowercased()
        if lower.hasSuffix("ies") && name.count > 3 { return name.dropLast(3) + "y" }
        for suffix in ["sses", "shes", "ches", "xes", "zes"] where lower.hasSuffix(suffix) {
            return String(name.dropLast(2))
        }
        if lower.hasSuffix("s") && !lower.hasSuffix("ss") && !lower.hasSuffix("us") && !lower.hasSuffix("is")
            && name.count > 1
        {
            return String(name.dropLast())
        }
        return name
    }

    /// An enum value as a Swift case: `NEWHOPE` → `newhope`, `FAVORITE_COLOR` → `favoriteColor`,
    /// `inProgress` → `inProgress`.
    static func enumCase(_ value: String) -> String {
        let hasLowercase = value.contains { $0.isLowercase }
        guard value.contains("_") || !hasLowercase else { return lowercasedFirst(value) }
        let leading = value.prefix { $0 == "_" }
        let words = value.dropFirst(leading.count).split(separator: "_")
        guard let first = words.first else { return value }
        let rest = words.dropFirst().map { word in word.prefix(1).uppercased() + word.dropFirst().lowercased() }
        return leading + first.lowercased() + rest.joined()
    }

    /// `name`, or `name` followed by the smallest number ≥ 2 that makes it unused; the result is
    /// added to `used`.
    static func unique(_ name: String, in used: inout Set<String>) -> String {
        var candidate = reservedTypeNames.contains(name) || keywords.contains(name) ? name + "Value" : name
        var number = 2
        while used.contains(candidate) {
            candidate = name + String(number)
            number += 1
        }
        used.insert(candidate)
        return candidate
    }

    /// Whether every generated identifier in `names` follows lower camel case, so the file needs no
    /// exemption from swift-format's `AlwaysUseLowerCamelCase`.
    static func isLowerCamelCase(_ name: String) -> Bool {
        !name.contains("_") && (name.first.map { !$0.isUppercase } ?? true)
    }
}
