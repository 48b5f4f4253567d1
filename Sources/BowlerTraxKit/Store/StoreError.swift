import CSQLite
import Glibc

/// Everything that can go wrong in the store; each case prints as one line naming what failed, on what, and why.
public enum StoreError: Error, CustomStringConvertible, Equatable {
    /// A statement failed with a code the store has no clearer case for.
    case sqlite(code: Int32, message: String, sql: String)
    /// A statement on a PostgreSQL server failed with a SQLSTATE the store has no clearer case for.
    case postgres(sqlState: String, message: String, sql: String)
    /// The PostgreSQL server cannot be reached or refuses the connection (down, wrong password, no such database).
    case cannotConnect(server: String, reason: String)
    /// The server went away while a statement ran: its transaction was rolled back, nothing of it is stored.
    case connectionLost(server: String, sql: String)
    /// `--db` or BOWLERTRAX_DB names a URI of a kind the store cannot open (only postgresql:// and postgres://, or a file path).
    case unsupportedLocation(text: String)
    /// The file exists but is not a SQLite database (SQLITE_NOTADB).
    case notADatabase(path: String)
    /// The file is a SQLite database that other software made: it has tables but no BowlerTrax migration record.
    case notABowlerTraxDatabase(path: String, tables: [String])
    /// A newer BowlerTrax migrated the file: it holds migrations this build does not know, so it is left untouched.
    case newerSchema(path: String, foundVersion: Int, knownVersion: Int, unknownMigrations: [String])
    /// SQLite found the file's pages inconsistent (SQLITE_CORRUPT): the statement failed before writing.
    case corrupt(path: String, message: String, sql: String)
    /// Another connection held the write lock for longer than the busy timeout (SQLITE_BUSY / SQLITE_LOCKED).
    case locked(path: String, timeoutS: Double, sql: String)
    /// The database's directory does not exist and cannot be made.
    case cannotCreateDirectory(path: String, reason: String)
    /// SQLite cannot open or create the file (SQLITE_CANTOPEN), e.g. a directory that refuses new files.
    case cannotOpen(path: String, message: String)
    /// The file or its directory only allows reading (SQLITE_READONLY).
    case readOnly(path: String, sql: String)
    /// The disk, or the page limit set on the connection, is full (SQLITE_FULL).
    case diskFull(path: String, sql: String)
    /// The database refused write-ahead logging (`journal_mode` stayed as given), e.g. on a file system without shared memory.
    case walUnavailable(path: String, journalMode: String)
    /// SQLite stores NaN as NULL, which would turn a broken measurement into a missing one; refused instead.
    case notANumber(parameter: Int32, sql: String)
    /// A column holds a value this build cannot turn back into its Swift type.
    case invalidStoredValue(column: String, value: String)
    /// No session has this id.
    case sessionNotFound(id: Int64)
    /// The session already has an end time.
    case sessionAlreadyClosed(id: Int64, endedAt: String)
    /// No session has this name (and the text is not a session id either).
    case sessionNameNotFound(name: String, known: [String])
    /// Several sessions share this name: the id says which one.
    case sessionNameAmbiguous(name: String, ids: [Int64])
    /// A session of this name already exists, so renaming to it would make the name ambiguous.
    case sessionNameTaken(name: String)
    /// No shot has this id.
    case shotNotFound(id: Int64)
    /// No centre has this name; centres are added with `centers add`.
    case unknownCenter(name: String, known: [String])
    /// A centre of this name already exists.
    case centerExists(name: String)
    /// The lane has no stored calibration yet.
    case noCalibration(center: String, lane: Int)
    /// A stored calibration's JSON does not parse any more.
    case calibrationUnreadable(id: Int64, reason: String)
    /// A strike leaves no pin standing, so pins cannot go with it.
    case strikeWithPinsLeft(pins: [Int])
    /// Pins are numbered 1 to 10, each at most once.
    case invalidPins(pins: [Int])
    /// Ball profiles are stored by name, so a profile without one cannot be saved.
    case ballProfileNameMissing
    /// The profile cannot be written as JSON (an infinite or NaN number).
    case ballProfileNotEncodable(name: String, reason: String)
    /// The stored JSON of a ball profile does not decode.
    case ballProfileUnreadable(name: String, reason: String)

    /// The server is down or out of reach: worth keeping the shot elsewhere and trying again later, unlike every other case.
    public var isServerUnavailable: Bool {
        switch self {
        case .cannotConnect, .connectionLost: return true
        default: return false
        }
    }

    public var description: String {
        switch self {
        case let .sqlite(code, message, sql):
            return "sqlite \(code): \(message) (in \(Self.abbreviated(sql)))"
        case let .postgres(sqlState, message, sql):
            return "postgres \(sqlState): \(message) (in \(Self.abbreviated(sql)))"
        case let .cannotConnect(server, reason):
            return "cannot connect to \(server): \(reason)"
        case let .connectionLost(server, sql):
            return "lost the connection to \(server) (in \(Self.abbreviated(sql)))"
        case let .unsupportedLocation(text):
            return "\(text) is neither a file path nor a postgresql:// URI; give a SQLite file or postgresql://user@host:port/dbname"
        case let .notADatabase(path):
            return "\(path) is not a SQLite database"
        case let .notABowlerTraxDatabase(path, tables):
            return "\(path) is a SQLite database of some other program (tables: \(tables.joined(separator: ", "))), not a BowlerTrax one"
        case let .newerSchema(path, foundVersion, knownVersion, unknownMigrations):
            let names = unknownMigrations.map { "\"\($0)\"" }.joined(separator: ", ")
            return "\(path) was written by a newer BowlerTrax: it has schema version \(foundVersion) (unknown migrations: \(names)), this build knows version \(knownVersion); update BowlerTrax to open it"
        case let .corrupt(path, message, sql):
            return "\(path) is damaged (\(message)) (in \(Self.abbreviated(sql))); restore a backup or move the file aside"
        case let .locked(path, timeoutS, sql):
            return "\(path) is locked by another connection (gave up after \(timeoutS) s) (in \(Self.abbreviated(sql)))"
        case let .cannotCreateDirectory(path, reason):
            return "cannot create directory \(path): \(reason)"
        case let .cannotOpen(path, message):
            return "cannot open or create database \(path): \(message)"
        case let .readOnly(path, sql):
            return "\(path) is read-only (in \(Self.abbreviated(sql)))"
        case let .diskFull(path, sql):
            return "disk full while writing \(path) (in \(Self.abbreviated(sql)))"
        case let .walUnavailable(path, journalMode):
            return "\(path) cannot use write-ahead logging (journal mode stayed \(journalMode))"
        case let .notANumber(parameter, sql):
            return "NaN given for parameter \(parameter) (in \(Self.abbreviated(sql)))"
        case let .invalidStoredValue(column, value):
            return "\(column) holds \"\(value)\", which this build cannot read"
        case let .sessionNotFound(id):
            return "no session with id \(id)"
        case let .sessionAlreadyClosed(id, endedAt):
            return "session \(id) was already closed at \(endedAt)"
        case let .sessionNameNotFound(name, known):
            // A number is looked up as an id first: "no session named "99"" would hide that the id was tried.
            if Int64(name) != nil { return "no session with id \(name)" }
            return NearestName.message("no session named \"\(name)\"", name: name, among: known, quote: "\"")
        case let .sessionNameAmbiguous(name, ids):
            return "\(ids.count) sessions are named \"\(name)\" (ids \(ids.map(String.init).joined(separator: ", "))): give the id instead"
        case let .sessionNameTaken(name):
            return "a session named \"\(name)\" already exists"
        case let .shotNotFound(id):
            return "no shot with id \(id)"
        case let .unknownCenter(name, known):
            let list = known.isEmpty ? "none yet" : known.map { "\"\($0)\"" }.joined(separator: ", ")
            return NearestName.message("no centre named \"\(name)\"", name: name, among: known, quote: "\"") + " (known: \(list)); add it with 'bowlertrax centers add'"
        case let .centerExists(name):
            return "a centre named \"\(name)\" already exists"
        case let .noCalibration(center, lane):
            return "lane \(lane) at \"\(center)\" has no stored calibration; calibrate it first or give --calibration"
        case let .calibrationUnreadable(id, reason):
            return "stored calibration \(id) cannot be read: \(reason)"
        case let .strikeWithPinsLeft(pins):
            return "a strike leaves no pins, but pins \(pins.map(String.init).joined(separator: ",")) were given"
        case let .invalidPins(pins):
            return "pins must be distinct numbers from 1 to 10 (got \(pins.map(String.init).joined(separator: ",")))"
        case .ballProfileNameMissing:
            return "a ball profile needs a name to be saved"
        case let .ballProfileNotEncodable(name, reason):
            return "ball profile \"\(name)\" cannot be stored: \(reason)"
        case let .ballProfileUnreadable(name, reason):
            return "ball profile \"\(name)\" cannot be read: \(reason)"
        }
    }

    /// Maps a failed result code to the clearest case; `path` and `busyTimeoutS` are the connection's, for the message.
    /// `systemErrno` is sqlite3_system_errno: an I/O error from a full disk is reported as one.
    static func from(code: Int32, message: String, sql: String, path: String, busyTimeoutS: Double, systemErrno: Int32 = 0) -> StoreError {
        // A full disk met while growing the WAL index or log surfaces as SQLITE_IOERR, not SQLITE_FULL.
        if code & 0xff == SQLITE_IOERR, systemErrno == ENOSPC { return .diskFull(path: path, sql: sql) }
        // Extended codes carry the primary code in their low byte (sqlite.org/rescode.html).
        switch code & 0xff {
        case SQLITE_NOTADB: return .notADatabase(path: path)
        case SQLITE_CORRUPT: return .corrupt(path: path, message: message, sql: sql)
        case SQLITE_BUSY, SQLITE_LOCKED: return .locked(path: path, timeoutS: busyTimeoutS, sql: sql)
        case SQLITE_CANTOPEN: return .cannotOpen(path: path, message: message)
        case SQLITE_READONLY: return .readOnly(path: path, sql: sql)
        case SQLITE_FULL: return .diskFull(path: path, sql: sql)
        default: return .sqlite(code: code, message: message, sql: sql)
        }
    }

    /// The SQL on one line, cut after a few words: enough to find the statement, short enough for one error line.
    static func abbreviated(_ sql: String, maxLength: Int = 48) -> String {
        let words = sql.split(whereSeparator: { $0.isWhitespace })
        var line = ""
        for word in words {
            let next = line.isEmpty ? String(word) : line + " " + word
            if next.count > maxLength {
                return line.isEmpty ? String(next.prefix(maxLength)) + " …" : line + " …"
            }
            line = next
        }
        return line
    }
}
