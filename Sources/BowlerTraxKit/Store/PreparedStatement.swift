/// One prepared statement on either engine. Parameters are addressed from 1, columns from 0, as in both C APIs.
protocol PreparedStatement: AnyObject {
    var sql: String { get }
    func bind(_ value: Double?, at index: Int32) throws
    func bind(_ value: Int64?, at index: Int32) throws
    func bind(_ value: String?, at index: Int32) throws
    /// Steps once: true when a row is ready to read, false when the statement is done.
    func step() throws -> Bool
    /// Runs a statement that returns no rows, makes it ready to run again with new bindings, and returns the
    /// number of rows it inserted, updated or deleted.
    @discardableResult
    func run() throws -> Int
    /// Rewinds the statement and clears its bindings for reuse.
    func reset()
    func double(at column: Int32) -> Double?
    func int64(at column: Int32) -> Int64?
    func text(at column: Int32) -> String?
    /// The column's name as the query spells it, for error messages.
    func columnName(at column: Int32) -> String
}

extension PreparedStatement {
    func bind(_ value: Int?, at index: Int32) throws {
        try bind(value.map { Int64($0) }, at: index)
    }

    func int(at column: Int32) -> Int? {
        int64(at: column).map { Int($0) }
    }

    /// Reads a column the schema declares NOT NULL: a NULL there means another program edited the data.
    func required<T>(_ value: T?, at column: Int32) throws -> T {
        guard let value else { throw StoreError.invalidStoredValue(column: columnName(at: column), value: "NULL") }
        return value
    }

    /// Runs an `INSERT … RETURNING id` and returns the new row's id; nil when the insert added no row
    /// (`ON CONFLICT DO NOTHING`). Leaves the statement ready to run again.
    func insertedID() throws -> Int64? {
        defer { reset() }
        guard try step() else { return nil }
        return try required(int64(at: 0), at: 0)
    }
}
