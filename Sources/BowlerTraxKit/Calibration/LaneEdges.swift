/// The lane's two long edges as `LaneFinder` found them in the picture (each a line fitted over hundreds of rows),
/// from the lane's near end in the picture (`nearY`) up to its farthest landmark (`farY`).
///
/// They check a fit of the landmarks found along them: a fit is only right if it reads both edges as the lane's
/// edges (boards 39.5 and 0.5) all the way along. The landmarks cannot show a wrong fit themselves when there are
/// barely more than a homography needs (four points fit any homography exactly): on train 12 a dark mark far up
/// the lane taken for an arrow and a pin of another lane fitted within 1.6 px, its head pin read at -50 ft.
public struct LaneEdges: Sendable {
    let left: LaneFinder.Line
    let right: LaneFinder.Line
    let nearY: Double
    let farY: Double

    /// How far from its board the fit may read a found edge. The edges are found within a few tenths of a board on
    /// the fixtures and within 0.4 to 3.5 boards of hand marks on TV footage (a gutter's glare, a capping's shadow),
    /// but a fit resting on a wrong landmark reads them many boards off.
    public static let toleranceBoards = 2.0
    /// Rows read, evenly from `nearY` to `farY`.
    static let rowCount = 9

    /// One edge at one row read through a fit: `board` nil where the fit cannot read it (beyond its horizon).
    struct Reading: Sendable {
        let side: String
        let xPx: Double, yPx: Double
        let board: Double?
        let edgeBoard: Double
        /// How far the reading is from the edge's board; infinity where there is none.
        var offsetBoards: Double { board.map { abs($0 - edgeBoard) } ?? .infinity }
    }

    /// Both edges read through `calibration` on `rowCount` rows from the near end to the farthest landmark.
    func readings(_ calibration: LaneCalibration) -> [Reading] {
        (0..<Self.rowCount).flatMap { step -> [Reading] in
            let y = nearY + (farY - nearY) * Double(step) / Double(Self.rowCount - 1)
            return [(left, Lane.leftEdgeBoard, "left"), (right, Lane.rightEdgeBoard, "right")].map { edge, board, side in
                let x = edge.at(y)
                let read = calibration.lanePosition(xPx: x, yPx: y, heightFt: 0).map { Lane.board(lateralFt: $0.lateralFt) }
                return Reading(side: side, xPx: x, yPx: y, board: read, edgeBoard: board)
            }
        }
    }

    /// Whether the pixel lies between the two edges (in the picture's rows where the left edge lies left of the right).
    func holds(x: Double, y: Double) -> Bool { left.at(y) <= x && x <= right.at(y) }

    /// Throws `edgesOffFit` for the worst reading when it is more than `toleranceBoards` off; returns the largest
    /// offset otherwise.
    @discardableResult
    public func check(_ calibration: LaneCalibration) throws -> Double {
        let all = readings(calibration)
        guard let worst = all.max(by: { $0.offsetBoards < $1.offsetBoards }) else { return 0 }
        guard worst.offsetBoards <= Self.toleranceBoards else {
            throw CalibrationError.edgesOffFit(side: worst.side, xPx: worst.xPx, yPx: worst.yPx, board: worst.board, edgeBoard: worst.edgeBoard)
        }
        return worst.offsetBoards
    }
}
