// swiftlint:disable all
import Switchboard
import Foundation

public struct Member: Model {
  public let id: String
  public var name: String
  public var role: String?
  public var team: Team?
  public var createdAt: Temporal.DateTime?
  public var updatedAt: Temporal.DateTime?
  
  public init(id: String = UUID().uuidString,
      name: String,
      role: String? = nil,
      team: Team? = nil) {
    self.init(id: id,
      name: name,
      role: role,
      team: team,
      createdAt: nil,
      updatedAt: nil)
  }
  internal init(id: String = UUID().uuidString,
      name: String,
      role: String? = nil,
      team: Team? = nil,
      createdAt: Temporal.DateTime? = nil,
      updatedAt: Temporal.DateTime? = nil) {
      self.id = id
      self.name = name
      self.role = role
      self.team = team
      self.createdAt = createdAt
      self.updatedAt = updatedAt
  }
}
