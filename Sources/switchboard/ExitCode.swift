/// Process exit codes shared by every command.
enum ExitCode {
    /// The command did what was asked.
    static let success: Int32 = 0
    /// The operation ran but the server returned GraphQL errors, or a network/HTTP failure.
    static let failure: Int32 = 1
    /// Bad arguments, input or configuration: nothing was done.
    static let usage: Int32 = 2
}
