// The system zlib (zlib1g-dev on Debian, the SDK's on Apple platforms): gzip and deflate
// response bodies in HTTPClientTransport.
#ifndef SWITCHBOARD_CZLIB_SHIM_H
#define SWITCHBOARD_CZLIB_SHIM_H
#include <zlib.h>

// inflateInit2 is a macro over inflateInit2_ (it passes the library's version and the stream's
// size), which Swift cannot import.
static inline int switchboard_inflate_init(z_streamp stream, int windowBits) {
    return inflateInit2(stream, windowBits);
}

static inline int switchboard_deflate_init(z_streamp stream, int level, int windowBits) {
    return deflateInit2(stream, level, Z_DEFLATED, windowBits, 8, Z_DEFAULT_STRATEGY);
}
#endif
