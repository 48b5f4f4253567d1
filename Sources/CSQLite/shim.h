#ifndef CSQLITE_SHIM_H
#define CSQLITE_SHIM_H

#include <sqlite3.h>

// SQLITE_TRANSIENT is a cast macro Swift cannot import: it tells SQLite to copy bound text/blobs.
// Both return SQLite's result code so callers can check it.
static inline int csqlite_bind_text(sqlite3_stmt *stmt, int index, const char *text) {
    return sqlite3_bind_text(stmt, index, text, -1, SQLITE_TRANSIENT);
}
static inline int csqlite_bind_blob(sqlite3_stmt *stmt, int index, const void *bytes, int count) {
    return sqlite3_bind_blob(stmt, index, bytes, count, SQLITE_TRANSIENT);
}

#endif
