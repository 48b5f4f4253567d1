import CSQLite

/// One prepared statement. Owns the `sqlite3_stmt*` and finalizes it in `deinit`.
///
/// Parameters and columns are addressed by index: parameters from 1, columns from 0, as in the C API.
final class Statement: PreparedStatement {
    let handle: OpaquePointer
    let sql: String
    /// Held strongly so the connection outlives every statement prepared on it.
    let database: Database

    init(database: Database, sql: String) throws {
        var raw: OpaquePointer?
        let code = sqlite3_prepare_v2(database.handle, sql, -1, &raw, nil)
        guard code == SQLITE_OK else { throw database.error(code: code, sql: sql) }
        // prepare_v2 gives NULL for SQL holding no statement (only blanks or comments): our bug.
        guard let raw else { preconditionFailure("no statement in SQL: \(sql)") }
        handle = raw
        self.sql = sql
        self.database = database
    }

    deinit {
        // sqlite3_finalize repeats the last step's error, which step() has already thrown.
        _ = sqlite3_finalize(handle)
    }

    // MARK: - Binding

    func bind(_ value: Double?, at index: Int32) throws {
        guard let value else { return try checkBind(sqlite3_bind_null(handle, index), at: index) }
        // SQLite would store NaN as NULL, silently turning a broken value into a missing one.
        guard !value.isNaN else { throw StoreError.notANumber(parameter: index, sql: sql) }
        try checkBind(sqlite3_bind_double(handle, index, value), at: index)
    }

    func bind(_ value: Int64?, at index: Int32) throws {
        guard let value else { return try checkBind(sqlite3_bind_null(handle, index), at: index) }
        try checkBind(sqlite3_bind_int64(handle, index, value), at: index)
    }

    func bind(_ value: String?, at index: Int32) throws {
        guard let value else { return try checkBind(sqlite3_bind_null(handle, index), at: index) }
        try checkBind(csqlite_bind_text(handle, index, value), at: index)
    }

    /// A bad index or a statement in use is our bug and traps; anything else (SQLITE_TOOBIG, SQLITE_NOMEM) throws.
    private func checkBind(_ code: Int32, at index: Int32) throws {
        precondition(code != SQLITE_RANGE, "parameter \(index) out of range in \(sql)")
        precondition(code != SQLITE_MISUSE, "binding parameter \(index) of a running statement: \(sql)")
        try database.check(code, sql: sql)
    }

    // MARK: - Stepping

    /// Steps once: true when a row is ready to read, false when the statement is done.
    func step() throws -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw database.error(code: code, sql: sql)
        }
    }

    @discardableResult
    func run() throws -> Int {
        guard try !step() else { preconditionFailure("run() on a statement that returns rows: \(sql)") }
        reset()
        return database.changes
    }

    /// Rewinds the statement and clears its bindings for reuse.
    func reset() {
        // After SQLITE_DONE, sqlite3_reset returns OK; after a failed step it repeats that error,
        // which step() already threw. sqlite3_clear_bindings always returns OK.
        _ = sqlite3_reset(handle)
        _ = sqlite3_clear_bindings(handle)
    }

    // MARK: - Columns

    func isNull(at column: Int32) -> Bool {
        sqlite3_column_type(handle, column) == SQLITE_NULL
    }

    func double(at column: Int32) -> Double? {
        isNull(at: column) ? nil : sqlite3_column_double(handle, column)
    }

    func int64(at column: Int32) -> Int64? {
        isNull(at: column) ? nil : sqlite3_column_int64(handle, column)
    }

    func text(at column: Int32) -> String? {
        guard !isNull(at: column), let bytes = sqlite3_column_text(handle, column) else { return nil }
        return String(cString: bytes)
    }

    func columnName(at column: Int32) -> String {
        sqlite3_column_name(handle, column).map { String(cString: $0) } ?? "column \(column)"
    }
}
