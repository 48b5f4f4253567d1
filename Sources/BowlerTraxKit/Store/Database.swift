import CSQLite
import Glibc

/// One SQLite connection. Owns the `sqlite3*` handle and closes it in `deinit`.
///
/// Not safe to share between threads: use one `Database` per thread, as SQLite's own locking
/// (busy timeout, WAL) then coordinates them.
final class Database: DatabaseConnection {
    /// The SQLite library loaded (not the header built against).
    static var libraryVersion: String { "SQLite \(String(cString: sqlite3_libversion()))" }

    let handle: OpaquePointer
    /// The file path, kept for error messages.
    let path: String
    /// How long a statement waits for another connection's lock before failing with `StoreError.locked`.
    let busyTimeoutS: Double

    /// Opens (creating if missing) the database at `path` with foreign keys on. Reads nothing yet:
    /// SQLite only looks at the file on the first statement.
    init(path: String, busyTimeoutS: Double = 5) throws {
        precondition(busyTimeoutS >= 0, "busy timeout must not be negative")
        var raw: OpaquePointer?
        let code = sqlite3_open_v2(path, &raw, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil)
        guard let raw else {
            // sqlite3_open_v2 leaves the handle NULL only when it cannot even allocate one.
            throw StoreError.cannotOpen(path: path, message: String(cString: sqlite3_errstr(code)))
        }
        guard code == SQLITE_OK else {
            // sqlite3_open_v2 docs: a handle is returned even when opening fails, and must still be closed.
            let message = Database.message(handle: raw, code: code)
            let systemErrno = sqlite3_system_errno(raw)
            Database.close(raw)
            throw StoreError.from(code: code, message: message, sql: "open", path: path, busyTimeoutS: busyTimeoutS, systemErrno: systemErrno)
        }
        handle = raw
        self.path = path
        self.busyTimeoutS = busyTimeoutS
        try check(sqlite3_busy_timeout(handle, Int32((busyTimeoutS * 1000).rounded())), sql: "sqlite3_busy_timeout")
        // Off by default in SQLite, per connection; without it ON DELETE CASCADE does nothing.
        try execute("PRAGMA foreign_keys = ON")
    }

    deinit {
        Database.close(handle)
    }

    /// Wraps sqlite3_close_v2, which defers the close while statements are alive; Statement holds its
    /// Database, so none is, and the only failure left is a bad handle: our bug.
    private static func close(_ handle: OpaquePointer) {
        let code = sqlite3_close_v2(handle)
        precondition(code == SQLITE_OK, "sqlite3_close_v2 failed with \(code)")
    }

    /// The error for a failed `code`, with this connection's message and the SQL that failed.
    func error(code: Int32, sql: String) -> StoreError {
        StoreError.from(code: code, message: Database.message(handle: handle, code: code), sql: sql, path: path, busyTimeoutS: busyTimeoutS,
                        systemErrno: sqlite3_system_errno(handle))
    }

    /// sqlite3_errmsg, plus the OS error behind it when SQLite could not open or read a file
    /// ("unable to open database file" alone does not say why).
    private static func message(handle: OpaquePointer, code: Int32) -> String {
        let message = String(cString: sqlite3_errmsg(handle))
        let systemErrno = sqlite3_system_errno(handle)
        guard [SQLITE_CANTOPEN, SQLITE_IOERR].contains(code & 0xff), systemErrno != 0 else { return message }
        return "\(message) (\(String(cString: strerror(systemErrno))), errno \(systemErrno))"
    }

    /// Throws the error for `code` unless it is SQLITE_OK.
    func check(_ code: Int32, sql: String) throws {
        guard code == SQLITE_OK else { throw error(code: code, sql: sql) }
    }

    /// Runs one or more statements that return no rows (migrations, pragmas, BEGIN/COMMIT).
    func execute(_ sql: String) throws {
        try check(sqlite3_exec(handle, sql, nil, nil, nil), sql: sql)
    }

    var dialect: SQLDialect { .sqlite }

    func prepare(_ sql: String) throws -> any PreparedStatement {
        try Statement(database: self, sql: sql)
    }

    /// Rows changed by the last INSERT, UPDATE or DELETE on this connection.
    var changes: Int { Int(sqlite3_changes(handle)) }

    /// True outside an explicit transaction.
    var isAutocommit: Bool { sqlite3_get_autocommit(handle) != 0 }

    /// Runs `body` in one transaction: BEGIN IMMEDIATE (takes the write lock up front, so a busy
    /// database fails here after the busy timeout rather than half-way through), then COMMIT.
    /// When `body` or COMMIT throws, rolls back and rethrows that first error.
    func inTransaction<T>(_ body: () throws -> T) throws -> T {
        precondition(isAutocommit, "inTransaction does not nest")
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            // Some errors (SQLITE_FULL, SQLITE_IOERR, …) already rolled the transaction back (sqlite3_get_autocommit docs).
            if !isAutocommit {
                // The first error is the one worth reporting; a rollback failure after it adds nothing
                // the caller can act on, and SQLite rolls back anyway when the connection closes.
                _ = sqlite3_exec(handle, "ROLLBACK", nil, nil, nil)
            }
            throw error
        }
    }
}

// MARK: - What the store asks of every engine

extension Database {
    func tableNames() throws -> [String] {
        try strings("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    }

    /// SQLite's integrity check and foreign-key check.
    func integrityCheck() throws -> String {
        var problems = try strings("PRAGMA integrity_check")
        if problems == ["ok"] {
            problems = []
        }
        let foreignKeys = try prepare("PRAGMA foreign_key_check")
        while try foreignKeys.step() {
            let table = foreignKeys.text(at: 0) ?? "?"
            let row = foreignKeys.int64(at: 1).map(String.init) ?? "?"
            problems.append("\(table) row \(row) refers to a missing \(foreignKeys.text(at: 2) ?? "?")")
        }
        return problems.isEmpty ? "ok" : problems.joined(separator: "\n")
    }
}
