import CPostgreSQL
import Glibc

/// One connection to a PostgreSQL server through libpq. Owns the `PGconn*` and closes it in `deinit`.
///
/// Not safe to share between threads: one connection per thread (each lane's process has its own); the server
/// coordinates them. A connection the server dropped is opened again before the next statement outside a transaction,
/// so a live session carries on once the server is back.
final class PostgresDatabase: DatabaseConnection {
    /// The libpq this program runs with, e.g. "libpq 15.18".
    static var libraryVersion: String {
        let version = PQlibVersion()
        return "libpq \(version / 10000).\(version % 10000)"
    }

    let handle: OpaquePointer
    /// The URI without its password, for messages.
    let path: String
    var dialect: SQLDialect { .postgres }
    private var inTransactionNow = false

    /// Connects to the server `uri` names (`postgresql://user@host:port/dbname`); throws `cannotConnect` with the
    /// server's own reason (unreachable, wrong password, no such database) as one line.
    init(uri: String, connectTimeoutS: Int = 5) throws {
        path = Self.redacted(uri)
        // Keywords before the URI are defaults the URI may override (PQconnectdbParams with expand_dbname).
        let keywords = ["connect_timeout", "application_name", "dbname"]
        let values = [String(connectTimeoutS), "bowlertrax", uri]
        let raw = Self.withCStrings(keywords) { keywordPointers in
            Self.withCStrings(values) { valuePointers in PQconnectdbParams(keywordPointers + [nil], valuePointers + [nil], 1) }
        }
        // PQconnectdbParams returns NULL only when it cannot allocate the connection object.
        guard let raw else { throw StoreError.cannotConnect(server: path, reason: "out of memory") }
        handle = raw
        guard PQstatus(handle) == CONNECTION_OK else { throw StoreError.cannotConnect(server: path, reason: lastMessage) }
        // NOTICEs ("relation already exists, skipping") would go to stderr: only warnings and errors concern a user.
        try execute("SET client_min_messages = warning")
    }

    deinit {
        // PQfinish docs: call it even when the connection attempt failed, to free the PGconn.
        PQfinish(handle)
    }

    /// libpq's last error on this connection as one line ("connection to server … failed: FATAL:  password …").
    var lastMessage: String {
        let text = PQerrorMessage(handle).map { String(cString: $0) } ?? ""
        return text.split(whereSeparator: \.isNewline).map { $0.trimmingWhitespace() }.joined(separator: " ")
            .replacing("  ", with: " ")
    }

    /// `postgresql://user:secret@host/db` as `postgresql://user@host/db`: error lines and listings never show a password.
    static func redacted(_ uri: String) -> String {
        var text = uri
        if let scheme = text.firstRange(of: "://"), let at = text[scheme.upperBound...].firstIndex(of: "@"),
           let colon = text[scheme.upperBound..<at].firstIndex(of: ":") {
            text.removeSubrange(colon..<at)
        }
        return text.replacing(#/password=[^&]*&?/#, with: "")
    }

    /// Opens the connection again when the server dropped it; throws `cannotConnect` while it stays away.
    /// Inside a transaction a lost connection is the transaction's failure, never silently replaced.
    func ensureConnected() throws {
        guard PQstatus(handle) != CONNECTION_OK, !inTransactionNow else { return }
        PQreset(handle)
        guard PQstatus(handle) == CONNECTION_OK else { throw StoreError.cannotConnect(server: path, reason: lastMessage) }
        try execute("SET client_min_messages = warning")
    }

    /// The error for a failed `result` (nil when libpq could not even send the query), naming `sql`.
    func error(result: OpaquePointer?, sql: String) -> StoreError {
        let field = { (code: Int32) in result.flatMap { PQresultErrorField($0, code) }.map { String(cString: $0) } }
        let state = field(CPOSTGRESQL_DIAG_SQLSTATE) ?? ""
        // Class 08 is a connection exception; 57P01-57P03 the server shutting down or the backend being terminated.
        if PQstatus(handle) != CONNECTION_OK || state.hasPrefix("08") || state.hasPrefix("57P") {
            return .connectionLost(server: path, sql: sql)
        }
        return .postgres(sqlState: state, message: field(CPOSTGRESQL_DIAG_MESSAGE_PRIMARY) ?? lastMessage, sql: sql)
    }

    func execute(_ sql: String) throws {
        try ensureConnected()
        let result = PQexec(handle, sql)
        defer { PQclear(result) }
        switch result.map(PQresultStatus) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK: return
        default: throw error(result: result, sql: sql)
        }
    }

    func prepare(_ sql: String) throws -> any PreparedStatement {
        PostgresStatement(database: self, sql: sql)
    }

    /// BEGIN … COMMIT at READ COMMITTED: each statement sees what other lanes committed before it, and the
    /// unique constraints (not locks) keep two lanes from storing the same row.
    func inTransaction<T>(_ body: () throws -> T) throws -> T {
        precondition(!inTransactionNow, "inTransaction does not nest")
        try execute("BEGIN")
        inTransactionNow = true
        defer { inTransactionNow = false }
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            // The first error is the one to report; when the connection is gone the server has rolled back already.
            if PQstatus(handle) == CONNECTION_OK { PQclear(PQexec(handle, "ROLLBACK")) }
            throw error
        }
    }

    func tableNames() throws -> [String] {
        try strings("""
            SELECT table_name FROM information_schema.tables
            WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name COLLATE "C"
            """)
    }

    /// The server checks constraints and foreign keys on every write and has no offline check to run.
    func integrityCheck() throws -> String { "ok" }

    /// Calls `body` with C copies of `strings` (NULL for nil) that live only for the call.
    static func withCStrings<R>(_ strings: [String?], _ body: ([UnsafePointer<CChar>?]) -> R) -> R {
        let copies = strings.map { $0.flatMap { strdup($0) } }
        defer { copies.forEach { free($0) } }
        return body(copies.map { $0.map { UnsafePointer($0) } })
    }
}
