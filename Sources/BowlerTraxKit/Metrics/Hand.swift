/// The bowler's hand: boards are reported counted from the bowler's own side (DOMAIN.md).
public enum Hand: String, Sendable, Codable, CaseIterable {
    case right
    case left

    /// Converts a board counted from the right edge into this hand's numbering (and back: the map is its own inverse).
    public func board(fromRightEdgeBoard board: Double) -> Double {
        switch self {
        case .right: return board
        case .left: return 2 * Lane.centreBoard - board
        }
    }
}
