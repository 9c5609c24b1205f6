import Foundation
import SwitchboardNet
import TestSupport

/// A TLS acceptor for one of the shared test certificates' leaves, for the transport tests'
/// `https` servers.
enum TestTLSAcceptor {
    /// The acceptor and the certificates (whose CA clients must trust), or `nil`, with the reason
    /// printed, where the certificates cannot be made or TLS is unavailable.
    static func make(
        leaf: (TestCertificates) -> (chain: URL, key: URL), caller: String = #function
    ) async throws -> (acceptor: TLSAcceptor, certificates: TestCertificates)? {
        guard let certificates = await TestCertificates.shared(caller: caller) else { return nil }
        let files = leaf(certificates)
        do {
            let acceptor = try TLSAcceptor(
                configuration: TLSServerConfiguration(certificateChainFile: files.chain, privateKeyFile: files.key))
            return (acceptor, certificates)
        } catch TLSError.unavailable(let reason) {
            print("skipping \(caller): \(reason)")
            return nil
        }
    }
}
