import GraphQLLanguage
import ModelTransform

/// AppSync's schema-level authorization: a field admits the modes of its `@aws_*` directives,
/// or else those of its type's, or else only the API's default mode. Any other mode gets
/// "Not Authorized to access X on type Y" (`errorType` `Unauthorized`) in place of the field.
struct DirectiveAccessPolicy: FieldAccessPolicy {
    /// The modes of each type that names some, and of each field that names some, as bit sets:
    /// checked for every field executed, a `Set` of modes cost a hash of the mode's name each time.
    private let typeModes: [String: ModeSet]
    private let fieldModes: [String: [String: ModeSet]]
    private let defaultModes: ModeSet

    init(schema: Schema, defaultMode: AuthorizationMode) {
        var typeModes: [String: ModeSet] = [:]
        var fieldModes: [String: [String: ModeSet]] = [:]
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
        defaultModes = ModeSet(defaultMode)
    }

    static func modes(_ directives: [Directive]) -> ModeSet {
        var modes = ModeSet()
        for directive in directives {
            if let mode = AuthorizationMode.allCases.first(where: { $0.directiveName == directive.name }) {
                modes.insert(mode)
            }
        }
        return modes
    }

    /// The modes `field` of `type` admits.
    func modes(type: String, field: String) -> ModeSet {
        if !fieldModes.isEmpty, let modes = fieldModes[type]?[field] { return modes }
        if !typeModes.isEmpty, let modes = typeModes[type] { return modes }
        return defaultModes
    }

    func check(parentType: String, field: SchemaField, context: RequestContext) -> ExecutionError? {
        guard !modes(type: parentType, field: field.name).contains(context.identity.mode) else { return nil }
        return AppSyncErrors.unauthorized(field: field.name, type: parentType)
    }

    /// The caller's authorization mode: the only part of a request ``check`` reads.
    func decisionKey(for context: RequestContext) -> Int? { ModeSet.position(of: context.identity.mode) }
}

/// A set of authorization modes, one bit each.
struct ModeSet: Sendable, Equatable {
    private var bits: UInt32 = 0

    init() {}

    init(_ mode: AuthorizationMode) { insert(mode) }

    var isEmpty: Bool { bits == 0 }

    mutating func insert(_ mode: AuthorizationMode) { bits |= Self.bit(of: mode) }

    func contains(_ mode: AuthorizationMode) -> Bool { bits & Self.bit(of: mode) != 0 }

    private static func bit(of mode: AuthorizationMode) -> UInt32 { 1 << UInt32(position(of: mode)) }

    /// The mode's position among the modes (a handful): its bit, and its number for sharing decisions.
    static func position(of mode: AuthorizationMode) -> Int { order.firstIndex(of: mode)! }

    private static let order = AuthorizationMode.allCases
}
