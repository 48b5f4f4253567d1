import XCTest
@testable import BowlerTraxKit

final class ShotTrackerTests: XCTestCase {
    private static let calibration = Result { try SyntheticCamera().calibration() }

    private func calibration() throws -> LaneCalibration { try Self.calibration.get() }

    /// A ball bowled at 18 mph on board 15, seen from 3 ft to just past the pit.
    private func bowled(releaseTimeS: Double = 0) throws -> SyntheticShot {
        SyntheticShot(calibration: try calibration(), distanceFt: SyntheticShot.constantSpeed(mph: 18), board: { _ in 15 },
                      releaseTimeS: releaseTimeS, seenFt: 3...63.5)
    }

    /// Feeds the frames in order, then ends the video; the shots that came out.
    private func track(_ frames: [(frame: Int, timeS: Double, candidates: [BallCandidate])]) throws -> [TrackedShot] {
        let tracker = ShotTracker(calibration: try calibration())
        var shots = frames.compactMap { tracker.update(frame: $0.frame, timeS: $0.timeS, candidates: $0.candidates) }
        if let last = tracker.finish() { shots.append(last) }
        return shots
    }

    private func frames(of shot: SyntheticShot, frameOffset: Int = 0) -> [(frame: Int, timeS: Double, candidates: [BallCandidate])] {
        shot.frames.map { ($0.frame + frameOffset, $0.timeS, $0.candidate.map { [$0] } ?? []) }
    }

    /// Empty frames at 60 fps from `fromS` for `durationS`.
    private func emptyFrames(fromS: Double, durationS: Double, firstFrame: Int) -> [(frame: Int, timeS: Double, candidates: [BallCandidate])] {
        (0..<Int(durationS * 60)).map { (firstFrame + $0, fromS + Double($0) / 60, []) }
    }

    func testBowledBallGivesOneShotEndingNearThePins() throws {
        let shot = try bowled()
        let shots = try track(frames(of: shot))
        XCTAssertEqual(shots.count, 1)
        let observations = try XCTUnwrap(shots.first?.observations)
        XCTAssertEqual(try XCTUnwrap(observations.first?.distanceFt), 3, accuracy: 0.5)
        XCTAssertGreaterThan(try XCTUnwrap(observations.last?.distanceFt), 60)
    }

    func testTrackedObservationsCarryTheLanePosition() throws {
        let shot = try bowled()
        let observations = try XCTUnwrap(try track(frames(of: shot)).first?.observations)
        for observation in observations {
            let distance = try XCTUnwrap(observation.distanceFt)
            XCTAssertEqual(try XCTUnwrap(observation.board), 15, accuracy: 1e-6)
            XCTAssertEqual(distance, shot.distanceFt(observation.timeS), accuracy: 1e-6)
        }
    }

    func testEverySightingOfTheShotIsKept() throws {
        let shot = try bowled()
        let shots = try track(frames(of: shot))
        let expected = shot.frames.filter { $0.timeS <= (shots.first?.observations.last?.timeS ?? 0) }.count
        XCTAssertEqual(shots.first?.observations.count, expected)
    }

    /// The ball coming out from behind the bowler at 120 fps: the first sighting is part of the ball, its centre found
    /// 0.7 ft further down-lane, so the next one seems to step back 0.5 ft (a rendered shot stepped back 0.46 ft).
    /// The shot is still found, from the next sighting on.
    func testShotWhoseFirstSightingIsHalfHiddenIsFound() throws {
        var shot = try bowled()
        shot.fps = 120
        var frames = frames(of: shot)
        let first = try XCTUnwrap(frames.first?.candidates.first)
        let lane = try XCTUnwrap(try calibration().ballPosition(xPx: first.xPx, yPx: first.yPx))
        var spoiled = try XCTUnwrap(shot.candidate(board: lane.board, distanceFt: lane.distanceFt + 0.7))
        spoiled.radiusPx *= 0.75
        frames[0].candidates = [spoiled]
        let shots = try track(frames)
        XCTAssertEqual(shots.count, 1)
        let observations = try XCTUnwrap(shots.first?.observations)
        XCTAssertEqual(try XCTUnwrap(observations.first?.distanceFt), shot.distanceFt(frames[1].timeS), accuracy: 0.01)
        XCTAssertGreaterThan(try XCTUnwrap(observations.last?.distanceFt), 60)
    }

    func testStationaryBlobNearTheFoulLineGivesNoShot() throws {
        let shot = try bowled()
        let blob = try XCTUnwrap(shot.candidate(board: 15, distanceFt: 5))
        XCTAssertEqual(try track((0..<120).map { ($0, Double($0) / 60, [blob]) }).count, 0)
    }

    func testBlobMovingSidewaysGivesNoShot() throws {
        // The bowler's bag carried across the approach end of the lane: 1 board per frame at 5 ft.
        let shot = try bowled()
        let frames = try (0..<35).map { index in
            (index, Double(index) / 60, [try XCTUnwrap(shot.candidate(board: 3 + Double(index), distanceFt: 5))])
        }
        XCTAssertEqual(try track(frames).count, 0)
    }

    func testGapOfThreeFramesIsCoastedThrough() throws {
        var shot = try bowled()
        // The bowler's body hides the ball three frames in a row, about 10 ft down-lane.
        shot.hiddenFrames = [27, 28, 29]
        let shots = try track(frames(of: shot))
        XCTAssertEqual(shots.count, 1)
        XCTAssertGreaterThan(try XCTUnwrap(shots.first?.observations.last?.distanceFt), 60)
        XCTAssertFalse(shots.first?.observations.contains { (27...29).contains($0.frame) } ?? true)
    }

    func testGapMidLaneIsCoastedThrough() throws {
        var shot = try bowled()
        shot.hiddenFrames = [80, 81, 82]
        let shots = try track(frames(of: shot))
        XCTAssertEqual(shots.count, 1)
        XCTAssertGreaterThan(try XCTUnwrap(shots.first?.observations.last?.distanceFt), 60)
    }

    func testTwoBallsBowledOneAfterTheOtherGiveTwoShots() throws {
        let first = try bowled()
        let firstFrames = frames(of: first)
        let pause = emptyFrames(fromS: (firstFrames.last?.timeS ?? 0) + 1 / 60.0, durationS: 2, firstFrame: (firstFrames.last?.frame ?? 0) + 1)
        let secondStartS = (pause.last?.timeS ?? 0) + 1 / 60.0
        let second = try bowled(releaseTimeS: secondStartS)
        let secondFrames = frames(of: second, frameOffset: (pause.last?.frame ?? 0) + 1)
        let shots = try track(firstFrames + pause + secondFrames)
        XCTAssertEqual(shots.count, 2)
        XCTAssertLessThan(try XCTUnwrap(shots.last?.observations.first?.timeS), secondStartS + 0.5)
        XCTAssertGreaterThan(try XCTUnwrap(shots.last?.observations.first?.timeS), secondStartS)
    }

    func testBallStillRollingAtTheEndOfTheVideoIsFinished() throws {
        var shot = try bowled()
        shot.seenFt = 3...40
        let tracker = ShotTracker(calibration: try calibration())
        for frame in frames(of: shot) { XCTAssertNil(tracker.update(frame: frame.frame, timeS: frame.timeS, candidates: frame.candidates)) }
        let last = try XCTUnwrap(tracker.finish())
        XCTAssertGreaterThan(try XCTUnwrap(last.observations.last?.distanceFt), 39)
    }

    func testSearchWindowFollowsTheBall() throws {
        let shot = try bowled()
        let tracker = ShotTracker(calibration: try calibration())
        let all = frames(of: shot)
        for frame in all.prefix(30) { _ = tracker.update(frame: frame.frame, timeS: frame.timeS, candidates: frame.candidates) }
        let next = all[30]
        let window = try XCTUnwrap(tracker.searchWindow(frame: next.frame, atTimeS: next.timeS, imageSize: SyntheticCamera().imageSize))
        let ball = try XCTUnwrap(next.candidates.first)
        XCTAssertTrue((window.x0..<window.x1).contains(Int(ball.xPx)) && (window.y0..<window.y1).contains(Int(ball.yPx)))
        XCTAssertLessThan(window.x1 - window.x0, 1280 / 4, "a window, not the whole frame")
    }
}
