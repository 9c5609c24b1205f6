// swiftlint:disable all
import Switchboard
import Foundation

public struct Location: Embeddable {
  var lat: Double
  var lon: Double
  var name: String?
}
