/// Command-line arguments split into options (`--name value` or `--name=value`), flags and
/// positional arguments. Unknown options are usage errors.
struct ParsedArguments {
    private(set) var values: [String: [String]] = [:]
    private(set) var flags: Set<String> = []
    private(set) var positional: [String] = []

    init(_ arguments: [String], options: Set<String>, flags knownFlags: Set<String>) throws(UsageError) {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                positional.append(contentsOf: arguments[index...])
                break
            }
            guard argument.hasPrefix("-"), argument.count > 1 else {
                positional.append(argument)
                continue
            }
            var name = String(argument.drop(while: { $0 == "-" }))
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            if name == "h" { name = "help" }
            if knownFlags.contains(name) || name == "help" {
                flags.insert(name)
            } else if options.contains(name) || (name == "H" && options.contains("header")) {
                let key = name == "H" ? "header" : name
                if let inlineValue {
                    values[key, default: []].append(inlineValue)
                } else {
                    guard index < arguments.count else { throw UsageError("option --\(key) needs a value") }
                    values[key, default: []].append(arguments[index])
                    index += 1
                }
            } else {
                throw UsageError("unknown option \(argument)")
            }
        }
    }

    /// The options given, without their values.
    var optionNames: Set<String> { Set(values.keys) }

    /// The last value of an option.
    func value(_ name: String) -> String? { values[name]?.last }

    /// Every value of a repeatable option.
    func allValues(_ name: String) -> [String] { values[name] ?? [] }

    /// The value of a required option.
    func required(_ name: String) throws(UsageError) -> String {
        guard let value = value(name) else { throw UsageError("missing required option --\(name)") }
        return value
    }
}

/// Wrong use of the command line; reported with the command's usage and exit code 2.
struct UsageError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
