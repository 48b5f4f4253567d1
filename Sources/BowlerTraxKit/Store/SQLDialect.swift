/// Where SQLite and PostgreSQL spell the same thing differently; every query outside the migrations is written once,
/// in SQL both accept (`?` parameters, `INSERT … RETURNING id`, `ON CONFLICT`), and only these pieces differ.
enum SQLDialect: Sendable {
    case sqlite, postgres

    /// The current time as ISO-8601 UTC text with milliseconds, `2025-03-01T19:02:11.250Z`: how every timestamp is stored.
    var nowUTC: String {
        switch self {
        case .sqlite: return "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')"
        case .postgres: return #"to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')"#
        }
    }

    /// The table migrations are recorded in, created before the first one.
    var createSchemaMigrations: String {
        switch self {
        case .sqlite:
            return """
                CREATE TABLE IF NOT EXISTS schema_migrations (
                    name TEXT PRIMARY KEY NOT NULL,
                    applied_at TEXT NOT NULL DEFAULT (\(nowUTC))
                ) STRICT
                """
        case .postgres:
            return """
                CREATE TABLE IF NOT EXISTS schema_migrations (
                    position BIGINT GENERATED ALWAYS AS IDENTITY,
                    name TEXT COLLATE "C" PRIMARY KEY NOT NULL,
                    applied_at TEXT NOT NULL DEFAULT (\(nowUTC))
                )
                """
        }
    }

    /// `schema_migrations` in the order the migrations were applied.
    var migrationOrder: String {
        switch self {
        case .sqlite: return "rowid"
        case .postgres: return "position"
        }
    }

    /// Taken inside a migration's transaction so two processes opening a new server at once migrate it one after the
    /// other; SQLite's BEGIN IMMEDIATE already does that.
    var migrationLock: String? {
        switch self {
        case .sqlite: return nil
        // Any fixed key: only BowlerTrax migrations take it.
        case .postgres: return "SELECT pg_advisory_xact_lock(2020)"
        }
    }

    /// Records the schema version where tools that know nothing of `schema_migrations` look (sqlite3 CLI, DB browsers).
    func recordVersion(_ version: Int) -> String? {
        switch self {
        case .sqlite: return "PRAGMA user_version = \(version)"
        case .postgres: return nil
        }
    }
}
