/// What the bowler saw happen, entered after the shot.
public enum ShotResult: String, Sendable, CaseIterable {
    case strike, spare, open
}

/// A shot as stored: the measured shot plus where it belongs and what the bowler entered about it.
public struct StoredShot: Sendable, Equatable {
    /// The shot's id in the store: what `shots reject N` and `shots set-result N` take.
    public var id: Int64
    public var sessionID: Int64
    public var sessionName: String
    /// The session's start, ISO-8601 UTC: date ranges select on it.
    public var sessionStartedAt: String
    public var details: SessionDetails
    public var shot: Shot
    public var result: ShotResult?
    /// Pins left standing after the shot, sorted; empty when none were entered.
    public var pinsLeft: [Int]
    /// Hidden from statistics as a misdetection, kept in the store.
    public var rejected: Bool

    public init(id: Int64, sessionID: Int64, sessionName: String, sessionStartedAt: String, details: SessionDetails, shot: Shot,
                result: ShotResult?, pinsLeft: [Int], rejected: Bool) {
        self.id = id
        self.sessionID = sessionID
        self.sessionName = sessionName
        self.sessionStartedAt = sessionStartedAt
        self.details = details
        self.shot = shot
        self.result = result
        self.pinsLeft = pinsLeft
        self.rejected = rejected
    }

    /// The result as every human-readable output shows it, "open (7-10 left)", with the leave written as the
    /// prediction's (`StrikePrediction.predictedLeave`); nil when none was entered.
    public var resultText: String? {
        result.map { $0.rawValue + (pinsLeft.isEmpty ? "" : " (" + pinsLeft.sorted().map(String.init).joined(separator: "-") + " left)") }
    }
}

/// Which stored shots a statistic, comparison, report or export covers. Conditions combine with AND;
/// nil means "any".
public struct ShotFilter: Sendable, Equatable {
    public var sessionIDs: [Int64]?
    /// First day included, `YYYY-MM-DD` (UTC), compared with the session's start.
    public var fromDate: String?
    /// Last day included, `YYYY-MM-DD` (UTC).
    public var toDate: String?
    public var ball: String?
    public var center: String?
    public var bowler: String?
    public var includeRejected: Bool

    public init(sessionIDs: [Int64]? = nil, fromDate: String? = nil, toDate: String? = nil, ball: String? = nil, center: String? = nil,
                bowler: String? = nil, includeRejected: Bool = false) {
        self.sessionIDs = sessionIDs
        self.fromDate = fromDate
        self.toDate = toDate
        self.ball = ball
        self.center = center
        self.bowler = bowler
        self.includeRejected = includeRejected
    }
}
