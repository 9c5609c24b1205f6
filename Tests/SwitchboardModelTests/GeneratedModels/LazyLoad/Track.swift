// swiftlint:disable all
import Switchboard
import Foundation

public struct Track: Model {
  public let albumId: String
  public let trackNumber: Int
  public var title: String
  public var seconds: Int?
  public var createdAt: Temporal.DateTime?
  public var updatedAt: Temporal.DateTime?
  
  public init(albumId: String,
      trackNumber: Int,
      title: String,
      seconds: Int? = nil) {
    self.init(albumId: albumId,
      trackNumber: trackNumber,
      title: title,
      seconds: seconds,
      createdAt: nil,
      updatedAt: nil)
  }
  internal init(albumId: String,
      trackNumber: Int,
      title: String,
      seconds: Int? = nil,
      createdAt: Temporal.DateTime? = nil,
      updatedAt: Temporal.DateTime? = nil) {
      self.albumId = albumId
      self.trackNumber = trackNumber
      self.title = title
      self.seconds = seconds
      self.createdAt = createdAt
      self.updatedAt = updatedAt
  }
}
