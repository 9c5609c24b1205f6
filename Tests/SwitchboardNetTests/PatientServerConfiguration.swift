@testable import SwitchboardNet

extension HTTPServer.Configuration {
    /// The defaults, but with a request head timeout of two minutes, for tests that are not about
    /// that timeout. A new connection that sends nothing within the head timeout is closed without
    /// an answer, and the whole parallel suite on two cores has left a client task unscheduled for
    /// more than the default 10 s between connecting and sending, which such a test would report
    /// as a server that closed without answering.
    static func patient(
        limits: HTTPRequestParser.Limits = .init(), maximumConnections: Int = Self.defaultMaximumConnections,
        requestBodyTimeout: Duration = .seconds(60)
    ) -> Self {
        .init(
            limits: limits, requestHeadTimeout: .seconds(120), maximumConnections: maximumConnections,
            requestBodyTimeout: requestBodyTimeout)
    }
}
