/// Where a store lives: a SQLite file on this machine, or a database on a PostgreSQL server that many lanes share.
public enum StoreLocation: Sendable, Equatable {
    case sqlite(path: String)
    /// A libpq connection URI, `postgresql://user@host:port/dbname` (or `postgres://`).
    case postgres(uri: String)

    /// What `--db` or BOWLERTRAX_DB gives: a postgresql:// or postgres:// URI, else a file path. Any other
    /// `scheme://` is refused rather than taken for a folder named after the scheme.
    public init(_ text: String) throws {
        if text.hasPrefix("postgresql://") || text.hasPrefix("postgres://") {
            self = .postgres(uri: text)
        } else if let scheme = text.firstRange(of: "://"), !text[..<scheme.lowerBound].contains("/"), !text[..<scheme.lowerBound].isEmpty {
            throw StoreError.unsupportedLocation(text: text)
        } else {
            self = .sqlite(path: text)
        }
    }

    /// BOWLERTRAX_DB when set (a centre points every lane at its server once), else the user's own SQLite file.
    public static func `default`(environment: [String: String]) throws -> StoreLocation {
        if let text = environment["BOWLERTRAX_DB"], !text.isEmpty { return try StoreLocation(text) }
        return .sqlite(path: ShotStore.defaultPath(environment: environment))
    }
}
