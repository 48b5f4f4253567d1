import FoundationEssentials
import Glibc

/// Every analysed shot, kept in one SQLite file so a bowler can compare sessions over weeks, or on a PostgreSQL
/// server a whole centre shares: the same schema and the same queries on either engine (`DatabaseConnection`).
///
/// Each write is its own transaction: a shot and its whole trajectory are stored together or not at all.
/// One `ShotStore` per thread; several processes may share the file (WAL, busy timeout) or the server.
public final class ShotStore {
    /// The database libraries this program runs with, e.g. "SQLite 3.40.1, libpq 15.18".
    public static var libraryVersion: String { "\(Database.libraryVersion), \(PostgresDatabase.libraryVersion)" }

    let database: any DatabaseConnection
    /// The file's path, or the server's URI without its password.
    public var path: String { database.path }
    /// Number of migrations applied: the schema this build wrote or found.
    public let schemaVersion: Int

    /// Opens the store at `path` (a file path or a postgresql:// URI, `StoreLocation`) and migrates it to this
    /// build's schema; a SQLite file and its directory are created if needed. A database that is not one, belongs to
    /// another program, or was written by a newer BowlerTrax is refused before anything is written to it.
    /// - Parameter busyTimeoutS: how long a SQLite write waits for another connection's lock before `StoreError.locked`.
    public convenience init(path: String, busyTimeoutS: Double = 5) throws {
        try self.init(location: try StoreLocation(path), busyTimeoutS: busyTimeoutS)
    }

    public init(location: StoreLocation, busyTimeoutS: Double = 5) throws {
        switch location {
        case let .sqlite(path):
            let directory = Paths.parent(of: path)
            if !directory.isEmpty {
                try Self.makeDirectory(directory)
            }
            let file = try Database(path: path, busyTimeoutS: busyTimeoutS)
            // Before the WAL switch, which rewrites the header of a database in rollback mode.
            try file.checkSchema(knownMigrations: StoreSchema.migrations)
            try Self.configure(file)
            database = file
        case let .postgres(uri):
            database = try PostgresDatabase(uri: uri)
        }
        schemaVersion = try database.migrate(StoreSchema.migrations)
    }

    /// `$XDG_DATA_HOME/bowlertrax/bowlertrax.sqlite`, else `$HOME/.local/share/bowlertrax/bowlertrax.sqlite`
    /// (XDG Base Directory spec: a relative XDG_DATA_HOME is ignored); relative to the working directory without HOME.
    public static func defaultPath(environment: [String: String]) -> String {
        let dataHome: String
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            dataHome = xdg
        } else if let home = environment["HOME"], !home.isEmpty {
            dataHome = home + "/.local/share"
        } else {
            dataHome = ".local/share"
        }
        return dataHome + "/bowlertrax/bowlertrax.sqlite"
    }

    /// Write-ahead logging lets reports read while a live session writes. In WAL mode synchronous=NORMAL
    /// syncs only at checkpoints: a power cut may lose the last few commits but never corrupts the file
    /// (sqlite.org/pragma.html#pragma_synchronous), and each shot no longer waits for an fsync.
    private static func configure(_ database: Database) throws {
        let mode = try database.strings("PRAGMA journal_mode = WAL").first ?? "none"
        guard mode.lowercased() == "wal" else {
            throw StoreError.walUnavailable(path: database.path, journalMode: mode)
        }
        try database.execute("PRAGMA synchronous = NORMAL")
    }

    /// Creates `directory` and any missing parents, like `mkdir -p`.
    private static func makeDirectory(_ directory: String) throws {
        var info = stat()
        if stat(directory, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else {
                throw StoreError.cannotCreateDirectory(path: directory, reason: "a file of that name is in the way")
            }
            return
        }
        let parent = Paths.parent(of: directory)
        if !parent.isEmpty, parent != directory {
            try makeDirectory(parent)
        }
        let result = mkdir(directory, 0o755)
        let code = errno
        // EEXIST: another process made it since our stat.
        guard result == 0 || code == EEXIST else {
            throw StoreError.cannotCreateDirectory(path: directory, reason: "\(String(cString: strerror(code))) (errno \(code))")
        }
    }

    /// A new key for a session, shot or calibration: random, so lanes and laptops never make the same one.
    public static func newKey() -> String {
        UUID().uuidString.lowercased()
    }

    // MARK: - Columns

    /// Reads a `hand` column, which the schema limits to the raw values of `Hand`.
    static func hand(in statement: any PreparedStatement, at column: Int32) throws -> Hand {
        let text = try statement.required(statement.text(at: column), at: column)
        guard let hand = Hand(rawValue: text) else {
            throw StoreError.invalidStoredValue(column: statement.columnName(at: column), value: text)
        }
        return hand
    }

    // MARK: - Maintenance

    /// "ok" when the engine's own checks (SQLite's integrity and foreign-key checks) find nothing; else one problem per line.
    public func integrityCheck() throws -> String {
        try database.integrityCheck()
    }
}
