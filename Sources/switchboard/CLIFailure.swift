import SwitchboardAPI
import SwitchboardServer

/// How errors become one stderr line and an exit code.
enum CLIFailure {
    /// 2 for errors in the arguments, input, configuration or files named on the command line; 1
    /// for failed operations.
    static func exitCode(for error: any Error) -> Int32 {
        switch error {
        case is UsageError, is InputError, is ConfigurationError, is FileAccessError: return ExitCode.usage
        case let error as SwitchboardError:
            if case .configuration = error { return ExitCode.usage }
            if case .pluginConfiguration = error { return ExitCode.usage }
            return ExitCode.failure
        case let error as APIError:
            if case .invalidConfiguration = error { return ExitCode.usage }
            return ExitCode.failure
        case let error as LocalServerError:
            // serve's own checks come first; what is left are files named on the command line (--jwks).
            if case .invalidConfiguration = error { return ExitCode.usage }
            return ExitCode.failure
        case let error as SubscriptionError:
            if case .notSupported = error { return ExitCode.usage }
            return ExitCode.failure
        default: return ExitCode.failure
        }
    }

    /// The line printed after `switchboard: `.
    static func message(for error: any Error) -> String {
        switch error {
        case let error as UsageError: error.message
        case let error as InputError: error.description
        case let error as FileAccessError: error.description
        case let error as APIError: error.description
        default: "\(error)"
        }
    }
}
