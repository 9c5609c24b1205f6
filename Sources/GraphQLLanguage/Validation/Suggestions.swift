// "Did you mean …?" hints, worded and ranked as graphql-js does.

enum Suggestions {
    /// ` Did you mean "a", "b", or "c"?` (at most five), or "" when there is nothing to suggest.
    static func didYouMean(_ suggestions: [String], subMessage: String? = nil) -> String {
        guard !suggestions.isEmpty else { return "" }
        let quoted = suggestions.prefix(5).map { "\"\($0)\"" }
        var message = " Did you mean "
        if let subMessage { message += subMessage + " " }
        switch quoted.count {
        case 1: message += quoted[0]
        case 2: message += quoted[0] + " or " + quoted[1]
        default: message += quoted.dropLast().joined(separator: ", ") + ", or " + quoted[quoted.count - 1]
        }
        return message + "?"
    }

    /// The options close enough to `input` (Damerau–Levenshtein distance within 40% of its
    /// length, case differences counting as one), closest first.
    static func list(_ input: String, _ options: [String]) -> [String] {
        let threshold = input.count * 4 / 10 + 1
        let inputLower = Array(input.lowercased().unicodeScalars)
        var scored: [(String, Int)] = []
        for option in options {
            let distance: Int?
            if option == input {
                distance = 0
            } else if option.lowercased() == input.lowercased() {
                distance = 1
            } else {
                distance = lexicalDistance(Array(option.lowercased().unicodeScalars), inputLower, threshold)
            }
            if let distance { scored.append((option, distance)) }
        }
        return scored.sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }.map(\.0)
    }

    private static func lexicalDistance(_ first: [Unicode.Scalar], _ second: [Unicode.Scalar], _ threshold: Int)
        -> Int?
    {
        var a = first
        var b = second
        if a.count < b.count { swap(&a, &b) }
        if a.count - b.count > threshold { return nil }
        var rows = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: 3)
        for j in 0...b.count { rows[0][j] = j }
        for i in 1...max(1, a.count) where i <= a.count {
            let upRow = rows[(i - 1) % 3]
            var currentRow = rows[i % 3]
            currentRow[0] = i
            var smallest = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var current = min(upRow[j] + 1, currentRow[j - 1] + 1, upRow[j - 1] + cost)
                if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                    current = min(current, rows[(i - 2) % 3][j - 2] + 1)
                }
                smallest = min(smallest, current)
                currentRow[j] = current
            }
            rows[i % 3] = currentRow
            if smallest > threshold { return nil }
        }
        let distance = rows[a.count % 3][b.count]
        return distance <= threshold ? distance : nil
    }
}
