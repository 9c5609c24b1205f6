/// "Did you mean …?": the known name closest to a mistyped one, by edit distance.
enum NameSuggestion {
    /// The candidate nearest to `name` when it is near enough to be what was meant: at most one
    /// edit for short names, up to three for long ones, or `name` being the start of that candidate
    /// only. Ties go to the earlier candidate.
    static func closest(to name: String, among candidates: [String]) -> String? {
        let typed = Array(name.lowercased())
        var best: (candidate: String, distance: Int)?
        let abbreviated = candidates.filter { isAbbreviation(typed, of: Array($0.lowercased())) }
        for candidate in candidates where candidate != name {
            let known = Array(candidate.lowercased())
            let distance = editDistance(typed, known)
            let allowed = max(1, min(3, known.count / 3))
            guard distance <= allowed || (abbreviated == [candidate]) else { continue }
            if let nearest = best, nearest.distance <= distance { continue }
            best = (candidate, distance)
        }
        return best?.candidate
    }

    /// The optimal string alignment distance: insertions, deletions, substitutions and swaps of
    /// two neighbouring characters (the commonest typo), each one edit.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }

    /// `sub` for `subscribe`: three or more letters (dashes not counted) that start the name.
    private static func isAbbreviation(_ typed: [Character], of known: [Character]) -> Bool {
        typed.filter { $0 != "-" }.count >= 3 && known.count > typed.count && known.starts(with: typed)
    }
}
