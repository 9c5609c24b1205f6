#if canImport(COpenSSL)
    import COpenSSL
    import SwitchboardCore

    /// TLS over a ``TCPConnection`` with OpenSSL driven through memory BIOs: OpenSSL never
    /// touches the socket, so every wait happens in the event loop and no thread blocks.
    ///
    /// OpenSSL calls on the session run inside a mutex and never suspend; socket reads and
    /// writes happen outside it. Encrypted output is taken from the write BIO and sent while
    /// holding an async lock, so records reach the wire in the order OpenSSL produced them.
    final class OpenSSLStream: ByteStream, SynchronouslyClosable {
        /// The session's pointers; only dereferenced inside `session`'s mutex, which is what makes
        /// sharing them `@unchecked Sendable`.
        private struct Session: @unchecked Sendable {
            var ssl: OpaquePointer?
            var readBIO: OpaquePointer?
            var writeBIO: OpaquePointer?
        }

        private let connection: TCPConnection

        var localHost: String? { connection.localHost }
        private let session: Locked<Session>
        private let outputLock = AsyncLock()
        /// Kept alive for as long as the session uses it.
        private let context: OpenSSLContext
        private let peerName: String

        private init(connection: TCPConnection, context: OpenSSLContext, peerName: String) throws(TLSError) {
            guard let ssl = SSL_new(context.pointer), let readBIO = BIO_new(BIO_s_mem()),
                let writeBIO = BIO_new(BIO_s_mem())
            else { throw .handshakeFailed("cannot allocate a TLS session: \(OpenSSLErrors.drain())") }
            SSL_set_bio(ssl, readBIO, writeBIO)
            self.connection = connection
            self.context = context
            self.peerName = peerName
            self.session = Locked(Session(ssl: ssl, readBIO: readBIO, writeBIO: writeBIO))
        }

        deinit {
            session.withLock { session in
                if let ssl = session.ssl { SSL_free(ssl) }  // frees both BIOs too
                session.ssl = nil
            }
        }

        /// Runs the client handshake over `connection`, with SNI and (unless turned off) host-name
        /// verification for `serverName`.
        static func connect(over connection: TCPConnection, serverName: String, configuration: TLSConfiguration)
            async throws -> OpenSSLStream
        {
            let context = try OpenSSLContext.client(configuration)
            let stream = try OpenSSLStream(connection: connection, context: context, peerName: serverName)
            try stream.session.withLock { session throws(TLSError) in
                guard let ssl = session.ssl else { return }
                SSL_set_connect_state(ssl)
                let isAddress = serverName.contains(":") || serverName.allSatisfy { $0.isNumber || $0 == "." }
                if !isAddress { _ = switchboard_SSL_set_tlsext_host_name(ssl, serverName) }
                if configuration.verifyHostName {
                    let ok =
                        isAddress
                        ? X509_VERIFY_PARAM_set1_ip_asc(SSL_get0_param(ssl), serverName)
                        : SSL_set1_host(ssl, serverName)
                    if ok != 1 { throw .handshakeFailed("cannot verify the host name \(serverName)") }
                }
            }
            try await stream.handshake()
            return stream
        }

        /// Runs the server handshake over an accepted `connection`.
        static func accept(over connection: TCPConnection, context: OpenSSLContext) async throws -> OpenSSLStream {
            let stream = try OpenSSLStream(connection: connection, context: context, peerName: connection.remoteAddress)
            stream.session.withLock { session in
                if let ssl = session.ssl { SSL_set_accept_state(ssl) }
            }
            try await stream.handshake()
            return stream
        }

        private func handshake() async throws {
            while true {
                let (result, failure) = try withSSL { ssl in
                    ERR_clear_error()
                    let result = SSL_do_handshake(ssl)
                    let error = result == 1 ? SSL_ERROR_NONE : SSL_get_error(ssl, result)
                    let failure: TLSError? =
                        (error == SSL_ERROR_NONE || error == SSL_ERROR_WANT_READ) ? nil : handshakeError(ssl)
                    return (result, failure)
                }
                try await flushOutput()
                if let failure { throw failure }
                if result == 1 { return }
                let bytes = try await connection.read(maxBytes: 16_384)
                if bytes.isEmpty {
                    throw TLSError.handshakeFailed("the peer closed the connection during the handshake")
                }
                try feed(bytes)
            }
        }

        /// Turns a failed handshake into the most specific error (called inside the session lock).
        private func handshakeError(_ ssl: OpaquePointer) -> TLSError {
            let verifyResult = SSL_get_verify_result(ssl)
            let queued = OpenSSLErrors.drain()
            if verifyResult == X509_V_ERR_HOSTNAME_MISMATCH || verifyResult == X509_V_ERR_IP_ADDRESS_MISMATCH {
                return .hostNameMismatch(host: peerName)
            }
            if verifyResult != X509_V_OK {
                let reason = String(cString: X509_verify_cert_error_string(Int(verifyResult)))
                return .untrustedCertificate(host: peerName, reason: reason)
            }
            return .handshakeFailed(queued)
        }

        func read(maxBytes: Int) async throws -> [UInt8] {
            while true {
                let (bytes, error, hasOutput) = try withSSL { ssl in
                    ERR_clear_error()
                    var count: Int32 = 0
                    // Decrypted straight into uninitialized capacity: no memset of `maxBytes` per read.
                    let bytes = [UInt8](unsafeUninitializedCapacity: maxBytes) { buffer, initialized in
                        count = SSL_read(ssl, buffer.baseAddress, Int32(maxBytes))
                        initialized = max(Int(count), 0)
                    }
                    let error = count > 0 ? SSL_ERROR_NONE : SSL_get_error(ssl, count)
                    let detail = (error == SSL_ERROR_SSL || error == SSL_ERROR_SYSCALL) ? OpenSSLErrors.drain() : ""
                    return (count > 0 ? bytes : nil, (error, detail), BIO_ctrl_pending(SSL_get_wbio(ssl)) > 0)
                }
                if hasOutput { try await flushOutput() }
                if let bytes { return bytes }
                switch error.0 {
                case SSL_ERROR_ZERO_RETURN: return []
                case SSL_ERROR_WANT_READ:
                    let bytes = try await connection.read(maxBytes: max(maxBytes, 16_384))
                    if bytes.isEmpty { return [] }  // EOF without close_notify: the WebSocket layer reports it
                    try feed(bytes)
                case SSL_ERROR_WANT_WRITE: continue
                default: throw TLSError.connectionFailed(error.1)
                }
            }
        }

        func write(_ bytes: [UInt8]) async throws {
            var offset = 0
            // Encrypt and send in slices so a large message never sits whole in the write BIO.
            repeat {
                let end = min(offset + 65_536, bytes.count)
                let failure = try withSSL { ssl -> String? in
                    ERR_clear_error()
                    let written = bytes.withUnsafeBytes { raw in
                        SSL_write(ssl, raw.baseAddress.map { $0 + offset }, Int32(end - offset))
                    }
                    return written == end - offset ? nil : OpenSSLErrors.drain()
                }
                if let failure { throw TLSError.connectionFailed(failure) }
                try await flushOutput()
                offset = end
            } while offset < bytes.count
        }

        func close() async {
            let farewell = try? withSSL { ssl in
                _ = SSL_shutdown(ssl)
                return true
            }
            if farewell == true { try? await flushOutput() }
            await connection.close()
        }

        func closeNow() { connection.closeNow() }

        private func withSSL<T>(_ body: (OpaquePointer) throws(TLSError) -> T) throws(TLSError) -> T {
            try session.withLock { (session: inout sending Session) throws(TLSError) -> T in
                guard let ssl = session.ssl else { throw TLSError.connectionFailed("the session is closed") }
                return try body(ssl)
            }
        }

        private func feed(_ bytes: [UInt8]) throws {
            try session.withLock { session throws(TLSError) in
                guard let readBIO = session.readBIO else { throw TLSError.connectionFailed("the session is closed") }
                let written = bytes.withUnsafeBytes { BIO_write(readBIO, $0.baseAddress, Int32($0.count)) }
                if written != bytes.count { throw TLSError.connectionFailed("BIO_write: \(OpenSSLErrors.drain())") }
            }
        }

        /// Sends whatever OpenSSL has encrypted so far, in order.
        private func flushOutput() async throws {
            try await outputLock.withLock {
                let pending = session.withLock { session -> [UInt8] in
                    guard let writeBIO = session.writeBIO else { return [] }
                    let count = Int(BIO_ctrl_pending(writeBIO))
                    guard count > 0 else { return [] }
                    return [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
                        initialized = Int(max(0, BIO_read(writeBIO, buffer.baseAddress, Int32(count))))
                    }
                }
                if !pending.isEmpty { try await connection.write(pending) }
            }
        }
    }
#endif
