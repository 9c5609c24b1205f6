extension Switchboard {
    /// This release of Switchboard: what `switchboard --version` prints and what the API plugin
    /// sends in its `user-agent` (`switchboard/<version>`). Change it here only.
    public static let version = "0.1.0"
}
