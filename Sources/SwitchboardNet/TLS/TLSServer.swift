/// Accepts TLS connections (server side): for local `wss`/`https` servers and tests, e.g.
/// `HTTPServer.start(tls: TLSAcceptor(configuration: …))`. Each stream it returns has completed
/// its handshake. Linux (OpenSSL) only; elsewhere `init` throws ``TLSError/unavailable(_:)``.
package final class TLSAcceptor: Sendable {
    #if canImport(COpenSSL)
        private let context: OpenSSLContext
    #endif

    /// Loads the certificate chain and key; throws ``TLSError/invalidCertificate(_:)`` if they do not load.
    package init(configuration: TLSServerConfiguration) throws {
        #if canImport(COpenSSL)
            context = try OpenSSLContext(server: configuration)
        #else
            throw TLSError.unavailable("server-side TLS uses OpenSSL, which this platform build does not link")
        #endif
    }

    /// Runs the server side of the handshake on an accepted connection (closing it on failure).
    package func accept(_ connection: TCPConnection) async throws -> any ByteStream {
        #if canImport(COpenSSL)
            do {
                return try await OpenSSLStream.accept(over: connection, context: context)
            } catch {
                await connection.close()
                throw error
            }
        #else
            throw TLSError.unavailable("server-side TLS uses OpenSSL, which this platform build does not link")
        #endif
    }
}
