/// Why the soak could not run at all (as opposed to a check that failed, which the report shows).
enum SoakFailure: Error, CustomStringConvertible {
    /// The command line was wrong.
    case usage(String)
    /// The mock or the client could not be set up.
    case setup(String)

    var description: String {
        switch self {
        case .usage(let reason): "soak: \(reason)\n\(SoakOptions.usage)"
        case .setup(let reason): "soak: \(reason)"
        }
    }
}
