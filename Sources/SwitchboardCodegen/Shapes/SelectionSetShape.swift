/// The struct generated for one selection set: its properties, type cases, fragments and the
/// structs nested in it. Built by ``ShapeBuilder``, written by ``SelectionSetWriter``.
struct SelectionSetShape {
    /// The Swift struct's name (`Data`, `Hero`, `AsDroid`).
    var name: String
    /// The GraphQL type the selection set is on.
    var graphQLType: String
    /// For a type case, the `__typename`s for which it is present.
    var possibleTypes: Set<String>?
    /// The object types the selection set may be on; one for a concrete object type, whose
    /// `__typename` the memberwise initializer then fills in.
    var scope: Set<String> = []
    /// Whether the struct has the implicit `__typename` property (every selection set below the
    /// operation root).
    var hasTypename: Bool
    /// The fields, in document order.
    var properties: [FieldProperty] = []
    /// `asDroid`-style accessors, each with its nested struct.
    var typeCases: [TypeCase] = []
    /// The named fragments reachable as `fragments.x`.
    var fragments: [FragmentReference] = []
    /// The name of the fragments container: `fragments`, unless a field has that name.
    var fragmentsProperty = "fragments"
    /// Structs declared for object fields (fields whose struct an enclosing type case already
    /// declares with the same selections reuse that one instead).
    var fieldTypes: [SelectionSetShape] = []

    /// The fragments whose `_Key` protocol the struct conforms to: those always present.
    var keyFragments: [FragmentReference] { fragments.filter { !$0.isOptional } }

    /// Whether `Decodable` can be synthesized (no type cases or fragments to decode by hand).
    var synthesizesDecoding: Bool { typeCases.isEmpty && fragments.isEmpty }
}

/// A stored property for a selected field.
struct FieldProperty {
    /// The response key (the alias when there is one), which is the property's name.
    var responseKey: String
    /// The property's Swift type without the outer optional (`[Friend?]`).
    var baseType: String
    /// Whether the property is optional: a nullable field, or one under `@include`/`@skip`.
    var isOptional: Bool
    /// The schema's description of the field.
    var description: String?

    /// The full Swift type (`[Friend?]?`).
    var swiftType: String { isOptional ? baseType + "?" : baseType }
}

/// An `asDroid: AsDroid?` accessor and the struct it holds.
struct TypeCase {
    /// The accessor's name.
    var propertyName: String
    /// The struct, whose ``SelectionSetShape/possibleTypes`` decide when it is present.
    var shape: SelectionSetShape
}

/// `fragments.droidDetails`: a named fragment spread in the selection set.
struct FragmentReference {
    /// How the value is obtained when the selection set is decoded.
    enum Source: Equatable {
        /// Always present: decoded from the object.
        case decoded
        /// Spread under `@include`/`@skip`: decoded when its fields are there.
        case decodedIfIncluded
        /// Spread under a type condition: taken from the type cases that hold it (each an
        /// expression such as `asDroid?.fragments.droidDetails`).
        case typeCases([String])
    }

    /// The fragment's name (and its struct's).
    var fragmentName: String
    /// The property name in `Fragments`.
    var propertyName: String
    /// How the struct that holds it (a type case) names it: `fragments.droidDetails`.
    var containerPath: String
    /// How it is obtained.
    var source: Source

    /// Whether `fragments.x` is optional.
    var isOptional: Bool { source != .decoded }
}
