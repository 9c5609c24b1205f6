extension JSONTapeView {
    /// The token of the member `name` of the object at `index` (its first, if repeated), or
    /// `nil` when the object has none or the value at `index` is not an object.
    package func member(_ name: String, ofObjectAt index: Int) -> Int? {
        let object = tokens[index]
        guard object.kind == .object else { return nil }
        var name = name
        return name.withUTF8 { name in
            var key = index + 1
            for _ in 0..<object.count {
                if self.key(key, equals: name) { return key + 1 }
                key = next(after: key + 1)
            }
            return nil
        }
    }

    /// The tokens of the members' values of the object at `index` (none for any other value).
    package func memberValues(ofObjectAt index: Int) -> [Int] {
        let object = tokens[index]
        guard object.kind == .object else { return [] }
        var values: [Int] = []
        var key = index + 1
        for _ in 0..<object.count {
            values.append(key + 1)
            key = next(after: key + 1)
        }
        return values
    }
}
