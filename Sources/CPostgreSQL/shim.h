#ifndef CPOSTGRESQL_SHIM_H
#define CPOSTGRESQL_SHIM_H

#include <libpq-fe.h>

// The PQresultErrorField codes are character-constant macros ('C', 'M') Swift cannot import.
static const int CPOSTGRESQL_DIAG_SQLSTATE = PG_DIAG_SQLSTATE;
static const int CPOSTGRESQL_DIAG_MESSAGE_PRIMARY = PG_DIAG_MESSAGE_PRIMARY;

#endif
