// swift-format-ignore-file: AlwaysUseLowerCamelCase
// The cases are spelled as on the wire and in mock configuration files (`.GET`, `method: GET`).

/// An HTTP method a mock endpoint answers.
public enum HTTPMethod: String, Sendable, CaseIterable {
    /// `GET`.
    case GET
    /// `POST`.
    case POST
    /// `PUT`.
    case PUT
    /// `PATCH`.
    case PATCH
    /// `DELETE`.
    case DELETE
    /// `HEAD`.
    case HEAD
    /// `OPTIONS`.
    case OPTIONS
}
