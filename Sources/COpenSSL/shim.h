// The system OpenSSL (libssl-dev on Debian): TLS on Linux and a SHA-256 baseline for
// benchmarks. Apple platforms use Network.framework instead and never import this module.
#ifndef SWITCHBOARD_COPENSSL_SHIM_H
#define SWITCHBOARD_COPENSSL_SHIM_H
#include <openssl/ssl.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/sha.h>
#include <openssl/x509v3.h>

// Swift cannot call function-like macros; these wrap the ones TLS needs.
static inline long switchboard_SSL_set_tlsext_host_name(SSL *ssl, const char *name) {
    return SSL_set_tlsext_host_name(ssl, name);
}

static inline long switchboard_SSL_CTX_set_min_proto_version(SSL_CTX *context, int version) {
    return SSL_CTX_set_min_proto_version(context, version);
}
#endif
