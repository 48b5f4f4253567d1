import XCTest
@testable import BowlerTraxKit

/// With a calibration, a track that makes no way down the lane over its whole length is no shot, however it was
/// confirmed; a followed ball that holds still on the lane before the pins has been lost, and its shot ends there.
final class StillSpotTests: XCTestCase {
    private static let fps = 30.0
    private static let phone = SyntheticCamera(imageSize: PixelSize(width: 1080, height: 1920), focalPx: 2300, positionFt: Vector3(0, -19.6, 3.7), pitchDeg: 1)

    /// A real phone clip (30 fps, its frames often shown twice), given the ball's box: after the shot the colour
    /// detector found a ball-coloured spot on the lane at 17 ft. Read 17.3 ft five times, then 19.4 (the spot's outline
    /// changed), it passed for a ball rolling at 8.5 mph and was confirmed; then it held still for two seconds, and
    /// `analyze` reported a second shot, its arrows board -215. (frames, ft, board) as the calibration read it.
    private static let stillSpot: [(frames: Int, ft: Double, board: Double)] = [
        (5, 17.29, 17.80), (2, 19.36, 18.96), (1, 17.38, 18.98), (3, 19.36, 18.98), (2, 17.27, 18.35), (4, 17.42, 18.51),
        (25, 17.36, 18.69), (16, 17.35, 18.70), (6, 17.34, 18.69),
    ]

    private func sightings(_ readings: [(ft: Double, board: Double)]) throws -> [BallSighting] {
        let calibration = try Self.phone.calibration()
        return try readings.enumerated().map { frame, reading in
            let pixel = try XCTUnwrap(calibration.ballPixel(board: reading.board, distanceFt: reading.ft))
            let radius = calibration.radiusPx(lateralFt: Lane.lateralFt(board: reading.board), distanceFt: reading.ft)
            return BallSighting(frame: frame, timeS: Double(frame) / Self.fps, candidate: BallCandidate(discAtX: pixel.x, y: pixel.y, radiusPx: radius))
        }
    }

    private func shot(_ sightings: [BallSighting]) throws -> TrackedShot? {
        let tracker = ShotTracker(calibration: try Self.phone.calibration())
        var shot: TrackedShot?
        for s in sightings { shot = tracker.update(frame: s.frame, timeS: s.timeS, candidates: [s.candidate]) ?? shot }
        return shot ?? tracker.finish()
    }

    func testASpotThatHoldsStillOnTheLaneIsNoShot() throws {
        let readings = Self.stillSpot.flatMap { run in Array(repeating: (ft: run.ft, board: run.board), count: run.frames) }
        XCTAssertNil(try shot(try sightings(readings)))
    }

    /// A ball followed by its shape from 10 ft at 18 mph that stops dead at 40 ft and holds still there for a second
    /// (an overhead camera's gutter ball: the shape search held a still spot beside the gutter for 45 frames): the shot
    /// ends where it stopped (within 0.1 s: the spread looked at leaves out its ends), not a second later.
    func testAFollowedBallThatHoldsStillBeforeThePinsEndsThere() throws {
        let rolledS = 30.0 / 26.4, stopFrame = Int(rolledS * Self.fps)
        let readings = (0..<(stopFrame + 30)).map { (frame: Int) -> (ft: Double, board: Double) in
            (ft: 10 + 26.4 * min(Double(frame) / Self.fps, rolledS), board: 15)
        }
        let sightings = try sightings(readings)
        let tracker = ShotTracker(calibration: try Self.phone.calibration())
        tracker.follow([sightings[0]], reference: nil)
        var shot: TrackedShot?
        for s in sightings.dropFirst() where shot == nil { shot = tracker.update(frame: s.frame, timeS: s.timeS, candidates: [s.candidate]) }
        let ended = try XCTUnwrap(shot ?? tracker.finish())
        let lastFrame = try XCTUnwrap(ended.observations.last?.frame)
        XCTAssertTrue(((stopFrame - 3)...(stopFrame + 1)).contains(lastFrame), "ended at frame \(lastFrame), the ball stopped at \(stopFrame)")
    }

    /// The same frames shown twice, of a ball rolling at 17.6 mph from 10 ft: a shot.
    func testABallRollingOnTheSameFramesIsAShot() throws {
        let readings = (0..<64).map { (frame: Int) -> (ft: Double, board: Double) in
            let shown = Double(frame / 2 * 2)
            return (ft: 10 + 25.8 * shown / Self.fps, board: 17 - 0.05 * shown)
        }
        let shot = try XCTUnwrap(try shot(try sightings(readings)))
        XCTAssertGreaterThan(shot.observations.count, 50)
    }
}
