import Switchboard

// Contains the set of classes that conforms to the `Model` protocol.

final public class AmplifyModels: AmplifyModelRegistration {
    public let version: String = "8d2b5f0e3c71a94b6e0f2d8c1a7b3e95"

    public func registerModels(registry: ModelRegistry.Type) {
        ModelRegistry.register(modelType: Todo.self)
        ModelRegistry.register(modelType: Post.self)
        ModelRegistry.register(modelType: Comment.self)
        ModelRegistry.register(modelType: Note.self)
    }
}
