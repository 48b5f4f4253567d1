extension Database {
    /// True when the database has a table or view of that name.
    func hasTable(_ name: String) throws -> Bool {
        let statement = try prepare("SELECT 1 FROM sqlite_master WHERE type IN ('table', 'view') AND name = ?")
        try statement.bind(name, at: 1)
        return try statement.step()
    }

    /// Names recorded in `schema_migrations`, in the order applied; empty for a new database.
    func appliedMigrationNames() throws -> [String] {
        guard try hasTable("schema_migrations") else { return [] }
        return try strings("SELECT name FROM schema_migrations ORDER BY rowid")
    }

    /// Reads, never writes: throws unless the file is empty, or a BowlerTrax database whose every
    /// migration is one of `migrations`. Returns the names already applied.
    @discardableResult
    func checkSchema(knownMigrations migrations: [Migration]) throws -> [String] {
        // The first statement to read the file: a text file fails here with SQLITE_NOTADB, before anything is written.
        let tables = try strings("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
        guard tables.contains("schema_migrations") else {
            guard tables.isEmpty else { throw StoreError.notABowlerTraxDatabase(path: path, tables: tables) }
            return []
        }
        let applied = try appliedMigrationNames()
        let known = Set(migrations.map(\.name))
        let unknown = applied.filter { !known.contains($0) }
        guard unknown.isEmpty, applied.count <= migrations.count else {
            throw StoreError.newerSchema(path: path, foundVersion: applied.count, knownVersion: migrations.count, unknownMigrations: unknown)
        }
        return applied
    }

    /// Applies the migrations not yet recorded, in order, each in its own transaction together with
    /// its row in `schema_migrations` and `PRAGMA user_version`. Returns the schema version: the
    /// number of migrations applied, now all of `migrations`.
    func migrate(_ migrations: [Migration]) throws -> Int {
        var applied = try checkSchema(knownMigrations: migrations)
        for migration in migrations where !applied.contains(migration.name) {
            applied = try inTransaction {
                // Another process may have migrated between our check and our write lock: look again.
                let current = try checkSchema(knownMigrations: migrations)
                guard !current.contains(migration.name) else { return current }
                try execute("""
                    CREATE TABLE IF NOT EXISTS schema_migrations (
                        name TEXT PRIMARY KEY NOT NULL,
                        applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
                    ) STRICT
                    """)
                try execute(migration.sql)
                let record = try prepare("INSERT INTO schema_migrations (name) VALUES (?)")
                try record.bind(migration.name, at: 1)
                try record.run()
                // So tools that know nothing of schema_migrations (sqlite3 CLI, DB browsers) still see the version.
                try execute("PRAGMA user_version = \(current.count + 1)")
                return current + [migration.name]
            }
        }
        return applied.count
    }
}
