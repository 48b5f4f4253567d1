/// League night or practice: how a session is counted in statistics.
public enum SessionKind: String, Sendable, CaseIterable {
    case league, practice
}

/// What is known about a session besides its shots: who bowled, where, with which ball, on which oil.
/// Every field is optional, so a session can be filled in later; notes live on `SessionRecord`.
/// A stored session always has a `kind` (practice unless told otherwise); nil here means "not given".
public struct SessionDetails: Sendable, Equatable {
    public var bowler: String?
    public var center: String?
    public var laneNumber: Int?
    public var oilPattern: String?
    /// The ball's name, normally a saved ball profile's; kept as text so deleting the profile keeps history.
    public var ball: String?
    public var kind: SessionKind?

    public init(bowler: String? = nil, center: String? = nil, laneNumber: Int? = nil, oilPattern: String? = nil,
                ball: String? = nil, kind: SessionKind? = nil) {
        self.bowler = bowler
        self.center = center
        self.laneNumber = laneNumber
        self.oilPattern = oilPattern
        self.ball = ball
        self.kind = kind
    }
}

/// A stored session: one video or one evening of live bowling.
public struct SessionRecord: Sendable, Equatable {
    public var id: Int64
    public var name: String
    /// The video path or camera device the shots came from.
    public var source: String
    public var hand: Hand
    /// ISO-8601 UTC, e.g. `2025-03-01T19:02:11.250Z`.
    public var startedAt: String
    /// ISO-8601 UTC; nil while the session is open.
    public var endedAt: String?
    public var notes: String?
    public var shotCount: Int
    public var details: SessionDetails
    /// Shots hidden from statistics as misdetections (still stored, and counted in `shotCount`).
    public var rejectedCount: Int

    public init(id: Int64, name: String, source: String, hand: Hand, startedAt: String, endedAt: String?, notes: String?, shotCount: Int,
                details: SessionDetails = SessionDetails(), rejectedCount: Int = 0) {
        self.id = id
        self.name = name
        self.source = source
        self.hand = hand
        self.startedAt = startedAt
        self.endedAt = endedAt
        self.notes = notes
        self.shotCount = shotCount
        self.details = details
        self.rejectedCount = rejectedCount
    }
}
