import XCTest
@testable import BowlerTraxKit

/// The tracker's less common paths: gutter balls, pixel-only tracking, a second blob beside the ball.
final class ShotTrackerEdgeCaseTests: XCTestCase {
    private static let calibration = Result { try SyntheticCamera().calibration() }

    private func calibration() throws -> LaneCalibration { try Self.calibration.get() }

    /// One sighting a frame at 60 fps, of the ball at each of `places` as `shot`'s camera sees it.
    private func sightings(_ places: [(board: Double, distanceFt: Double)], seenBy shot: SyntheticShot) throws -> [BallSighting] {
        try places.enumerated().map { frame, place in
            BallSighting(frame: frame, timeS: Double(frame) / 60, candidate: try XCTUnwrap(shot.candidate(board: place.board, distanceFt: place.distanceFt)))
        }
    }

    private func run(_ tracker: ShotTracker, _ frames: [(frame: Int, timeS: Double, candidates: [BallCandidate])]) -> [TrackedShot] {
        var shots = frames.compactMap { tracker.update(frame: $0.frame, timeS: $0.timeS, candidates: $0.candidates) }
        if let last = tracker.finish() { shots.append(last) }
        return shots
    }

    func testGutterBallEndsItsShotWhenItLeavesTheLane() throws {
        // Rolls off the right edge: board 0.5 at 30 ft, then on in the gutter to the pit.
        let shot = SyntheticShot(calibration: try calibration(), distanceFt: SyntheticShot.constantSpeed(mph: 17),
                                 board: { max(-3, 8 - 0.25 * $0) }, seenFt: 3...62)
        let tracker = ShotTracker(calibration: try calibration())
        var endedAtFt: Double?
        for frame in shot.frames {
            if let ended = tracker.update(frame: frame.frame, timeS: frame.timeS, candidates: frame.candidate.map { [$0] } ?? []) {
                endedAtFt = ended.observations.last?.distanceFt
                break
            }
        }
        let distance = try XCTUnwrap(endedAtFt, "the shot never ended")
        XCTAssertLessThan(distance, 40, "ended soon after the ball left the lane at 30 ft")
        XCTAssertGreaterThan(distance, 30)
    }

    func testPixelOnlyTrackingFindsABallRisingAndShrinking() {
        // No calibration: a blob moving up the image 6 px a frame and shrinking.
        let frames = (0..<40).map { i -> (frame: Int, timeS: Double, candidates: [BallCandidate]) in
            let radius = 30 - 0.5 * Double(i)
            let candidate = BallCandidate(xPx: 640 - Double(i), yPx: 650 - 6 * Double(i), radiusPx: radius, areaPx: Int(3 * radius * radius),
                                          fill: 1, markerAreaPx: 0, score: 0)
            return (i, Double(i) / 60, [candidate])
        }
        let shots = run(ShotTracker(calibration: nil), frames)
        XCTAssertEqual(shots.count, 1)
        XCTAssertEqual(shots.first?.observations.count, 40)
        XCTAssertNil(shots.first?.observations.first?.board)
    }

    func testPixelOnlyTrackingIgnoresABlobMovingDownTheImage() {
        let frames = (0..<40).map { i -> (frame: Int, timeS: Double, candidates: [BallCandidate]) in
            let candidate = BallCandidate(xPx: 640, yPx: 300 + 6 * Double(i), radiusPx: 20, areaPx: 1200, fill: 1, markerAreaPx: 0, score: 0)
            return (i, Double(i) / 60, [candidate])
        }
        XCTAssertEqual(run(ShotTracker(calibration: nil), frames).count, 0)
    }

    func testAStillBlobBesideTheBallDoesNotStealTheTrack() throws {
        // A ball-coloured towel lies on the approach at board 30, 4 ft; the ball rolls down board 10.
        let shot = SyntheticShot(calibration: try calibration(), distanceFt: SyntheticShot.constantSpeed(mph: 18), board: { _ in 10 }, seenFt: 3...63)
        let towel = try XCTUnwrap(shot.candidate(board: 30, distanceFt: 4))
        let frames = shot.frames.map { ($0.frame, $0.timeS, [towel] + ($0.candidate.map { [$0] } ?? [])) }
        let shots = run(ShotTracker(calibration: try calibration()), frames)
        XCTAssertEqual(shots.count, 1)
        let boards = shots.first?.observations.compactMap(\.board) ?? []
        XCTAssertFalse(boards.isEmpty)
        XCTAssertTrue(boards.allSatisfy { abs($0 - 10) < 1e-6 }, "only the ball's sightings")
    }

    func testASeedFollowedOnlyThroughTheSwingIsNoShot() throws {
        // The user's box on the ball in the bowler's hand: in the swing it reads beside the lane (boards 44 to 50, 1 to
        // 3 ft down-lane), then it is hidden behind the bowler. Neither the swing's reading ends the shot as a gutter
        // ball, nor is what was followed a shot: the ball never rolled down the lane.
        let calibration = try calibration()
        let shot = SyntheticShot(calibration: calibration, distanceFt: SyntheticShot.constantSpeed(mph: 18), board: { _ in 10 })
        let swing = try (0..<15).map { k in
            try XCTUnwrap(shot.candidate(board: 44 + 0.4 * Double(k), distanceFt: 1 + 0.15 * Double(k)))
        }
        let tracker = ShotTracker(calibration: calibration)
        tracker.follow([BallSighting(frame: 0, timeS: 0, candidate: swing[0])], reference: nil)
        for k in 1..<swing.count {
            XCTAssertNil(tracker.update(frame: k, timeS: Double(k) / 60, candidates: [swing[k]]), "frame \(k) of the swing")
        }
        XCTAssertTrue(tracker.isFollowing, "the swing read beside the lane near the foul line does not end the shot")
        XCTAssertEqual(tracker.followedObservations.count, swing.count)
        for k in swing.count..<(swing.count + 30) {
            XCTAssertNil(tracker.update(frame: k, timeS: Double(k) / 60, candidates: []), "lost in the swing: no shot")
        }
        XCTAssertFalse(tracker.isFollowing)
    }

    /// A ball held high in the stance reads past where a lofted ball lands and far beside the lane, on the lane's plane
    /// (test 13's, given its box: 13.8 ft out on board 102). It has not left the lane, having never been on it: the
    /// followed ball is kept through the swing and the release, to the pins (the shot had ended two frames after the box).
    /// A ball that rolled on the lane and then reads beside it past the loft has left it (the gutter ball above).
    func testABallHeldHighBesideTheLaneIsFollowedToTheRelease() throws {
        let calibration = try calibration()
        let roll = SyntheticShot.constantSpeed(mph: 18), shot = SyntheticShot(calibration: calibration, distanceFt: roll, board: { _ in 10 })
        // Held still for 5 frames on board 46 (past the left edge), 13.8 ft out; lowered over 20 frames to the release on board 10 at the
        // foul line; rolled down board 10.
        var places: [(board: Double, distanceFt: Double)] = Array(repeating: (46, 13.8), count: 5)
        for step in 1...20 {
            let lowered = Double(step) / 20
            places.append((46 - 36 * lowered, 13.8 * (1 - lowered)))
        }
        var rolled = 0.0
        while rolled < 61 {
            rolled = roll(Double(places.count - 25) / 60)
            places.append((10, rolled))
        }
        let sightings = try self.sightings(places, seenBy: shot)
        let tracker = ShotTracker(calibration: calibration)
        tracker.follow([sightings[0]], reference: nil)
        let shots = run(tracker, sightings.dropFirst().map { ($0.frame, $0.timeS, [$0.candidate]) })
        XCTAssertEqual(shots.count, 1)
        let followed = try XCTUnwrap(shots.first, "no shot")
        XCTAssertEqual(followed.observations.first?.frame, 0, "from the box")
        XCTAssertGreaterThan(try XCTUnwrap(followed.observations.compactMap(\.distanceFt).max()), 55, "to the pins")
    }

    /// A ball followed by its shape that reached the pins and then reads back up the lane (the search holding
    /// something flying back: train 07 with no ball option read 61.5 ft, then 59.7, 58.7, 56.8 and 50.3, and gave no
    /// entry and no average speed) ends its shot at its farthest sighting.
    func testABallReadingBackUpTheLaneAfterThePinsEndsAtItsFarthestSighting() throws {
        let calibration = try calibration()
        let forward = SyntheticShot.constantSpeed(mph: 18), shot = SyntheticShot(calibration: calibration, distanceFt: forward, board: { _ in 10 })
        // Down board 10 to 61.5 ft, then back up the lane at 4 times the speed, for 8 frames (to about 48 ft): below 55 ft
        // within 0.15 s, before it would have been seen stuck among the pins.
        var path: [Double] = []
        while forward(Double(path.count) / 60 + 0.2) <= 61.5 { path.append(forward(Double(path.count) / 60 + 0.2)) }
        for _ in 0..<8 { path.append(61.5 - 4 * (forward(Double(path.count) / 60 + 0.2) - 61.5)) }
        let sightings = try self.sightings(path.map { (board: 10, distanceFt: $0) }, seenBy: shot)
        let tracker = ShotTracker(calibration: calibration)
        tracker.follow([sightings[0]], reference: nil)
        var ended: TrackedShot?
        for sighting in sightings.dropFirst() where ended == nil {
            ended = tracker.update(frame: sighting.frame, timeS: sighting.timeS, candidates: [sighting.candidate])
        }
        let distances = try XCTUnwrap(ended, "the shot did not end when the ball read back up the lane").observations.compactMap { $0.distanceFt }
        XCTAssertEqual(try XCTUnwrap(distances.last), try XCTUnwrap(distances.max()), "ends at its farthest")
        XCTAssertGreaterThan(try XCTUnwrap(distances.last), 61)
    }
}
