/// The case helpers Amplify builds generated names with (`toUpper`, `toCamelCase`,
/// `toPascalCase` in graphql-transformer-common): they change only the first character of each
/// word and keep the rest as written.
enum NameCase {
    /// `post` → `Post`.
    static func upperFirst(_ word: String) -> String {
        guard let first = word.first else { return word }
        return first.uppercased() + word.dropFirst()
    }

    /// `Post` → `post`.
    static func lowerFirst(_ word: String) -> String {
        guard let first = word.first else { return word }
        return first.lowercased() + word.dropFirst()
    }

    /// `["Blog", "posts", "id"]` → `blogPostsId`.
    static func camelCase(_ words: [String]) -> String {
        words.enumerated().map { index, word in index == 0 ? lowerFirst(word) : upperFirst(word) }.joined()
    }

    /// `["Model", "post", "FilterInput"]` → `ModelPostFilterInput`.
    static func pascalCase(_ words: [String]) -> String {
        words.map(upperFirst).joined()
    }
}

extension NameCase {
    /// Whether `text` is a GraphQL name (`/[_A-Za-z][_0-9A-Za-z]*/`), as field and type names the
    /// transform builds from directive arguments must be.
    static func isValidName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first == "_" || Self.isLetter(first) else { return false }
        return text.unicodeScalars.allSatisfy { $0 == "_" || isLetter($0) || ("0"..."9").contains($0) }
    }

    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }
}
