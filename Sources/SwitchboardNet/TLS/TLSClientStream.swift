/// Opens TLS client connections: OpenSSL over the event loop's sockets on Linux,
/// Network.framework on Apple platforms.
package enum TLSClientStream {
    /// Connects to `host:port` and completes a verified TLS handshake for `serverName`.
    package static func connect(host: String, port: Int, serverName: String, configuration: TLSConfiguration)
        async throws -> any ByteStream
    {
        #if canImport(COpenSSL)
            _ = try OpenSSLContext.client(configuration)  // bad CA files fail before any connection
            let connection = try await TCPConnection.connect(host: host, port: port)
            return try await handshake(over: connection, serverName: serverName, configuration: configuration)
        #elseif canImport(Network)
            return try await NetworkTLSStream.connect(host: host, port: port, configuration: configuration)
        #else
            throw TLSError.unavailable("this platform has neither OpenSSL nor Network.framework")
        #endif
    }

    /// Completes a verified TLS handshake for `serverName` over an open connection (a proxy's
    /// tunnel); the connection is closed if the handshake fails. Needs OpenSSL: on Apple
    /// platforms, where Network.framework makes its own connections, it throws
    /// ``TLSError/unavailable(_:)``.
    package static func handshake(over connection: TCPConnection, serverName: String, configuration: TLSConfiguration)
        async throws -> any ByteStream
    {
        #if canImport(COpenSSL)
            do {
                return try await OpenSSLStream.connect(
                    over: connection, serverName: serverName, configuration: configuration)
            } catch {
                await connection.close()
                throw error
            }
        #else
            await connection.close()
            throw TLSError.unavailable("TLS over an existing connection (through a proxy) needs OpenSSL")
        #endif
    }
}
