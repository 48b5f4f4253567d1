/// The landmarks a calibration asks for, with their lane positions (boards from the right edge).
///
/// Arrow distances vary by lane maker (DOMAIN.md); the defaults are `ArrowLayout.deep`, the V with the board-20
/// arrow tip at 16 ft and each arrow outward 1 ft nearer. The click page lets the user edit them.
public enum StandardLandmarks {
    public static let foulLineRight = LandmarkPoint(name: "foul line, right edge", xPx: .nan, yPx: .nan, board: 0.5, distanceFt: 0)
    public static let foulLineLeft = LandmarkPoint(name: "foul line, left edge", xPx: .nan, yPx: .nan, board: 39.5, distanceFt: 0)
    public static let farEdgeRight = LandmarkPoint(name: "lane edge at 60 ft, right", xPx: .nan, yPx: .nan, board: 0.5, distanceFt: 60)
    public static let farEdgeLeft = LandmarkPoint(name: "lane edge at 60 ft, left", xPx: .nan, yPx: .nan, board: 39.5, distanceFt: 60)
    public static let headPinSpot = LandmarkPoint(name: "head pin spot", xPx: .nan, yPx: .nan, board: 20, distanceFt: Lane.headPinDistanceFt)

    /// Default distance of the tip of the arrow on `board`.
    public static func arrowTipFt(board: Double) -> Double { ArrowLayout.deep.distanceFt(board: board) }

    /// The tip of the arrow on `board`, at its default distance.
    public static func arrowTip(board: Double) -> LandmarkPoint {
        LandmarkPoint(name: "arrow tip, board \(Int(board))", xPx: .nan, yPx: .nan, board: board, distanceFt: arrowTipFt(board: board))
    }

    /// All of them, in the order the click page asks for them; pixels are NaN (not placed yet).
    public static let all: [LandmarkPoint] = [foulLineRight, foulLineLeft] + Lane.arrowBoards.map(arrowTip)
        + [farEdgeRight, farEdgeLeft, headPinSpot]
}
