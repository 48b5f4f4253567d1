import XCTest
@testable import BowlerTraxKit

/// A ball found by its motion is followed on probation: one that stops rising before it has rolled on is dropped
/// with no shot, and the next one found starts afresh; one that rolled on is a shot
/// whatever it does after. A seeded ball lost to something else is replaced by the ball found, after the seed.
final class FoundBallProbationTests: XCTestCase {
    private static let fps = 60.0

    private func sighting(_ frame: Int, _ x: Double, _ y: Double, _ r: Double = 20) -> BallSighting {
        BallSighting(frame: frame, timeS: Double(frame) / Self.fps, candidate: BallCandidate(discAtX: x, y: y, radiusPx: r))
    }

    /// Sightings rising `step` px a frame from (`x`, `y`) at `frames`.
    private func rising(_ frames: Range<Int>, x: Double = 600, y: Double, step: Double) -> [BallSighting] {
        frames.map { sighting($0, x, y - step * Double($0 - frames.lowerBound)) }
    }

    /// Feeds the tracker one sighting per frame; returns the shot it ends with, if any, and whether it still follows.
    private func feed(_ tracker: ShotTracker, _ sightings: [BallSighting]) -> TrackedShot? {
        var shot: TrackedShot?
        for s in sightings { shot = tracker.update(frame: s.frame, timeS: s.timeS, candidates: [s.candidate]) ?? shot }
        return shot
    }

    /// A ball found rolling (no colour, no box) may be first found anywhere on the lane before the pins, not only where
    /// a shot may start: on TV footage the shape search often finds it only once the camera follows it (train 13 of the
    /// real clips: at 28 ft; with a calibration it had been refused, and `analyze` found no shot), and it is followed
    /// back to its release afterwards. Past the head pin it is still refused.
    func testAFoundBallMayBeFirstSeenAnywhereBeforeThePins() throws {
        let calibration = try LaneCalibration.load(path: CalibrationCLI.fixture("right-720p60.calibration.json"), videoSize: nil)
        let tracker = ShotTracker(calibration: calibration)
        func rolling(from distanceFt: Double) throws -> [BallSighting] {
            try (0..<10).map { frame in
                // 18 mph on board 15.
                let distance = distanceFt + 26.4 * Double(frame) / Self.fps
                let pixel = try XCTUnwrap(calibration.ballPixel(board: 15, distanceFt: distance))
                let radius = calibration.radiusPx(lateralFt: Lane.lateralFt(board: 15), distanceFt: distance)
                return sighting(frame, pixel.x, pixel.y, radius)
            }
        }
        XCTAssertTrue(tracker.rollsDownTheLane(try rolling(from: 5)))
        XCTAssertTrue(tracker.rollsDownTheLane(try rolling(from: 28)))
        XCTAssertTrue(tracker.rollsDownTheLane(try rolling(from: 50)))
        XCTAssertFalse(tracker.rollsDownTheLane(try rolling(from: 61)))
    }

    /// A phone at chest height behind the bowler sees the whole lane rise a few of the ball's radii: found rolling 10 ft
    /// out, the ball rises less than `rolledOnRadii` of them before it slows in the picture far down the lane, where on
    /// probation that is a stall. With a calibration it has rolled on once it is `rolledOnFt` farther down the lane (a
    /// real phone clip's ball, found at 7 ft, was dropped at 40 ft, and `analyze` found no shot).
    func testAFoundBallSeenFromLowRollsOnByTheLaneItCovers() throws {
        let phone = SyntheticCamera(imageSize: PixelSize(width: 1080, height: 1920), focalPx: 2000, positionFt: Vector3(0, -17.6, 3.8), pitchDeg: 2)
        let calibration = try phone.calibration()
        let rolling = try (0..<110).map { frame -> BallSighting in
            // 18 mph on board 15, from 10 ft to 58 ft.
            let distance = 10 + 26.4 * Double(frame) / Self.fps
            let pixel = try XCTUnwrap(calibration.ballPixel(board: 15, distanceFt: distance))
            return sighting(frame, pixel.x, pixel.y, calibration.radiusPx(lateralFt: Lane.lateralFt(board: 15), distanceFt: distance))
        }
        let found = rolling[7].candidate, before = rolling[6].candidate
        func followed(calibration: LaneCalibration?) -> ShotTracker {
            let tracker = ShotTracker(calibration: calibration)
            tracker.follow(Array(rolling.prefix(8)), velocityPx: (found.xPx - before.xPx, found.yPx - before.yPx), reference: nil, onProbation: true)
            _ = feed(tracker, Array(rolling.dropFirst(8)))
            return tracker
        }
        let rise = (rolling[7].candidate.yPx - rolling[rolling.count - 1].candidate.yPx) / found.radiusPx
        XCTAssertLessThan(rise, ShotTracker.rolledOnRadii, "the whole lane rises \(rise) radii")
        XCTAssertFalse(followed(calibration: nil).isFollowing, "in the picture alone, it stalls on probation")
        let shot = try XCTUnwrap(followed(calibration: calibration).finish(), "rolled on down the lane")
        XCTAssertEqual(shot.observations.map(\.frame), Array(0..<110))
    }

    /// How the calibration reads a ball it turns away, for `analyze`'s warning when no shot is found (a wrong
    /// calibration would otherwise hide behind "no shot found"): a ball that rolls as fast as a bowled ball and is its
    /// size is taken, not read; one read at walking pace, or at twice a ball's size, is read so.
    func testABallTheCalibrationTurnsAwayIsReadForTheWarning() throws {
        let calibration = try LaneCalibration.load(path: CalibrationCLI.fixture("right-720p60.calibration.json"), videoSize: nil)
        let tracker = ShotTracker(calibration: calibration)
        func rolling(mph: Double, sizeTimes: Double) throws -> [BallSighting] {
            try (0..<10).map { frame in
                let distance = 8 + mph * 1.4666667 * Double(frame) / Self.fps
                let pixel = try XCTUnwrap(calibration.ballPixel(board: 15, distanceFt: distance))
                return sighting(frame, pixel.x, pixel.y, sizeTimes * calibration.radiusPx(lateralFt: Lane.lateralFt(board: 15), distanceFt: distance))
            }
        }
        XCTAssertTrue(tracker.judge(try rolling(mph: 18, sizeTimes: 1)).rolls)
        XCTAssertNil(tracker.judge(try rolling(mph: 18, sizeTimes: 1)).turnedAway, "a bowled ball is taken, not turned away")
        XCTAssertFalse(tracker.judge(try rolling(mph: 4, sizeTimes: 1)).rolls)
        let slow = try XCTUnwrap(tracker.judge(try rolling(mph: 4, sizeTimes: 1)).turnedAway)
        XCTAssertEqual(slow.speedMph, 4, accuracy: 0.2)
        XCTAssertEqual(slow.sizeRatio, 1, accuracy: 0.05)
        let large = try XCTUnwrap(tracker.judge(try rolling(mph: 18, sizeTimes: 2)).turnedAway)
        XCTAssertEqual(large.speedMph, 18, accuracy: 0.5)
        XCTAssertEqual(large.sizeRatio, 2, accuracy: 0.1)
        XCTAssertNil(ShotTracker(calibration: nil).judge(try rolling(mph: 4, sizeTimes: 1)).turnedAway, "without a calibration nothing reads it")
    }

    /// A ball the colour detector's sightings confirmed (the seed's follower lost in the backswing) is followed by its
    /// shape once found rolling where it is: its sightings kept, then searched for as a seeded ball is (test/Task2 14:
    /// by its colour alone it was lost at 17 ft and the shot ended on something else at 35 ft).
    func testABallConfirmedByItsColourIsFollowedByItsShapeOnceFoundRolling() throws {
        let tracker = ShotTracker(calibration: nil)
        XCTAssertNil(feed(tracker, rising(0..<8, y: 650, step: 8)))
        XCTAssertTrue(tracker.isFollowing)
        XCTAssertFalse(tracker.followsByShape)
        XCTAssertNil(tracker.discSearch(frame: 8), "followed by the colour detector's sightings")
        tracker.followByShape(velocityPx: (0, -8), reference: nil)
        XCTAssertTrue(tracker.followsByShape)
        XCTAssertEqual(tracker.followedObservations.map(\.frame), Array(0..<8), "its sightings kept")
        let search = try XCTUnwrap(tracker.discSearch(frame: 8))
        XCTAssertEqual(search.centerY, 650 - 8 * 8, accuracy: 1e-9, "a frame on at its motion")
    }

    /// A ball found rolling brings sightings from frames already processed: their look is sampled from the frames still
    /// kept (for the rev rate), and only theirs.
    func testFoundBallsEarlierSightingsAreSampledWhereTheirFramesAreKept() {
        let tracker = ShotTracker(calibration: nil)
        tracker.follow(rising(0..<8, y: 650, step: 8), velocityPx: (0, -8), reference: nil, onProbation: true)
        let look = ObservedAppearance(lumaSignature: [1], lumaMean: 40, lumaDeviation: 5, marker: nil)
        var asked: [Int] = []
        tracker.annotateEarlierSightings { frame, _ in
            asked.append(frame)
            return frame >= 3 ? look : nil
        }
        XCTAssertEqual(asked, Array(0..<8))
        XCTAssertEqual(tracker.followedObservations.map { $0.appearance != nil }, (0..<8).map { $0 >= 3 })
    }

    func testFoundBallThatStopsRisingIsDroppedWithNoShot() {
        let tracker = ShotTracker(calibration: nil)
        tracker.follow(rising(0..<8, y: 600, step: 6), velocityPx: (0, -6), reference: nil, onProbation: true)
        // It rose 2 radii, then stands still (a knee at the end of the slide).
        let stopped = (8..<40).map { sighting($0, 600, 558) }
        XCTAssertNil(feed(tracker, stopped))
        XCTAssertFalse(tracker.isFollowing, "dropped once it went \(ShotTracker.stalledS) s without rising")
        XCTAssertNil(tracker.finish())
    }

    func testFoundBallThatRolledOnIsAShotWhateverItDoesAfter() throws {
        let tracker = ShotTracker(calibration: nil)
        tracker.follow(rising(0..<8, y: 650, step: 8), velocityPx: (0, -8), reference: nil, onProbation: true)
        // 8 px a frame for 20 frames: 8 radii; then it crawls half a pixel a frame (as a ball far down the lane does
        // in the picture) until the video ends, which on probation would be a stall.
        let rolling = rising(8..<28, y: 586, step: 8), crawling = rising(28..<50, y: 433.5, step: 0.5)
        XCTAssertNil(feed(tracker, rolling + crawling))
        XCTAssertTrue(tracker.isFollowing)
        let shot = try XCTUnwrap(tracker.finish())
        XCTAssertEqual(shot.observations.map(\.frame), Array(0..<50))
    }

    func testBallFoundAgainAfterTheDroppedOneStartsAfresh() throws {
        let tracker = ShotTracker(calibration: nil)
        // Found in the backswing, dropped at its top; found again rolling: its own sightings only (what came before
        // it is `BackwardSearch`'s to find, frame by frame, not a guess from where the dropped one stopped).
        tracker.follow(rising(0..<8, y: 600, step: 6), velocityPx: (0, -6), reference: nil, onProbation: true)
        _ = feed(tracker, (8..<30).map { sighting($0, 600, 558) })
        XCTAssertFalse(tracker.isFollowing)
        tracker.follow(rising(42..<50, y: 680, step: 8), velocityPx: (0, -8), reference: nil, onProbation: true)
        _ = feed(tracker, rising(50..<80, y: 616, step: 8))
        XCTAssertEqual(try XCTUnwrap(tracker.finish()).observations.map(\.frame), Array(42..<80))
    }

    func testBowlerWhoRolledOnAndStoppedSoonGivesWayToTheBallFoundRolling() throws {
        let tracker = ShotTracker(calibration: nil)
        // A disc on the walking bowler: followed from frame 7, it rises 6.4 of its radii by frame 23, then stops at
        // the line, 0.4 s after it was first seen (no bowled ball is at the pins that soon).
        tracker.follow(rising(0..<8, y: 650, step: 8), velocityPx: (0, -8), reference: nil, onProbation: true)
        _ = feed(tracker, rising(8..<24, y: 586, step: 8) + (24..<45).map { sighting($0, 600, 466) })
        XCTAssertTrue(tracker.isFollowing, "a ball that rolled on is not dropped")
        XCTAssertTrue(tracker.followedBallStalledBeforeThePins)
        tracker.replaceFollowed(with: rising(45..<53, x: 500, y: 680, step: 8), velocityPx: (0, -8), reference: nil)
        _ = feed(tracker, rising(53..<90, x: 500, y: 616, step: 8))
        XCTAssertEqual(try XCTUnwrap(tracker.finish()).observations.map(\.frame), Array(45..<90))
    }

    func testBallThatStopsAmongThePinsIsNotTakenForTheBowler() {
        let tracker = ShotTracker(calibration: nil)
        // Rolls for 1.2 s (8 px a frame), then stands among the pins.
        tracker.follow(rising(0..<8, y: 700, step: 8), velocityPx: (0, -8), reference: nil, onProbation: true)
        _ = feed(tracker, rising(8..<72, y: 636, step: 8) + (72..<100).map { sighting($0, 600, 132) })
        XCTAssertFalse(tracker.followedBallStalledBeforeThePins)
    }

    func testSeededBallLostToSomethingElseIsReplacedAfterTheSeed() throws {
        let tracker = ShotTracker(calibration: nil)
        tracker.follow([sighting(0, 300, 500, 25)], reference: nil)
        // The shape search wandered onto the bowler's back.
        _ = feed(tracker, (1..<10).map { sighting($0, 250, 450 - Double($0), 25) })
        tracker.refollow(rising(12..<20, y: 480, step: 8), after: sighting(0, 300, 500, 25), velocityPx: (0, -8), reference: nil)
        // On probation, as any ball found by its motion: the bowler's dark shirt may pass for it for a moment.
        XCTAssertTrue(tracker.followedBallIsOnProbation)
        let start = try XCTUnwrap(tracker.followedBallFirstFound)
        XCTAssertEqual([start.first.frame, start.next?.frame, start.notBefore], [12, 13, 1])
        // What is found before it, following it back, goes between the seed and the found sightings.
        tracker.prepend(rising(9..<12, y: 504, step: 8))
        _ = feed(tracker, rising(20..<40, y: 416, step: 8))
        XCTAssertFalse(tracker.followedBallIsOnProbation, "rolled on")
        let shot = try XCTUnwrap(tracker.finish())
        XCTAssertEqual(shot.observations.map(\.frame), [0] + Array(9..<40))
    }

    /// A ball held in the hand, followed from the seed while its look kept finding it, then lost in the swing: when
    /// it is found rolling, the sightings its look held are kept before it, those after the look lost it are not
    /// (real clip 11: 16 frames of the ball held high were dropped).
    func testSightingsTheLookHeldAreKeptWhenTheSeededBallIsFoundRollingElsewhere() throws {
        let tracker = ShotTracker(calibration: nil)
        let seed = sighting(0, 300, 500, 25)
        tracker.follow([seed], reference: nil)
        let held = BallLook.Verdict(discLooksRight: true, agreedSimilarity: 0.9)
        let lost = BallLook.Verdict(discLooksRight: true, lookFound: false)
        tracker.refreshLook(inFrame: 0, after: nil) { _ in nil }
        for frame in 1..<10 {
            _ = feed(tracker, [sighting(frame, 300 + Double(frame), 500, 25)])
            tracker.refreshLook(inFrame: frame, after: frame < 6 ? held : lost) { _ in nil }
        }
        tracker.refollow(rising(12..<20, y: 480, step: 8), after: seed, velocityPx: (0, -8), reference: nil)
        let start = try XCTUnwrap(tracker.followedBallFirstFound)
        XCTAssertEqual(start.notBefore, 6, "the backward search fills in after the kept sightings")
        _ = feed(tracker, rising(20..<40, y: 416, step: 8))
        let shot = try XCTUnwrap(tracker.finish())
        XCTAssertEqual(shot.observations.map(\.frame), Array(0..<6) + Array(12..<40))
    }

    /// The held sightings outlive a ball that replaced the seed's follower and was then dropped on probation (real
    /// clip 15: the ball found first was the bowler's arm; the ball held high was lost with it).
    func testSightingsTheLookHeldOutliveABallDroppedOnProbation() throws {
        let tracker = ShotTracker(calibration: nil)
        let seed = sighting(0, 300, 500, 25)
        tracker.follow([seed], reference: nil)
        tracker.refreshLook(inFrame: 0, after: nil) { _ in nil }
        for frame in 1..<6 {
            _ = feed(tracker, [sighting(frame, 300, 500, 25)])
            tracker.refreshLook(inFrame: frame, after: BallLook.Verdict(discLooksRight: true, agreedSimilarity: 0.9)) { _ in nil }
        }
        tracker.refollow(rising(8..<16, x: 200, y: 600, step: 6), after: seed, velocityPx: (0, -6), reference: nil)
        _ = feed(tracker, (16..<40).map { sighting($0, 200, 558) })
        XCTAssertFalse(tracker.isFollowing, "the arm stopped rising and was dropped")
        tracker.refollow(rising(44..<52, y: 480, step: 8), after: seed, velocityPx: (0, -8), reference: nil)
        _ = feed(tracker, rising(52..<70, y: 416, step: 8))
        let shot = try XCTUnwrap(tracker.finish())
        XCTAssertEqual(shot.observations.map(\.frame), Array(0..<6) + Array(44..<70))
    }

    func testBallFoundRisingFasterReplacesTheOneOnProbation() {
        let tracker = ShotTracker(calibration: nil)
        // The bowler's head bobs up the picture 1 px a frame; the ball, found later, rises 8.
        tracker.follow(rising(0..<8, y: 300, step: 1), velocityPx: (0, -1), reference: nil, onProbation: true)
        _ = feed(tracker, rising(8..<20, y: 292, step: 1))
        let ball = FoundBall(sightings: rising(12..<20, y: 600, step: 8), velocityPx: (0, -8), riseRadii: 56.0 / 20)
        XCTAssertTrue(tracker.risesFasterThanFollowed(ball))
        let head = FoundBall(sightings: rising(12..<20, y: 600, step: 0.5), velocityPx: (0, -0.5), riseRadii: 3.5 / 20)
        XCTAssertFalse(tracker.risesFasterThanFollowed(head))
    }

    /// A ball found rolling where the followed one is: the seeded ball rolls; but a followed ball that was itself found
    /// rolling, on probation, is the same ball found again, and is not followed afresh, however fast it rises
    /// (train/Task2 10, given its box: following it afresh from its 55th frame lost the shot). Found elsewhere, it
    /// replaces the seed's follower, or a ball on probation that rises slower.
    func testABallFoundWhereTheFollowedOneIsIsTheSameBall() {
        let seeded = ShotTracker(calibration: nil)
        seeded.follow([sighting(0, 600, 500, 20)], reference: nil)
        _ = feed(seeded, rising(1..<20, y: 492, step: 8))
        let there = FoundBall(sightings: rising(12..<20, y: 404, step: 8), velocityPx: (0, -8), riseRadii: 56.0 / 20)
        XCTAssertEqual(seeded.verdict(onFinding: there), .followedBallRolls)

        let found = ShotTracker(calibration: nil)
        found.follow(rising(0..<8, y: 500, step: 2), velocityPx: (0, -2), reference: nil, onProbation: true)
        _ = feed(found, rising(8..<20, y: 484, step: 2))
        XCTAssertTrue(found.followedBallIsOnProbation)
        let again = FoundBall(sightings: rising(12..<20, y: 518, step: 8), velocityPx: (0, -8), riseRadii: 56.0 / 20)
        XCTAssertTrue(found.risesFasterThanFollowed(again))
        XCTAssertEqual(found.verdict(onFinding: again), .followedAlready)

        let elsewhere = FoundBall(sightings: rising(12..<20, x: 200, y: 600, step: 8), velocityPx: (0, -8), riseRadii: 56.0 / 20)
        XCTAssertEqual(found.verdict(onFinding: elsewhere), .replacesFollowed)
        let slower = FoundBall(sightings: rising(12..<20, x: 200, y: 600, step: 0.5), velocityPx: (0, -0.5), riseRadii: 3.5 / 20)
        XCTAssertEqual(found.verdict(onFinding: slower), .ignored)
        XCTAssertEqual(seeded.verdict(onFinding: slower), .replacesFollowed, "the seed's follower is no ball on probation")
    }
}
