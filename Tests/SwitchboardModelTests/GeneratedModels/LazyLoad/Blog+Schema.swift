// swiftlint:disable all
import Switchboard
import Foundation

extension Blog {
  // MARK: - CodingKeys 
   public enum CodingKeys: String, ModelKey {
    case id
    case name
    case posts
    case createdAt
    case updatedAt
  }
  
  public static let keys = CodingKeys.self
  //  MARK: - ModelSchema 
  
  public static let schema = defineSchema { model in
    let blog = Blog.keys
    
    model.authRules = [
      rule(allow: .public, operations: [.create, .update, .delete, .read])
    ]
    
    model.listPluralName = "Blogs"
    model.syncPluralName = "Blogs"
    
    model.attributes(
      .primaryKey(fields: [blog.id])
    )
    
    model.fields(
      .field(blog.id, is: .required, ofType: .string),
      .field(blog.name, is: .required, ofType: .string),
      .hasMany(blog.posts, is: .optional, ofType: Post.self, associatedWith: Post.keys.blog),
      .field(blog.createdAt, is: .optional, isReadOnly: true, ofType: .dateTime),
      .field(blog.updatedAt, is: .optional, isReadOnly: true, ofType: .dateTime)
    )
    }
    public class Path: ModelPath<Blog> { }
    
    public static var rootPath: PropertyContainerPath? { Path() }
}

extension Blog: ModelIdentifiable {
  public typealias IdentifierFormat = ModelIdentifierFormat.Default
  public typealias IdentifierProtocol = DefaultModelIdentifier<Self>
}
extension ModelPath where ModelType == Blog {
  public var id: FieldPath<String>   {
      string("id") 
    }
  public var name: FieldPath<String>   {
      string("name") 
    }
  public var posts: ModelPath<Post>   {
      Post.Path(name: "posts", isCollection: true, parent: self) 
    }
  public var createdAt: FieldPath<Temporal.DateTime>   {
      datetime("createdAt") 
    }
  public var updatedAt: FieldPath<Temporal.DateTime>   {
      datetime("updatedAt") 
    }
}
