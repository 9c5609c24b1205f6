// The system OpenSSL (libssl-dev on Debian): TLS for `wss` on Linux and a SHA-256 baseline for
// benchmarks. Apple platforms use Network.framework instead and never import this module.
#ifndef SWITCHBOARD_COPENSSL_SHIM_H
#define SWITCHBOARD_COPENSSL_SHIM_H
#include <openssl/ssl.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/sha.h>
#include <openssl/x509v3.h>
#endif
