import Foundation

/// How an `https://` or `wss://` connection verifies the server. Verification of the certificate
/// chain and of the host name is on by default; the system's trusted roots are used unless turned
/// off.
///
/// ```swift
/// let tls = TLSConfiguration(trustedCertificates: [.pemFile(URL(fileURLWithPath: "dev-ca.pem"))])
/// let plugin = try APIPlugin(
///     transport: HTTPClientTransport(tls: tls), realtimeTransport: WebSocketRealtimeTransport(tls: tls))
/// ```
public struct TLSConfiguration: Sendable, Hashable {
    /// A certificate (or several) in PEM form.
    public enum Certificate: Sendable, Hashable {
        /// A PEM file on disk, which may hold several certificates.
        case pemFile(URL)
        /// PEM text (`-----BEGIN CERTIFICATE-----` …), which may hold several certificates.
        case pem(String)
    }

    /// Extra certificate authorities to trust, in addition to the system roots (a development CA).
    public var trustedCertificates: [Certificate]
    /// Whether the certificate must match the host name (or IP address) connected to.
    public var verifyHostName: Bool
    /// Whether the operating system's trusted roots are trusted too.
    public var trustsSystemRoots: Bool

    /// Creates a configuration; the defaults verify the server against the system roots.
    public init(trustedCertificates: [Certificate] = [], verifyHostName: Bool = true, trustsSystemRoots: Bool = true) {
        self.trustedCertificates = trustedCertificates
        self.verifyHostName = verifyHostName
        self.trustsSystemRoots = trustsSystemRoots
    }
}

/// Why a TLS connection could not be established or failed.
public enum TLSError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The server's certificate chain is not trusted (`reason` is the verifier's explanation).
    case untrustedCertificate(host: String, reason: String)
    /// The certificate is valid but not issued for the host connected to.
    case hostNameMismatch(host: String)
    /// A certificate or key given in the configuration could not be read.
    case invalidCertificate(String)
    /// The handshake failed for another reason (protocol versions, alerts, the peer closing).
    case handshakeFailed(String)
    /// Reading or writing on an established TLS connection failed.
    case connectionFailed(String)
    /// TLS is not available on this platform build.
    case unavailable(String)

    /// What failed and where.
    public var description: String {
        switch self {
        case .untrustedCertificate(let host, let reason):
            "the TLS certificate of \(host) is not trusted: \(reason) (add its CA with TLSConfiguration(trustedCertificates:))"
        case .hostNameMismatch(let host): "the TLS certificate is not valid for the host name \(host)"
        case .invalidCertificate(let detail): "cannot load a certificate or key: \(detail)"
        case .handshakeFailed(let detail): "the TLS handshake failed: \(detail)"
        case .connectionFailed(let detail): "the TLS connection failed: \(detail)"
        case .unavailable(let detail): "TLS is unavailable: \(detail)"
        }
    }
}

/// A server certificate chain and private key (PEM files), for TLS servers in tests and local tools.
package struct TLSServerConfiguration: Sendable, Hashable {
    /// The certificate chain, leaf first.
    package var certificateChainFile: URL
    /// The private key of the leaf certificate (unencrypted PEM).
    package var privateKeyFile: URL

    /// Creates a server configuration from PEM files.
    package init(certificateChainFile: URL, privateKeyFile: URL) {
        self.certificateChainFile = certificateChainFile
        self.privateKeyFile = privateKeyFile
    }
}
