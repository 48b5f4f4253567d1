/// One named step of the schema. Once shipped, a migration is never edited: changes go in a new one,
/// since databases out there have already recorded the old one as applied.
struct Migration: Sendable {
    /// Recorded in `schema_migrations`; a database holding a name this build does not know is from a newer build.
    let name: String
    /// One or more statements for a SQLite file, run in the same transaction that records `name`.
    let sqlite: String
    /// The same step for a PostgreSQL server: the same tables, columns and constraints in its dialect.
    let postgres: String

    /// The step's statements in `dialect`.
    func sql(for dialect: SQLDialect) -> String {
        switch dialect {
        case .sqlite: return sqlite
        case .postgres: return postgres
        }
    }
}
