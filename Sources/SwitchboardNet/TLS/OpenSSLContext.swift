#if canImport(COpenSSL)
    import COpenSSL
    import Foundation
    import SwitchboardCore

    /// An OpenSSL `SSL_CTX`, configured once and then only read: OpenSSL allows creating
    /// sessions from one context on many threads concurrently, which is what makes this
    /// `@unchecked Sendable` (nothing mutates the context after `init`).
    final class OpenSSLContext: @unchecked Sendable {
        let pointer: OpaquePointer
        let configuration: TLSConfiguration?

        private static let clientContexts = Locked<[TLSConfiguration: OpenSSLContext]>([:])

        /// The (cached) client context for `configuration`.
        static func client(_ configuration: TLSConfiguration) throws(TLSError) -> OpenSSLContext {
            if let cached = clientContexts.withLock({ $0[configuration] }) { return cached }
            let context = try OpenSSLContext(client: configuration)
            clientContexts.withLock { $0[configuration] = context }
            return context
        }

        private init(client configuration: TLSConfiguration) throws(TLSError) {
            guard let context = SSL_CTX_new(TLS_client_method()) else {
                throw .handshakeFailed("SSL_CTX_new: \(OpenSSLErrors.drain())")
            }
            pointer = context
            self.configuration = configuration
            _ = switchboard_SSL_CTX_set_min_proto_version(context, TLS1_2_VERSION)
            SSL_CTX_set_verify(context, SSL_VERIFY_PEER, nil)
            if configuration.trustsSystemRoots { _ = SSL_CTX_set_default_verify_paths(context) }
            let store = SSL_CTX_get_cert_store(context)
            for certificate in configuration.trustedCertificates {
                let pem: [UInt8]
                switch certificate {
                case .pem(let text): pem = Array(text.utf8)
                case .pemFile(let url):
                    guard let data = FileManager.default.contents(atPath: url.path) else {
                        throw .invalidCertificate("cannot read \(url.path)")
                    }
                    pem = Array(data)
                }
                let added = pem.withUnsafeBytes { raw -> Int in
                    guard let bio = BIO_new_mem_buf(raw.baseAddress, Int32(raw.count)) else { return 0 }
                    defer { BIO_free(bio) }
                    var count = 0
                    while let x509 = PEM_read_bio_X509(bio, nil, nil, nil) {
                        if X509_STORE_add_cert(store, x509) == 1 { count += 1 }
                        X509_free(x509)
                    }
                    ERR_clear_error()  // the loop ends with a "no start line" error
                    return count
                }
                if added == 0 {
                    let source: String
                    if case .pemFile(let url) = certificate { source = url.path } else { source = "PEM text" }
                    throw .invalidCertificate("no PEM certificate found in \(source)")
                }
            }
        }

        /// A server context presenting the chain and key in `configuration`.
        init(server configuration: TLSServerConfiguration) throws(TLSError) {
            guard let context = SSL_CTX_new(TLS_server_method()) else {
                throw .handshakeFailed("SSL_CTX_new: \(OpenSSLErrors.drain())")
            }
            pointer = context
            self.configuration = nil
            guard SSL_CTX_use_certificate_chain_file(context, configuration.certificateChainFile.path) == 1 else {
                throw .invalidCertificate("\(configuration.certificateChainFile.path): \(OpenSSLErrors.drain())")
            }
            guard SSL_CTX_use_PrivateKey_file(context, configuration.privateKeyFile.path, SSL_FILETYPE_PEM) == 1,
                SSL_CTX_check_private_key(context) == 1
            else {
                throw .invalidCertificate("\(configuration.privateKeyFile.path): \(OpenSSLErrors.drain())")
            }
        }

        deinit { SSL_CTX_free(pointer) }
    }

    /// Reads OpenSSL's thread-local error queue (call in the same critical section as the failing call).
    enum OpenSSLErrors {
        static func drain() -> String {
            var messages: [String] = []
            while true {
                let code = ERR_get_error()
                if code == 0 { break }
                var buffer = [CChar](repeating: 0, count: 256)
                ERR_error_string_n(code, &buffer, buffer.count)
                messages.append(
                    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
            }
            return messages.isEmpty ? "unknown error" : messages.joined(separator: "; ")
        }
    }
#endif
