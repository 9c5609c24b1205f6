#if !canImport(COpenSSL) && canImport(Network)
    import Foundation
    import Network
    import Security
    import SwitchboardCore

    /// TLS on Apple platforms: Network.framework does TCP and TLS (with the system's certificate
    /// and host-name verification) and this adapts its callbacks to ``ByteStream``.
    ///
    /// Not compiled on the Linux build machine; kept deliberately small.
    final class NetworkTLSStream: ByteStream, SynchronouslyClosable {
        private let connection: NWConnection
        private static let queue = DispatchQueue(label: "switchboard.tls")

        private init(connection: NWConnection) { self.connection = connection }

        /// Connects to `host:port` and completes a TLS handshake verified per `configuration`.
        static func connect(host: String, port: Int, configuration: TLSConfiguration) async throws -> NetworkTLSStream {
            guard let endpointPort = NWEndpoint.Port(rawValue: UInt16(clamping: port)) else {
                throw NetworkError(.badAddress, operation: "connect", detail: "port \(port)")
            }
            let anchors = try TrustAnchors(configuration.trustedCertificates)
            let tlsOptions = NWProtocolTLS.Options()
            let security = tlsOptions.securityProtocolOptions
            sec_protocol_options_set_tls_server_name(security, host)
            if !anchors.certificates.isEmpty || !configuration.verifyHostName || !configuration.trustsSystemRoots {
                sec_protocol_options_set_verify_block(
                    security,
                    { _, trustReference, complete in
                        let trust = sec_trust_copy_ref(trustReference).takeRetainedValue()
                        SecTrustSetPolicies(
                            trust, SecPolicyCreateSSL(true, configuration.verifyHostName ? host as CFString : nil))
                        if !anchors.certificates.isEmpty {
                            SecTrustSetAnchorCertificates(trust, anchors.certificates as CFArray)
                            SecTrustSetAnchorCertificatesOnly(trust, !configuration.trustsSystemRoots)
                        }
                        complete(SecTrustEvaluateWithError(trust, nil))
                    }, queue)
            }
            let connection = NWConnection(
                host: NWEndpoint.Host(host), port: endpointPort, using: NWParameters(tls: tlsOptions))
            let resumed = OnceFlag()
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                connection.stateUpdateHandler = { state in
                    let outcome: Result<Void, any Error>?
                    switch state {
                    case .ready: outcome = .success(())
                    case .failed(let error), .waiting(let error):
                        outcome = .failure(TLSError.handshakeFailed("\(error)"))
                    case .cancelled: outcome = .failure(NetworkError(.closed, operation: "connect"))
                    default: outcome = nil
                    }
                    guard let outcome,
                        resumed.claim()
                    else { return }
                    if case .failure = outcome { connection.cancel() }
                    continuation.resume(with: outcome)
                }
                connection.start(queue: queue)
            }
            return NetworkTLSStream(connection: connection)
        }

        func read(maxBytes: Int) async throws -> [UInt8] {
            try await withCheckedThrowingContinuation { continuation in
                connection.receive(minimumIncompleteLength: 1, maximumLength: maxBytes) { data, _, isComplete, error in
                    if let data, !data.isEmpty {
                        continuation.resume(returning: [UInt8](data))
                    } else if let error, !isComplete {
                        continuation.resume(throwing: TLSError.connectionFailed("\(error)"))
                    } else {
                        continuation.resume(returning: [])
                    }
                }
            }
        }

        func write(_ bytes: [UInt8]) async throws {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                connection.send(
                    content: Data(bytes),
                    completion: .contentProcessed { error in
                        if let error {
                            continuation.resume(throwing: TLSError.connectionFailed("\(error)"))
                        } else {
                            continuation.resume()
                        }
                    })
            }
        }

        func close() async { connection.cancel() }

        func closeNow() { connection.cancel() }
    }

    /// True for the first caller of ``claim()`` only: a continuation is resumed exactly once.
    private final class OnceFlag: Sendable {
        private let done = Locked(false)

        func claim() -> Bool {
            done.withLock { done in
                defer { done = true }
                return !done
            }
        }
    }

    /// Extra CA certificates decoded from PEM. Immutable after `init`, which is what makes sharing
    /// the CF objects with the verify block `@unchecked Sendable`.
    private struct TrustAnchors: @unchecked Sendable {
        let certificates: [SecCertificate]

        init(_ sources: [TLSConfiguration.Certificate]) throws {
            var certificates: [SecCertificate] = []
            for source in sources {
                let pem: String
                switch source {
                case .pem(let text): pem = text
                case .pemFile(let url):
                    guard let text = try? String(contentsOf: url, encoding: .utf8) else {
                        throw TLSError.invalidCertificate("cannot read \(url.path)")
                    }
                    pem = text
                }
                let blocks = pem.components(separatedBy: "-----BEGIN CERTIFICATE-----").dropFirst()
                for block in blocks {
                    let body = block.components(separatedBy: "-----END CERTIFICATE-----")[0]
                        .components(separatedBy: .whitespacesAndNewlines).joined()
                    guard let der = Data(base64Encoded: body),
                        let certificate = SecCertificateCreateWithData(nil, der as CFData)
                    else { throw TLSError.invalidCertificate("a PEM certificate block does not decode") }
                    certificates.append(certificate)
                }
            }
            self.certificates = certificates
        }
    }
#endif
