/// The scalars a model field may have: GraphQL's five and AppSync's nine.
package enum ModelScalar: String, Sendable, Hashable, CaseIterable {
    /// `ID`.
    case id = "ID"
    /// `String`.
    case string = "String"
    /// `Int`.
    case int = "Int"
    /// `Float`.
    case float = "Float"
    /// `Boolean`.
    case boolean = "Boolean"
    /// `AWSDate`: `YYYY-MM-DD`.
    case awsDate = "AWSDate"
    /// `AWSTime`: `hh:mm:ss.sss`.
    case awsTime = "AWSTime"
    /// `AWSDateTime`: `YYYY-MM-DDThh:mm:ss.sssZ`.
    case awsDateTime = "AWSDateTime"
    /// `AWSTimestamp`: seconds since the epoch.
    case awsTimestamp = "AWSTimestamp"
    /// `AWSEmail`.
    case awsEmail = "AWSEmail"
    /// `AWSJSON`: a JSON document in a string.
    case awsJSON = "AWSJSON"
    /// `AWSURL`.
    case awsURL = "AWSURL"
    /// `AWSPhone`.
    case awsPhone = "AWSPhone"
    /// `AWSIPAddress`.
    case awsIPAddress = "AWSIPAddress"

    /// The GraphQL scalar whose filter and key-condition inputs this scalar uses: AppSync scalars
    /// filter as `String`, `AWSTimestamp` as `Int`.
    package var filterScalar: ModelScalar {
        switch self {
        case .id, .string, .int, .float, .boolean: return self
        case .awsTimestamp: return .int
        default: return .string
        }
    }

    /// Whether this is one of AppSync's `AWS…` scalars.
    package var isAppSyncScalar: Bool { filterScalar != self }
}
