/// Spelling GraphQL names as Swift: keywords in backticks, enum values in lower camel case (as
/// Amplify's `camelCase` from change-case does), string literals with their escapes.
enum SwiftIdentifier {
    /// Words Swift reserves in declarations and expressions; a name among them is written in backticks.
    static let keywords: Set<String> = [
        "Any", "Self", "Type", "as", "associatedtype", "await", "break", "case", "catch", "class", "continue",
        "default", "defer", "deinit", "do", "else", "enum", "extension", "fallthrough", "false", "fileprivate",
        "for", "func", "guard", "if", "import", "in", "init", "inout", "internal", "is", "let", "nil", "open",
        "operator", "private", "precedencegroup", "protocol", "public", "repeat", "rethrows", "return", "self",
        "static", "struct", "subscript", "super", "switch", "throw", "throws", "true", "try", "typealias", "var",
        "where", "while",
    ]

    /// `name`, in backticks when it is a keyword.
    static func escaped(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// `name` as an argument label in a call: only `inout` needs backticks there (Swift warns about
    /// other escaped keywords in argument lists).
    static func argumentLabel(_ name: String) -> String {
        name == "inout" ? "`inout`" : name
    }

    /// `Post` → `post`, `URLRecord` → `uRLRecord` (Amplify's `lowerCaseFirst`).
    static func lowerFirst(_ name: String) -> String {
        guard let first = name.first else { return name }
        return first.lowercased() + name.dropFirst()
    }

    /// The local that holds a type's coding keys in its schema closure: `let post = Post.keys`, as
    /// Amplify names it, unless that name would shadow the type itself (a type named in lower case)
    /// or the closure's `model` parameter, in which case `postKeys`.
    static func keysLocal(ofType name: String) -> String {
        let local = lowerFirst(name)
        return local == name || local == "model" ? local + "Keys" : escaped(local)
    }

    /// `Post` → `Post`, `post` → `Post`.
    static func upperFirst(_ name: String) -> String {
        guard let first = name.first else { return name }
        return first.uppercased() + name.dropFirst()
    }

    /// The Swift case of a GraphQL enum value: `DRAFT` → `draft`, `IN_PROGRESS` → `inProgress`,
    /// `V1_2` → `v1_2`, as change-case's `camelCase` splits and joins words.
    static func enumCase(_ value: String) -> String {
        let words = self.words(of: value)
        guard !words.isEmpty else { return escaped(value) }
        var result = ""
        for (index, word) in words.enumerated() {
            let lowered = word.lowercased()
            if index == 0 {
                result += lowered
            } else if let first = lowered.first, first.isNumber {
                result += "_" + lowered
            } else {
                result += upperFirst(lowered)
            }
        }
        return escaped(result)
    }

    /// The words of `value`: runs of letters and digits, split where a lowercase letter or digit is
    /// followed by an uppercase one and before the last capital of an acronym (`XMLName` → XML, Name).
    static func words(of value: String) -> [String] {
        var words: [String] = []
        var current: [Character] = []
        let characters = Array(value)
        for (index, character) in characters.enumerated() {
            guard character.isLetter || character.isNumber, character.isASCII else {
                if !current.isEmpty { words.append(String(current)) }
                current = []
                continue
            }
            if let previous = current.last, character.isUppercase {
                let next = index + 1 < characters.count ? characters[index + 1] : nil
                let startsWord =
                    previous.isLowercase || previous.isNumber
                    || (previous.isUppercase && next.map { $0.isLowercase } == true)
                if startsWord {
                    words.append(String(current))
                    current = []
                }
            }
            current.append(character)
        }
        if !current.isEmpty { words.append(String(current)) }
        return words
    }

    /// `text` as a Swift string literal, with quotes, backslashes and control characters escaped.
    static func stringLiteral(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    result += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
