import Testing

extension Trait where Self == ConditionTrait {
    /// Skips the test — shown as skipped, with the reason — when `../shared/testdata/<name>` (the
    /// public test vectors, never copied into the repository) is absent on this machine.
    public static func requiresSharedTestData(_ name: String) -> Self {
        .enabled(if: SharedTestData.isPresent(name), "../shared/testdata/\(name) is absent on this machine")
    }
}
