// swiftlint:disable all
import Switchboard
import Foundation

public enum PostStatus: String, EnumPersistable {
  case draft = "DRAFT"
  case published = "PUBLISHED"
}
