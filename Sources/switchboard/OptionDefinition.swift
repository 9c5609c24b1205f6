/// One option or flag of a command, as help shows it and as the parser reads it: `--name <value>`
/// (or `-s <value>`), or a flag without a value.
struct OptionDefinition: Sendable {
    /// The long name, without its dashes (`schema` for `--schema`).
    let name: String
    /// The one-letter name, without its dash (`H` for `-H`), if there is one.
    let shortName: Character?
    /// What the value is called in help (`file` for `--schema <file>`); `nil` for a flag.
    let valueName: String?
    /// One or two sentences for the OPTIONS section.
    let help: String
    /// The value used when the option is absent, shown as `(default: …)`; `nil` shows nothing.
    let defaultValue: String?
    /// Whether the command cannot run without it (checked by the parser).
    let isRequired: Bool
    /// Whether it may be given more than once, each value kept.
    let isRepeatable: Bool

    /// An option that takes a value.
    static func option(
        _ name: String, short: Character? = nil, value valueName: String, help: String,
        default defaultValue: String? = nil,
        required isRequired: Bool = false, repeatable isRepeatable: Bool = false
    ) -> OptionDefinition {
        OptionDefinition(
            name: name, shortName: short, valueName: valueName, help: help, defaultValue: defaultValue,
            isRequired: isRequired, isRepeatable: isRepeatable)
    }

    /// An option without a value.
    static func flag(_ name: String, short: Character? = nil, help: String) -> OptionDefinition {
        OptionDefinition(
            name: name, shortName: short, valueName: nil, help: help, defaultValue: nil, isRequired: false,
            isRepeatable: false)
    }

    /// `-h`, `--help`: every command takes it.
    static let help = flag("help", short: "h", help: "Show help information.")

    /// `--version` (or `-V`): every command takes it.
    static let version = flag("version", short: "V", help: "Show the version.")

    /// Whether a value follows the option.
    var takesValue: Bool { valueName != nil }

    /// `--name`, the spelling usage lines and messages use.
    var longSpelling: String { "--\(name)" }

    /// `--name <value>` (or `--name` for a flag), as errors and usage lines show it.
    var synopsis: String { valueName.map { "\(longSpelling) <\($0)>" } ?? longSpelling }

    /// `-s, --name <value>`, the label of the option in help.
    var label: String { shortName.map { "-\($0), \(synopsis)" } ?? synopsis }
}
