/// One named step of the schema. Once shipped, a migration is never edited: changes go in a new one,
/// since databases out there have already recorded the old one as applied.
struct Migration: Sendable {
    /// Recorded in `schema_migrations`; a database holding a name this build does not know is from a newer build.
    let name: String
    /// One or more statements, run in the same transaction that records `name`.
    let sql: String
}
