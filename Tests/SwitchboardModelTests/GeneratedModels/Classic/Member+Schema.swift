// swiftlint:disable all
import Switchboard
import Foundation

extension Member {
  // MARK: - CodingKeys 
   public enum CodingKeys: String, ModelKey {
    case id
    case name
    case role
    case team
    case createdAt
    case updatedAt
  }
  
  public static let keys = CodingKeys.self
  //  MARK: - ModelSchema 
  
  public static let schema = defineSchema { model in
    let member = Member.keys
    
    model.pluralName = "Members"
    
    model.fields(
      .id(),
      .field(member.name, is: .required, ofType: .string),
      .field(member.role, is: .optional, ofType: .string),
      .belongsTo(member.team, is: .optional, ofType: Team.self, targetName: "memberTeamId"),
      .field(member.createdAt, is: .optional, isReadOnly: true, ofType: .dateTime),
      .field(member.updatedAt, is: .optional, isReadOnly: true, ofType: .dateTime)
    )
    }
}
