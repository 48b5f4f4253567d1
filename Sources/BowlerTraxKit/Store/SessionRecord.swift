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

    public init(id: Int64, name: String, source: String, hand: Hand, startedAt: String, endedAt: String?, notes: String?, shotCount: Int) {
        self.id = id
        self.name = name
        self.source = source
        self.hand = hand
        self.startedAt = startedAt
        self.endedAt = endedAt
        self.notes = notes
        self.shotCount = shotCount
    }
}
