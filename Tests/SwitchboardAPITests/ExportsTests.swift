import Foundation
import SwitchboardAPI
import Testing

/// `import SwitchboardAPI` alone is enough for what the documentation's examples use: this file imports
/// nothing else, so it compiles only while the re-exports hold.
@Suite struct ExportsTests {
    @Test func tlsAndWebSocketSettingsComeWithTheAPIModule() throws {
        let tls = TLSConfiguration(trustedCertificates: [.pem("-----BEGIN CERTIFICATE-----")])
        let transport = WebSocketRealtimeTransport(configuration: WebSocketConfiguration(), tls: tls)
        _ = try APIPlugin(realtimeTransport: transport)
        #expect(tls.verifyHostName && tls.trustsSystemRoots)
        let error: TLSError = .hostNameMismatch(host: "example.com")
        #expect("\(error)".contains("example.com"))
    }
}
