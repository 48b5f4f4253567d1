import Foundation
@testable import BowlerTraxKit

/// A ball on an analytic path, seen exactly: the candidates and observations a perfect detector would give.
///
/// Time 0 is the foul-line crossing (plus `releaseTimeS`); frames are sampled every 1/fps from there on and
/// the ball is seen while its distance lies in `seenFt`.
struct SyntheticShot {
    let calibration: LaneCalibration
    /// Down-lane distance at a time after the foul-line crossing.
    var distanceFt: (Double) -> Double
    /// Board (counted from the right edge) at a distance.
    var board: (Double) -> Double
    var fps = 60.0
    var releaseTimeS = 0.0
    var seenFt = 3.0...62.0
    /// Frame indices (counted from the foul-line crossing) in which the ball is hidden.
    var hiddenFrames: Set<Int> = []

    /// Constant down-lane speed.
    static func constantSpeed(mph: Double) -> (Double) -> Double { { mph * 1.4666667 * $0 } }

    /// Slowing at a constant rate from `mph` at the foul line.
    static func decelerating(mph: Double, byFtS2 deceleration: Double) -> (Double) -> Double {
        { mph * 1.4666667 * $0 - deceleration * $0 * $0 / 2 }
    }

    /// When the ball of `decelerating(mph:byFtS2:)` reaches `distanceFt`, seconds after the foul line.
    static func time(toReachFt distanceFt: Double, mph: Double, byFtS2 deceleration: Double) -> Double {
        let v0 = mph * 1.4666667
        return (v0 - (v0 * v0 - 2 * deceleration * distanceFt).squareRoot()) / deceleration
    }

    /// A hook as Coulomb friction draws it: slowing from 21 mph by 2 ft/s² down-lane while pulled across at
    /// `HookPath.pullBoardsS2`, one constant pull, with its breakpoint on board 8 at 40 ft.
    static func hook(calibration: LaneCalibration, fps: Double = 60, hand: Hand = .right) -> SyntheticShot {
        SyntheticShot(calibration: calibration, distanceFt: decelerating(mph: HookPath.releaseMph, byFtS2: HookPath.slowingFtS2),
                      board: { hand.board(fromRightEdgeBoard: HookPath.board(atFt: $0)) }, fps: fps)
    }

    /// The candidate a perfect detector reports for the ball at this lane position.
    func candidate(board: Double, distanceFt: Double) -> BallCandidate? {
        guard let pixel = calibration.ballPixel(board: board, distanceFt: distanceFt),
              let radius = calibration.expectedRadiusPx(atX: pixel.x, y: pixel.y) else { return nil }
        return BallCandidate(xPx: pixel.x, yPx: pixel.y, radiusPx: radius, areaPx: Int(Double.pi * radius * radius),
                             fill: 1, markerAreaPx: 0, score: 0)
    }

    /// (frame, time, candidate or nil when hidden) for every frame from the foul line until the ball leaves `seenFt`.
    var frames: [(frame: Int, timeS: Double, candidate: BallCandidate?)] {
        var result: [(Int, Double, BallCandidate?)] = []
        var index = 0
        while true {
            let t = Double(index) / fps, distance = distanceFt(t)
            if distance > seenFt.upperBound { break }
            if distance >= seenFt.lowerBound {
                let seen = hiddenFrames.contains(index) ? nil : candidate(board: board(distance), distanceFt: distance)
                result.append((index, releaseTimeS + t, seen))
            }
            index += 1
        }
        return result
    }

    /// Every sighting with its exact lane position.
    var observations: [Observation] {
        frames.compactMap { frame in
            frame.candidate.map { candidate in
                let distance = distanceFt(frame.timeS - releaseTimeS)
                return Observation(frame: frame.frame, timeS: frame.timeS, candidate: candidate, board: board(distance), distanceFt: distance)
            }
        }
    }

    var track: TrackedShot { TrackedShot(observations: observations) }
}

/// The analytic hook of `SyntheticShot.hook`: where it is and how it moves, in the bowler's numbering.
enum HookPath {
    static let releaseMph = 21.0
    static let slowingFtS2 = 2.0
    static let pullBoardsS2 = 8.0
    static let breakpointFt = 40.0

    /// Time after the foul line at which the ball reaches `distanceFt`.
    static func time(atFt distanceFt: Double) -> Double {
        SyntheticShot.time(toReachFt: distanceFt, mph: releaseMph, byFtS2: slowingFtS2)
    }

    static func board(atFt distanceFt: Double) -> Double { 8 + pullBoardsS2 / 2 * pow(time(atFt: distanceFt) - time(atFt: breakpointFt), 2) }

    /// Direction of travel toward higher boards, degrees.
    static func angleDeg(atFt distanceFt: Double) -> Double {
        let t = time(atFt: distanceFt)
        let acrossFtS = pullBoardsS2 * (t - time(atFt: breakpointFt)) * Lane.boardWidthFt
        return atan2(acrossFtS, releaseMph * 1.4666667 - slowingFtS2 * t) * 180 / .pi
    }
}
