extension DatabaseConnection {
    /// True when the database has a table or view of that name.
    func hasTable(_ name: String) throws -> Bool {
        try tableNames().contains(name)
    }

    /// Names recorded in `schema_migrations`, in the order applied; empty for a new database.
    func appliedMigrationNames() throws -> [String] {
        guard try hasTable("schema_migrations") else { return [] }
        return try strings("SELECT name FROM schema_migrations ORDER BY \(dialect.migrationOrder)")
    }

    /// Reads, never writes: throws unless the database is empty, or a BowlerTrax one whose every migration is
    /// one of `migrations`. Returns the names already applied.
    @discardableResult
    func checkSchema(knownMigrations migrations: [Migration]) throws -> [String] {
        // The first statement to read a SQLite file: a text file fails here with SQLITE_NOTADB, before anything is written.
        let tables = try tableNames()
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

    /// Applies the migrations not yet recorded, in order, each in its own transaction together with its row in
    /// `schema_migrations` (and SQLite's `PRAGMA user_version`). Returns the schema version: the number of
    /// migrations applied, now all of `migrations`.
    func migrate(_ migrations: [Migration]) throws -> Int {
        var applied = try checkSchema(knownMigrations: migrations)
        for migration in migrations where !applied.contains(migration.name) {
            applied = try inTransaction {
                if let lock = dialect.migrationLock { try execute(lock) }
                // Another process may have migrated between our check and our lock: look again.
                let current = try checkSchema(knownMigrations: migrations)
                guard !current.contains(migration.name) else { return current }
                try execute(dialect.createSchemaMigrations)
                try execute(migration.sql(for: dialect))
                let record = try prepare("INSERT INTO schema_migrations (name) VALUES (?)")
                try record.bind(migration.name, at: 1)
                try record.run()
                if let version = dialect.recordVersion(current.count + 1) { try execute(version) }
                return current + [migration.name]
            }
        }
        return applied.count
    }
}
