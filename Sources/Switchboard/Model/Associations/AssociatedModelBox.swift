/// The storage of a classic-form `belongsTo` or `hasOne` field whose models refer to each other
/// (`Project.team` and `Team.project`, or a model pointing to its own type): two structs cannot
/// contain each other by value, so generated files keep the related model in this box and expose
/// it through a computed property of the usual type:
///
/// ```swift
/// internal var _team: AssociatedModelBox<Team?>
/// public var team: Team? {
///     get { _team.value }
///     set { _team = AssociatedModelBox(newValue) }
/// }
/// ```
///
/// The box is immutable, so copies of a model never share a change: setting the property stores a
/// new box.
public final class AssociatedModelBox<Value: Sendable>: Sendable {
    /// The related model (or `nil`).
    public let value: Value

    /// A box holding `value`.
    public init(_ value: Value) {
        self.value = value
    }
}
