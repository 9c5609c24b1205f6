// The system SQLite (libsqlite3-dev on Debian, the SDK's on Apple platforms): the local server's
// on-disk store.
#ifndef SWITCHBOARD_CSQLITE_SHIM_H
#define SWITCHBOARD_CSQLITE_SHIM_H
#include <sqlite3.h>

// SQLITE_TRANSIENT is a macro casting -1 to a function pointer, which Swift cannot import.
static inline sqlite3_destructor_type switchboard_sqlite_transient(void) {
    return SQLITE_TRANSIENT;
}
#endif
