// swiftlint:disable all
import Switchboard
import Foundation

extension Team {
  // MARK: - CodingKeys 
   public enum CodingKeys: String, ModelKey {
    case id
    case name
    case members
    case createdAt
    case updatedAt
  }
  
  public static let keys = CodingKeys.self
  //  MARK: - ModelSchema 
  
  public static let schema = defineSchema { model in
    let team = Team.keys
    
    model.pluralName = "Teams"
    
    model.attributes(
      .primaryKey(fields: [team.id])
    )
    
    model.fields(
      .field(team.id, is: .required, ofType: .string),
      .field(team.name, is: .required, ofType: .string),
      .hasMany(team.members, is: .optional, ofType: Member.self, associatedWith: Member.keys.team),
      .field(team.createdAt, is: .optional, isReadOnly: true, ofType: .dateTime),
      .field(team.updatedAt, is: .optional, isReadOnly: true, ofType: .dateTime)
    )
    }
}

extension Team: ModelIdentifiable {
  public typealias IdentifierFormat = ModelIdentifierFormat.Default
  public typealias IdentifierProtocol = DefaultModelIdentifier<Self>
}
