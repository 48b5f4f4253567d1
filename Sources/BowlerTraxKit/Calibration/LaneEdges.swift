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

    /// Throws `edgesOffFit` for the worst reading when it is more than `toleranceBoards` off, unless the fit's
    /// `landmarks` overrule the edges (`overruled(by:)`); returns the largest offset otherwise.
    @discardableResult
    public func check(_ calibration: LaneCalibration, landmarks: [LandmarkPoint] = []) throws -> Double {
        let all = readings(calibration)
        guard let worst = all.max(by: { $0.offsetBoards < $1.offsetBoards }) else { return 0 }
        guard worst.offsetBoards <= Self.toleranceBoards || Self.overruled(by: landmarks) else {
            throw CalibrationError.edgesOffFit(side: worst.side, xPx: worst.xPx, yPx: worst.yPx, board: worst.board, edgeBoard: worst.edgeBoard)
        }
        return worst.offsetBoards
    }

    /// Whether a fit's landmarks (each within the fit's limit of it) are enough to overrule the edges where they read
    /// off: at least `overrulingCount` (twice the four a homography fits exactly) spread `overrulingSpanFt` down the
    /// lane (the arrows and the pins, or the foul line and the pins). So many, near and far, cannot all be wrong
    /// together without showing it in the fit's residuals, and the found edges are the weaker witness where they
    /// disagree: on TV frames they lie within 0.4 to 3.5 boards of hand marks, most off at the pins beside a gutter's
    /// capping (test/Task2 12: its right edge found 3 boards out beside the 10 pin; its 10 landmarks from the foul line
    /// to the 4 pin, fitted within 1.5 px, had been refused for it; that lane is not the bowled one, which the ball
    /// tells: `LandmarkViews.rollsDownTheLane`). Where fewer could hide a wrong one (train 12: a
    /// dark mark taken for an arrow and a pin of another lane fitted within 1.6 px, its head pin read at -50 ft), the
    /// edges refuse the fit. They still choose which views to leave out (`LandmarkViews.fit`).
    public static func overruled(by landmarks: [LandmarkPoint]) -> Bool {
        let distances = landmarks.map(\.distanceFt)
        guard landmarks.count >= overrulingCount, let near = distances.min(), let far = distances.max() else { return false }
        return far - near >= overrulingSpanFt
    }

    /// Fewest landmarks that overrule the edges (`overruled(by:)`).
    public static let overrulingCount = 8
    /// How far down the lane they must spread (the arrows at 12 to 16 ft and the pins at 60 ft lie 44 to 48 ft apart).
    public static let overrulingSpanFt = 40.0
}
