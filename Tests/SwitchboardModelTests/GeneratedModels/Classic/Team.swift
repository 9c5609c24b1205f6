// swiftlint:disable all
import Switchboard
import Foundation

public struct Team: Model {
  public let id: String
  public var name: String
  public var members: List<Member>?
  public var createdAt: Temporal.DateTime?
  public var updatedAt: Temporal.DateTime?
  
  public init(id: String = UUID().uuidString,
      name: String,
      members: List<Member>? = []) {
    self.init(id: id,
      name: name,
      members: members,
      createdAt: nil,
      updatedAt: nil)
  }
  internal init(id: String = UUID().uuidString,
      name: String,
      members: List<Member>? = [],
      createdAt: Temporal.DateTime? = nil,
      updatedAt: Temporal.DateTime? = nil) {
      self.id = id
      self.name = name
      self.members = members
      self.createdAt = createdAt
      self.updatedAt = updatedAt
  }
}
