import GraphQLLanguage
import ModelTransform

/// AppSync's schema-level authorization: a field admits the modes of its `@aws_*` directives,
/// or else those of its type's, or else only the API's default mode. Any other mode gets
/// "Not Authorized to access X on type Y" (`errorType` `Unauthorized`) in place of the field.
struct DirectiveAccessPolicy: FieldAccessPolicy {
    private let typeModes: [String: Set<AuthorizationMode>]
    private let fieldModes: [String: [String: Set<AuthorizationMode>]]
    /// The default mode alone, built once: building it for every field cost a `Set` allocation
    /// per field executed.
    private let defaultModes: Set<AuthorizationMode>

    init(schema: Schema, defaultMode: AuthorizationMode) {
        var typeModes: [String: Set<AuthorizationMode>] = [:]
        var fieldModes: [String: [String: Set<AuthorizationMode>]] = [:]
        for type in schema.types.values where type.kind == .object || type.kind == .interface {
            let modes = Self.modes(type.directives)
            if !modes.isEmpty { typeModes[type.name] = modes }
            for field in type.fields {
                let modes = Self.modes(field.directives)
                if !modes.isEmpty { fieldModes[type.name, default: [:]][field.name] = modes }
            }
        }
        self.typeModes = typeModes
        self.fieldModes = fieldModes
        self.defaultModes = [defaultMode]
    }

    static func modes(_ directives: [Directive]) -> Set<AuthorizationMode> {
        Set(
            directives.compactMap { directive in AuthorizationMode.allCases.first { $0.directiveName == directive.name }
            })
    }

    /// The modes `field` of `type` admits.
    func modes(type: String, field: String) -> Set<AuthorizationMode> {
        fieldModes[type]?[field] ?? typeModes[type] ?? defaultModes
    }

    func check(parentType: String, field: SchemaField, context: RequestContext) -> ExecutionError? {
        guard !modes(type: parentType, field: field.name).contains(context.identity.mode) else { return nil }
        return AppSyncErrors.unauthorized(field: field.name, type: parentType)
    }
}
