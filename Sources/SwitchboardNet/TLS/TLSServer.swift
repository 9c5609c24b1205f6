#if canImport(COpenSSL)
    /// Accepts TLS connections on a ``TCPListener`` (Linux, OpenSSL): for local `wss` servers
    /// and tests. Each accepted connection has completed its handshake.
    public final class TLSAcceptor: Sendable {
        private let context: OpenSSLContext

        /// Loads the certificate chain and key; throws ``TLSError/invalidCertificate(_:)`` if they do not load.
        public init(configuration: TLSServerConfiguration) throws {
            context = try OpenSSLContext(server: configuration)
        }

        /// Runs the server side of the handshake on an accepted connection.
        public func accept(_ connection: TCPConnection) async throws -> any ByteStream {
            do {
                return try await OpenSSLStream.accept(over: connection, context: context)
            } catch {
                await connection.close()
                throw error
            }
        }
    }
#endif
