import GraphQLLanguage

/// A merged field's nodes (by their places in the document) and the object type its
/// sub-selections are collected on. The same first node can be merged with different others
/// (a fragment spread in two places), so every node's place is part of the key; the common
/// single node needs no array.
struct SubfieldKey: Hashable {
    var objectType: String
    var first: Int
    var others: [Int]

    /// `nil` for nodes without places (documents built in code), which are collected each time.
    init?(nodes: [Field], objectType: String) {
        guard let first = nodes.first, !nodes.contains(where: { $0.location == .unknown }) else { return nil }
        self.objectType = objectType
        self.first = first.location.offset
        others = nodes.dropFirst().map(\.location.offset)
    }
}
