/// What a property path knows about one step: its name, whether it is a `hasMany` list, and the
/// path it continues.
public struct PropertyPathMetadata {
    /// The property's name.
    public let name: String
    /// Whether the property is a list of models.
    public let isCollection: Bool
    /// The path this step continues; `nil` at the root.
    public let parent: (any PropertyPath)?
}

/// A typed reference to a model property, used by `includes:` in the lazy-load form of models.
public protocol PropertyPath {
    /// The step's metadata (a function, so that it never clashes with generated property names).
    func getMetadata() -> PropertyPathMetadata
}

/// A path to a model (as opposed to a scalar field).
public protocol PropertyContainerPath: PropertyPath {
    /// The dot-separated names from the root, e.g. `comments.author`.
    func getKeyPath() -> String
    /// The model type at this path.
    func getModelType() -> any Model.Type
}

extension PropertyContainerPath {
    /// The dot-separated names from the root.
    public func getKeyPath() -> String { PropertyPathNames.names(of: self).joined(separator: ".") }
}

enum PropertyPathNames {
    /// The names from the root (excluded) to `path`.
    static func names(of path: any PropertyPath) -> [String] {
        var names: [String] = []
        var metadata = path.getMetadata()
        while let parent = metadata.parent {
            names.insert(metadata.name, at: 0)
            metadata = parent.getMetadata()
        }
        return names
    }
}

/// A path to a scalar field of a model.
public struct FieldPath<ValueType>: PropertyPath {
    private let metadata: PropertyPathMetadata

    init(name: String, parent: (any PropertyPath)?) {
        metadata = PropertyPathMetadata(name: name, isCollection: false, parent: parent)
    }

    /// The field's metadata.
    public func getMetadata() -> PropertyPathMetadata { metadata }
}

/// A path to a model; generated files subclass it (`public class Path: ModelPath<Post> {}`) and
/// extend it with one property per field.
open class ModelPath<ModelType: Model>: PropertyContainerPath {
    private let metadata: PropertyPathMetadata

    /// Creates the root path, or a step named `name` under `parent`.
    public init(name: String = "root", isCollection: Bool = false, parent: (any PropertyPath)? = nil) {
        metadata = PropertyPathMetadata(name: name, isCollection: isCollection, parent: parent)
    }

    /// This step's metadata.
    public func getMetadata() -> PropertyPathMetadata { metadata }

    /// The model type at this path.
    public func getModelType() -> any Model.Type { ModelType.self }

    /// Whether this is the root path.
    public func isRoot() -> Bool { metadata.parent == nil }

    /// The `id` field.
    public func id(_ name: String = "id") -> FieldPath<String> { FieldPath(name: name, parent: self) }
    /// A `String` field.
    public func string(_ name: String) -> FieldPath<String> { FieldPath(name: name, parent: self) }
    /// A `Bool` field.
    public func bool(_ name: String) -> FieldPath<Bool> { FieldPath(name: name, parent: self) }
    /// An `AWSDate` field.
    public func date(_ name: String) -> FieldPath<Temporal.Date> { FieldPath(name: name, parent: self) }
    /// An `AWSDateTime` field.
    public func datetime(_ name: String) -> FieldPath<Temporal.DateTime> { FieldPath(name: name, parent: self) }
    /// An `AWSTime` field.
    public func time(_ name: String) -> FieldPath<Temporal.Time> { FieldPath(name: name, parent: self) }
    /// An `Int` field.
    public func int(_ name: String) -> FieldPath<Int> { FieldPath(name: name, parent: self) }
    /// A `Float` field.
    public func double(_ name: String) -> FieldPath<Double> { FieldPath(name: name, parent: self) }
}
