#if canImport(COpenSSL)
    import Foundation
    import TestSupport
    import Testing

    @testable import SwitchboardNet

    /// `wss` over OpenSSL against a TLS echo server whose certificates are made at test time.
    struct TLSWebSocketTests {
        /// A WebSocket echo server behind TLS, on Switchboard's HTTP server.
        private func startServer(chain: URL, key: URL) async throws -> HTTPServer {
            let acceptor = try TLSAcceptor(
                configuration: TLSServerConfiguration(certificateChainFile: chain, privateKeyFile: key))
            return try await HTTPServer.start(configuration: .patient(), tls: acceptor) { request in
                .webSocketUpgrade(for: request) { socket in
                    while let message = try? await socket.receive() {
                        switch message {
                        case .text(let text): try? await socket.send(text: text)
                        case .binary(let bytes): try? await socket.send(binary: bytes)
                        }
                    }
                }
            }
        }

        @Test func connectsWithTheExtraCAAndEchoesOverTLS() async throws {
            guard let certificates = await TestCertificates.shared() else { return }
            let server = try await startServer(chain: certificates.ipLeaf.chain, key: certificates.ipLeaf.key)
            let tls = TLSConfiguration(trustedCertificates: [.pemFile(certificates.caFile)])
            let socket = try await WebSocket.connect(to: URL(string: "wss://127.0.0.1:\(server.port)/")!, tls: tls)
            for size in [5, 70_000, 1_000_000] {
                let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 11) }
                try await socket.send(binary: bytes)
                #expect(try await socket.receive() == .binary(bytes))
            }
            try await socket.send(text: "über TLS")
            #expect(try await socket.receive() == .text("über TLS"))
            await socket.close()
            #expect(socket.closeCode == 1000)
            #expect(server.url.scheme == "https")
            await server.stop()
        }

        @Test func oneTaskSendsWhileAnotherReceivesOverTLS() async throws {
            guard let certificates = await TestCertificates.shared() else { return }
            let server = try await startServer(chain: certificates.ipLeaf.chain, key: certificates.ipLeaf.key)
            let socket = try await WebSocket.connect(
                to: URL(string: "wss://127.0.0.1:\(server.port)/")!,
                tls: TLSConfiguration(trustedCertificates: [.pemFile(certificates.caFile)]))
            let count = 300
            let sender = Task {
                for index in 0..<count {
                    try await socket.send(binary: [UInt8](repeating: UInt8(index % 251), count: 20_000))
                }
            }
            for index in 0..<count {
                #expect(try await socket.receive() == .binary([UInt8](repeating: UInt8(index % 251), count: 20_000)))
            }
            try await sender.value
            await socket.close()
            await server.stop()
        }

        @Test func theCAMayBeGivenAsPEMText() async throws {
            guard let certificates = await TestCertificates.shared() else { return }
            let server = try await startServer(chain: certificates.ipLeaf.chain, key: certificates.ipLeaf.key)
            let pem = try String(contentsOf: certificates.caFile, encoding: .utf8)
            let socket = try await WebSocket.connect(
                to: URL(string: "wss://127.0.0.1:\(server.port)/")!,
                tls: TLSConfiguration(trustedCertificates: [.pem(pem)]))
            try await socket.send(text: "pem")
            #expect(try await socket.receive() == .text("pem"))
            await socket.close()
            await server.stop()
        }

        @Test func withoutTheCATheCertificateIsUntrusted() async throws {
            guard let certificates = await TestCertificates.shared() else { return }
            let server = try await startServer(chain: certificates.ipLeaf.chain, key: certificates.ipLeaf.key)
            await #expect {
                _ = try await WebSocket.connect(to: URL(string: "wss://127.0.0.1:\(server.port)/")!)
            } throws: { error in
                guard case .untrustedCertificate(let host, _) = error as? TLSError else { return false }
                return host == "127.0.0.1"
            }
            await server.stop()
        }

        @Test func aCertificateForAnotherHostIsRefused() async throws {
            guard let certificates = await TestCertificates.shared() else { return }
            let server = try await startServer(
                chain: certificates.otherLeaf.chain, key: certificates.otherLeaf.key)
            let url = URL(string: "wss://127.0.0.1:\(server.port)/")!
            let trusted = TLSConfiguration(trustedCertificates: [.pemFile(certificates.caFile)])
            await #expect(throws: TLSError.hostNameMismatch(host: "127.0.0.1")) {
                _ = try await WebSocket.connect(to: url, tls: trusted)
            }
            // Turning host-name verification off (and only that) lets the same certificate through.
            var lenient = trusted
            lenient.verifyHostName = false
            let socket = try await WebSocket.connect(to: url, tls: lenient)
            await socket.close()
            await server.stop()
        }

        @Test func unreadableTrustedCertificatesAreReported() async {
            let tls = TLSConfiguration(trustedCertificates: [.pem("not a certificate")])
            await #expect(throws: TLSError.invalidCertificate("no PEM certificate found in PEM text")) {
                _ = try await WebSocket.connect(to: URL(string: "wss://127.0.0.1:1/")!, tls: tls)
            }
        }
    }
#endif
