import SwitchboardCore

/// The models an app uses, by name: filled by the generated `AmplifyModels` registration and used
/// to resolve associations declared by name.
public enum ModelRegistry {
    private static let registered = Locked<[ModelName: any Model.Type]>([:])

    /// Registers a model type under its `modelName`.
    public static func register(modelType: any Model.Type) {
        registered.withLock { $0[modelType.modelName] = modelType }
    }

    /// Registers every model of a generated registration (`AmplifyModels()`).
    public static func register(_ registration: some AmplifyModelRegistration) {
        registration.registerModels(registry: ModelRegistry.self)
    }

    /// The model type registered as `name`.
    public static func modelType(from name: ModelName) -> (any Model.Type)? {
        registered.withLock { $0[name] }
    }

    /// The schema of the model registered as `name`.
    public static func modelSchema(from name: ModelName) -> ModelSchema? {
        modelType(from: name)?.schema
    }

    /// Every registered model type, sorted by name.
    public static var models: [any Model.Type] {
        registered.withLock { $0.sorted { $0.key < $1.key }.map(\.value) }
    }

    /// Forgets every registration (for tests).
    package static func reset() {
        registered.withLock { $0 = [:] }
    }
}

/// The class generated as `AmplifyModels.swift`, which registers every model of the schema:
///
/// ```swift
/// final public class AmplifyModels: AmplifyModelRegistration {
///     public let version: String = "…"
///     public func registerModels(registry: ModelRegistry.Type) {
///         ModelRegistry.register(modelType: Post.self)
///     }
/// }
/// ```
public protocol AmplifyModelRegistration {
    /// A hash of the schema the models were generated from.
    var version: String { get }
    /// Registers the models with `registry`.
    func registerModels(registry: ModelRegistry.Type)
}
