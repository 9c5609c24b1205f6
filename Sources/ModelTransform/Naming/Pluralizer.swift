/// English plurals the way Amplify's transformer forms `listPosts` and `postsByCategory`: it calls the
/// npm `pluralize` package, so this follows that package's word lists and suffix rules, including its
/// case restoration (`PK` → `PKS`, because the appended `s` copies the case of the letter before it).
///
/// One value compiles the rules once; `Regex` is not `Sendable`, so each transform makes its own.
/// `SwitchboardCodegen` uses it for the plural names of non-model types.
package struct Pluralizer {
    private let compiled: [(regex: Regex<AnyRegexOutput>, rule: Rule)]

    package init() {
        compiled = Self.rules.compactMap { rule in rule.regex.map { ($0, rule) } }
    }

    /// The plural of `word` (a whole model name such as `CommentWithCompositeKeyAndIndex`).
    package func plural(_ word: String) -> String {
        guard !word.isEmpty else { return word }
        let token = word.lowercased()
        if Self.irregularPluralForms.contains(token) { return Self.restoreCase(of: word, in: token) }
        if let irregular = Self.irregularPlurals[token] { return Self.restoreCase(of: word, in: irregular) }
        if Self.uncountableWords.contains(token) { return word }
        // The most recently added rule wins, as in the package: scan from the end.
        for (regex, rule) in compiled.reversed() {
            if let result = rule.apply(to: word, using: regex) { return result }
        }
        return word
    }

    /// Gives `replacement` the case shape of `original`: all lower, all upper, or capitalised.
    static func restoreCase(of original: String, in replacement: String) -> String {
        if original == replacement { return replacement }
        if original == original.lowercased() { return replacement.lowercased() }
        if original == original.uppercased() { return replacement.uppercased() }
        if let first = original.first, String(first) == String(first).uppercased() {
            return replacement.prefix(1).uppercased() + replacement.dropFirst().lowercased()
        }
        return replacement.lowercased()
    }

    /// One suffix rule: a case-insensitive pattern anchored at the end and a template where `$n`
    /// stands for capture group `n` (`$0` for the whole match).
    struct Rule: Sendable {
        let pattern: String
        let template: String

        /// The case-insensitive pattern (every pattern of the table compiles).
        var regex: Regex<AnyRegexOutput>? { try? Regex(pattern).ignoresCase() }

        func apply(to word: String, using regex: Regex<AnyRegexOutput>) -> String? {
            guard let match = try? regex.firstMatch(in: word) else { return nil }
            var captures: [String] = []
            for index in 0..<match.output.count {
                captures.append(match.output[index].substring.map(String.init) ?? "")
            }
            let replaced = Rule.interpolate(template, captures)
            let matched = String(word[match.range])
            let cased: String
            if matched.isEmpty {
                // An empty match (the plain `s` rule) takes its case from the character before it.
                let before = word[..<match.range.lowerBound].last.map(String.init) ?? ""
                cased = Pluralizer.restoreCase(of: before, in: replaced)
            } else {
                cased = Pluralizer.restoreCase(of: matched, in: replaced)
            }
            return String(word[..<match.range.lowerBound]) + cased + String(word[match.range.upperBound...])
        }

        static func interpolate(_ template: String, _ captures: [String]) -> String {
            var result = ""
            var characters = Array(template)[...]
            while let character = characters.popFirst() {
                guard character == "$", let digit = characters.first?.wholeNumberValue else {
                    result.append(character)
                    continue
                }
                characters.removeFirst()
                result += digit < captures.count ? captures[digit] : ""
            }
            return result
        }
    }

    // The package's tables, in its order (later rules take precedence).
    static let rules: [Rule] = [
        Rule(pattern: "s?$", template: "s"),
        Rule(pattern: "[^\\u{0000}-\\u{007F}]$", template: "$0"),
        Rule(pattern: "([^aeiou]ese)$", template: "$1"),
        Rule(pattern: "(ax|test)is$", template: "$1es"),
        Rule(pattern: "(alias|[^aou]us|t[lm]as|gas|ris)$", template: "$1es"),
        Rule(pattern: "(e[mn]u)s?$", template: "$1s"),
        Rule(pattern: "([^l]ias|[aeiou]las|[ejzr]as|[iu]am)$", template: "$1"),
        Rule(
            pattern:
                "(alumn|syllab|vir|radi|nucle|fung|cact|stimul|termin|bacill|foc|uter|loc|strat)(?:us|i)$",
            template: "$1i"),
        Rule(pattern: "(alumn|alg|vertebr)(?:a|ae)$", template: "$1ae"),
        Rule(pattern: "(seraph|cherub)(?:im)?$", template: "$1im"),
        Rule(pattern: "(her|at|gr)o$", template: "$1oes"),
        Rule(
            pattern:
                "(agend|addend|millenni|dat|extrem|bacteri|desiderat|strat|candelabr|errat|ov|symposi|curricul|automat|quor)(?:a|um)$",
            template: "$1a"),
        Rule(
            pattern:
                "(apheli|hyperbat|periheli|asyndet|noumen|phenomen|criteri|organ|prolegomen|hedr|automat)(?:a|on)$",
            template: "$1a"),
        Rule(pattern: "sis$", template: "ses"),
        Rule(pattern: "(?:(kni|wi|li)fe|(ar|l|ea|eo|oa|hoo)f)$", template: "$1$2ves"),
        Rule(pattern: "([^aeiouy]|qu)y$", template: "$1ies"),
        Rule(pattern: "([^ch][ieo][ln])ey$", template: "$1ies"),
        Rule(pattern: "(x|ch|ss|sh|zz)$", template: "$1es"),
        Rule(pattern: "(matr|cod|mur|sil|vert|ind|append)(?:ix|ex)$", template: "$1ices"),
        Rule(pattern: "\\b((?:tit)?m|l)(?:ice|ouse)$", template: "$1ice"),
        Rule(pattern: "(pe)(?:rson|ople)$", template: "$1ople"),
        Rule(pattern: "(child)(?:ren)?$", template: "$1ren"),
        Rule(pattern: "eaux$", template: "$0"),
        Rule(pattern: "m[ae]n$", template: "men"),
        Rule(pattern: "^thou$", template: "you"),
        // Uncountable patterns are registered as rules that keep the word.
        Rule(pattern: "pok[eé]mon$", template: "$0"),
        Rule(pattern: "[^aeiou]ese$", template: "$0"),
        Rule(pattern: "deer$", template: "$0"),
        Rule(pattern: "fish$", template: "$0"),
        Rule(pattern: "measles$", template: "$0"),
        Rule(pattern: "o[iu]s$", template: "$0"),
        Rule(pattern: "pox$", template: "$0"),
        Rule(pattern: "sheep$", template: "$0"),
    ]

    static let irregularPlurals: [String: String] = [
        "i": "we", "me": "us", "he": "they", "she": "they", "them": "them", "myself": "ourselves",
        "yourself": "yourselves", "itself": "themselves", "herself": "themselves", "himself": "themselves",
        "themself": "themselves", "is": "are", "was": "were", "has": "have", "this": "these", "that": "those",
        "echo": "echoes", "dingo": "dingoes", "volcano": "volcanoes", "tornado": "tornadoes",
        "torpedo": "torpedoes", "genus": "genera", "viscus": "viscera", "stigma": "stigmata",
        "stoma": "stomata", "dogma": "dogmata", "lemma": "lemmata", "schema": "schemata",
        "anathema": "anathemata", "ox": "oxen", "axe": "axes", "die": "dice", "yes": "yeses", "foot": "feet",
        "eave": "eaves", "goose": "geese", "tooth": "teeth", "quiz": "quizzes", "human": "humans",
        "proof": "proofs", "carve": "carves", "valve": "valves", "looey": "looies", "thief": "thieves",
        "groove": "grooves", "pickaxe": "pickaxes", "passerby": "passersby",
    ]

    /// Words that already are one of the irregular plurals stay as they are.
    static let irregularPluralForms: Set<String> = Set(irregularPlurals.values)

    static let uncountableWords: Set<String> = [
        "adulthood", "advice", "agenda", "aid", "aircraft", "alcohol", "ammo", "analytics", "anime", "athletics",
        "audio", "bison", "blood", "bream", "buffalo", "butter", "carp", "cash", "chassis", "chess", "clothing",
        "cod", "commerce", "cooperation", "corps", "debris", "diabetes", "digestion", "elk", "energy",
        "equipment", "excretion", "expertise", "firmware", "flounder", "fun", "gallows", "garbage", "graffiti",
        "hardware", "headquarters", "health", "herpes", "highjinks", "homework", "housework", "information",
        "jeans", "justice", "kudos", "labour", "literature", "machinery", "mackerel", "mail", "media", "mews",
        "moose", "music", "mud", "manga", "news", "only", "personnel", "pike", "plankton", "pliers", "police",
        "pollution", "premises", "rain", "research", "rice", "salmon", "scissors", "series", "sewage",
        "shambles", "shrimp", "software", "staff", "swine", "tennis", "traffic", "transportation", "trout",
        "tuna", "wealth", "welfare", "whiting", "wildebeest", "wildlife", "you",
    ]
}
