// swiftlint:disable all
import Switchboard
import Foundation

// Contains the set of classes that conforms to the `Model` protocol. 

final public class AmplifyModels: AmplifyModelRegistration {
  public let version: String = "5c4ad2e8b7c1f0a9d3e6b2f4a1c8e7d9"
  
  public func registerModels(registry: ModelRegistry.Type) {
    ModelRegistry.register(modelType: Blog.self)
    ModelRegistry.register(modelType: Post.self)
    ModelRegistry.register(modelType: Comment.self)
    ModelRegistry.register(modelType: Track.self)
    ModelRegistry.register(modelType: Team.self)
    ModelRegistry.register(modelType: Member.self)
  }
}
