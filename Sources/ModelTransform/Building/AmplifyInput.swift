import GraphQLLanguage

/// Amplify's `input AMPLIFY { globalAuthRule: AuthRule = { allow: public } }`: not a type of the
/// API but a setting, which opens every model without `@auth` to API keys (sandbox mode).
enum AmplifyInput {
    static let typeName = "AMPLIFY"

    /// Whether the block enables the public global rule; anything else in it is reported.
    static func readsSandbox(_ type: TypeDefinition, log: inout DiagnosticLog) -> Bool {
        var isSandbox = false
        for field in type.inputFields {
            guard field.name == "globalAuthRule" else {
                log.warning(
                    "ignored AMPLIFY.\(field.name): only globalAuthRule is a setting of input AMPLIFY",
                    at: field.location)
                continue
            }
            let allow = field.defaultValue?.objectFields?.first { $0.name == "allow" }?.value.enumOrStringValue
            if allow == "public" {
                isSandbox = true
            } else {
                log.warning(
                    "ignored AMPLIFY.globalAuthRule: only the default value { allow: public } is supported",
                    at: field.location)
            }
        }
        return isSandbox
    }
}
