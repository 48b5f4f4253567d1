/// One connection to a store's database, SQLite file or PostgreSQL server: what `ShotStore` runs its queries on.
/// The queries are the same on both; what differs between the engines is in `SQLDialect` and behind this protocol.
/// Not safe to share between threads: one connection per thread.
protocol DatabaseConnection: AnyObject {
    /// What error messages name: the file's path, or the server's URI without its password.
    var path: String { get }
    /// The engine's spelling of what standard SQL leaves open (migrations, the current time).
    var dialect: SQLDialect { get }
    /// Runs one or more statements that return no rows (migrations, BEGIN/COMMIT).
    func execute(_ sql: String) throws
    /// Prepares one statement; parameters are written `?` (or `?1` to repeat one) on both engines.
    func prepare(_ sql: String) throws -> any PreparedStatement
    /// Runs `body` in one transaction, taking the write lock up front where the engine has one; when `body` or
    /// COMMIT throws, rolls back and rethrows that first error. Does not nest.
    func inTransaction<T>(_ body: () throws -> T) throws -> T
    /// The store's tables (not the engine's own), by name.
    func tableNames() throws -> [String]
    /// "ok", else one problem the engine's own check found per line.
    func integrityCheck() throws -> String
}

extension DatabaseConnection {
    /// The first column of every row `sql` returns, as text (NULL as "NULL").
    func strings(_ sql: String) throws -> [String] {
        let statement = try prepare(sql)
        var values: [String] = []
        while try statement.step() {
            values.append(statement.text(at: 0) ?? "NULL")
        }
        return values
    }

    /// The first column of the first row `sql` returns, as an integer; nil without a row or for NULL.
    func int64(_ sql: String) throws -> Int64? {
        let statement = try prepare(sql)
        return try statement.step() ? statement.int64(at: 0) : nil
    }
}
