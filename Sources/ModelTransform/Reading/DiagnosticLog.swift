import GraphQLLanguage

/// Collects the diagnostics of one transform, tagged with the schema's file name.
struct DiagnosticLog {
    let fileName: String?
    private(set) var diagnostics: [ModelDiagnostic] = []

    init(fileName: String?) { self.fileName = fileName }

    var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    mutating func error(_ message: String, at location: SourceLocation) {
        diagnostics.append(ModelDiagnostic(severity: .error, message: message, location: location, fileName: fileName))
    }

    mutating func warning(_ message: String, at location: SourceLocation) {
        diagnostics.append(
            ModelDiagnostic(severity: .warning, message: message, location: location, fileName: fileName))
    }

    /// The diagnostics in source order (stable for equal positions); position-less ones last.
    var sorted: [ModelDiagnostic] {
        diagnostics.enumerated().sorted { lhs, rhs in
            let left = lhs.element.location == .unknown ? Int.max : lhs.element.location.offset
            let right = rhs.element.location == .unknown ? Int.max : rhs.element.location.offset
            return left == right ? lhs.offset < rhs.offset : left < right
        }.map(\.element)
    }
}
