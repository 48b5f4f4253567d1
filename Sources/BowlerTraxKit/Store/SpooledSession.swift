import FoundationEssentials

/// Where a live session's shot went: the store, or the local spool while the store's server was away.
public enum SavedShot: Sendable, Equatable {
    case stored(id: Int64)
    case spooled(id: Int64)
}

/// What a session is, for opening it wherever its shots end up (the server, or the spool).
public struct SessionOpening: Sendable {
    public var name: String
    public var source: String
    public var hand: Hand
    public var details: SessionDetails

    public init(name: String, source: String, hand: Hand, details: SessionDetails) {
        self.name = name
        self.source = source
        self.hand = hand
        self.details = details
    }
}

/// A live session whose shots go to a store on a PostgreSQL server, and to a local SQLite spool whenever the server
/// cannot be reached: each shot is first offered to the server (after sending what the spool holds), and kept in the
/// spool when that fails for want of the server. Shots and the session keep their keys in both places, so sending
/// again never stores twice (`ShotStore.copy(to:)`), and `bowlertrax sync` sends what a run left in the spool.
/// With a SQLite store the spool is never used: a local file does not go away.
public final class SpooledSession {
    private let location: StoreLocation
    private let spoolPath: String
    private let opening: SessionOpening
    /// The session's key in the store and in the spool.
    public let key: String
    private var store: ShotStore?
    private var storeSessionID: Int64?
    private var spool: ShotStore?

    /// `store` is the open store (nil when its server could not be reached at the start), `sessionID` the session
    /// already opened there (nil to open it with the first shot that reaches it, under `key`).
    public init(store: ShotStore?, location: StoreLocation, sessionID: Int64?, key: String, opening: SessionOpening, spoolPath: String) {
        self.store = store
        self.location = location
        storeSessionID = sessionID
        self.key = key
        self.opening = opening
        self.spoolPath = spoolPath
    }

    /// The user's spool, beside the default database: `$XDG_DATA_HOME/bowlertrax/spool.sqlite`.
    public static func defaultSpoolPath(environment: [String: String]) -> String {
        Paths.parent(of: ShotStore.defaultPath(environment: environment)) + "/spool.sqlite"
    }

    /// Saves the shot (in one transaction wherever it goes) and says where.
    public func save(_ shot: Shot) throws -> SavedShot {
        let shotKey = ShotStore.newKey()
        do {
            let store = try reachableStore()
            let id = try store.save(shot, sessionID: try storeSession(in: store), key: shotKey)
            return .stored(id: id)
        } catch let error as StoreError where error.isServerUnavailable {
            let spool = try openSpool()
            return .spooled(id: try spool.save(shot, sessionID: try Self.session(in: spool, key: key, opening: opening), key: shotKey))
        }
    }

    /// Closes the session where it is; when the server is away, in the spool, and `sync` closes it on the server later.
    public func close() throws {
        do {
            let store = try reachableStore()
            try store.closeSession(id: try storeSession(in: store))
            // All the spool held of it was sent on the way: its empty copy there goes too.
            if let spool, let id = try spool.sessionID(key: key) {
                try spool.closeSession(id: id)
                try spool.deleteCopied(shotKeys: [])
            }
        } catch let error as StoreError where error.isServerUnavailable {
            let spool = try openSpool()
            try spool.closeSession(id: try Self.session(in: spool, key: key, opening: opening))
        }
    }

    /// The store, connected again if it was away, with whatever the spool holds sent to it first.
    private func reachableStore() throws -> ShotStore {
        let store = try self.store ?? ShotStore(location: location)
        self.store = store
        if FileManager.default.fileExists(atPath: spoolPath) {
            _ = try Self.sync(spool: openSpool(), to: store)
        }
        return store
    }

    private func storeSession(in store: ShotStore) throws -> Int64 {
        if let storeSessionID { return storeSessionID }
        let id = try Self.session(in: store, key: key, opening: opening)
        storeSessionID = id
        return id
    }

    private func openSpool() throws -> ShotStore {
        if let spool { return spool }
        let opened = try ShotStore(path: spoolPath)
        spool = opened
        return opened
    }

    /// The session of that key in `store`, opened there (with its centre, if the store lacks it) when missing.
    private static func session(in store: ShotStore, key: String, opening: SessionOpening) throws -> Int64 {
        if let id = try store.sessionID(key: key) { return id }
        if let center = opening.details.center, try !store.centers().contains(where: { $0.name == center }) {
            try store.addCenter(center)
        }
        return try store.openSession(name: opening.name, source: opening.source, hand: opening.hand, details: opening.details, key: key)
    }

    /// Sends everything in `spool` to `store` and removes from the spool what the store now holds; returns what was sent.
    public static func sync(spool: ShotStore, to store: ShotStore) throws -> CopyReport {
        let report = try spool.copy(to: store)
        try spool.deleteCopied(shotKeys: report.shotKeys)
        return report
    }
}
