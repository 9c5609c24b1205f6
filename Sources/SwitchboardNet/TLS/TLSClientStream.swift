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
            do {
                return try await OpenSSLStream.connect(
                    over: connection, serverName: serverName, configuration: configuration)
            } catch {
                await connection.close()
                throw error
            }
        #elseif canImport(Network)
            return try await NetworkTLSStream.connect(host: host, port: port, configuration: configuration)
        #else
            throw TLSError.unavailable("this platform has neither OpenSSL nor Network.framework")
        #endif
    }
}
