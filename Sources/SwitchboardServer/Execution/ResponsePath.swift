/// Where a value is in the response, as far as a function completing it needs to know: the
/// number of field keys above it, for the depth limit. The path itself is the run's stack.
struct ResponsePath {
    /// The number of field keys in the path.
    let depth: Int

    /// The path of the root selection set.
    static let root = ResponsePath(depth: 0)
}
