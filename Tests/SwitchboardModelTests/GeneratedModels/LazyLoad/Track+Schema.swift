// swiftlint:disable all
import Switchboard
import Foundation

extension Track {
  // MARK: - CodingKeys 
   public enum CodingKeys: String, ModelKey {
    case albumId
    case trackNumber
    case title
    case seconds
    case createdAt
    case updatedAt
  }
  
  public static let keys = CodingKeys.self
  //  MARK: - ModelSchema 
  
  public static let schema = defineSchema { model in
    let track = Track.keys
    
    model.authRules = [
      rule(allow: .public, operations: [.create, .update, .delete, .read])
    ]
    
    model.listPluralName = "Tracks"
    model.syncPluralName = "Tracks"
    
    model.attributes(
      .index(fields: ["albumId", "trackNumber"], name: nil),
      .primaryKey(fields: [track.albumId, track.trackNumber])
    )
    
    model.fields(
      .field(track.albumId, is: .required, ofType: .string),
      .field(track.trackNumber, is: .required, ofType: .int),
      .field(track.title, is: .required, ofType: .string),
      .field(track.seconds, is: .optional, ofType: .int),
      .field(track.createdAt, is: .optional, isReadOnly: true, ofType: .dateTime),
      .field(track.updatedAt, is: .optional, isReadOnly: true, ofType: .dateTime)
    )
    }
    public class Path: ModelPath<Track> { }
    
    public static var rootPath: PropertyContainerPath? { Path() }
}

extension Track: ModelIdentifiable {
  public typealias IdentifierFormat = ModelIdentifierFormat.Custom
  public typealias IdentifierProtocol = ModelIdentifier<Self, ModelIdentifierFormat.Custom>
}

extension Track.IdentifierProtocol {
  public static func identifier(albumId: String,
      trackNumber: Int) -> Self {
    .make(fields:[(name: "albumId", value: albumId), (name: "trackNumber", value: trackNumber)])
  }
}
extension ModelPath where ModelType == Track {
  public var albumId: FieldPath<String>   {
      string("albumId") 
    }
  public var trackNumber: FieldPath<Int>   {
      int("trackNumber") 
    }
  public var title: FieldPath<String>   {
      string("title") 
    }
  public var seconds: FieldPath<Int>   {
      int("seconds") 
    }
  public var createdAt: FieldPath<Temporal.DateTime>   {
      datetime("createdAt") 
    }
  public var updatedAt: FieldPath<Temporal.DateTime>   {
      datetime("updatedAt") 
    }
}
