import XCTest
@testable import BowlerTraxKit

/// The followed ball's look finds a dark ball by its highlights where its shape hardly stands out (the dark pit), and
/// is not taken in by a white pin beside it.
final class BallLookTests: XCTestCase {
    private static let pit = TestRGB(red: 0.08, green: 0.08, blue: 0.1)
    private static let radius = 14.0

    /// A dark blue ball with the highlights a lane's lights leave on it (two, or those at `highlights`), over the dark
    /// pit; a white pin beside it when `pinAt` is given.
    private func frame(ballAt ball: (x: Double, y: Double), pinAt pin: (x: Double, y: Double)? = nil, highlights: [Double] = [-4, 3]) -> VideoFrame {
        let canvas = TestCanvas(width: 240, height: 200, background: Self.pit)
        canvas.disc(centerX: ball.x, centerY: ball.y, radius: Self.radius) { _ in TestRGB(red: 0.12, green: 0.12, blue: 0.3) }
        for dx in highlights {
            canvas.disc(centerX: ball.x + dx, centerY: ball.y - 5, radius: 2) { _ in TestRGB(red: 0.95, green: 0.95, blue: 0.95) }
        }
        if let pin {
            canvas.disc(centerX: pin.x, centerY: pin.y, radius: Self.radius) { _ in TestRGB(red: 0.9, green: 0.9, blue: 0.88) }
        }
        return canvas.frame
    }

    private func look() throws -> BallLook {
        try XCTUnwrap(BallLook(frame: frame(ballAt: (100, 100)), xPx: 100, yPx: 100, radiusPx: Self.radius))
    }

    private func search(at x: Double, _ y: Double) -> DiscSearch {
        DiscSearch(centerX: x, centerY: y, reachPx: 12, radiusPx: Self.radius, reference: nil, distanceWeight: ShotTracker.discDistanceWeight)
    }

    func testLookFindsTheBallWhereItRolledTo() throws {
        let moved = frame(ballAt: (111, 94))
        let match = try XCTUnwrap(try look().match(in: moved, aroundX: 106, y: 97, reachPx: 12, radiusPx: Self.radius))
        XCTAssertEqual(match.xPx, 111, accuracy: 1)
        XCTAssertEqual(match.yPx, 94, accuracy: 1)
        XCTAssertGreaterThan(match.similarity, 0.9)
    }

    func testNothingUniformHasALook() {
        XCTAssertNil(BallLook(frame: TestCanvas(width: 240, height: 200, background: Self.pit).frame, xPx: 100, yPx: 100, radiusPx: Self.radius),
                     "a patch of the pit alone is no look to follow")
        XCTAssertNil(BallLook(frame: frame(ballAt: (100, 100)), xPx: 8, yPx: 100, radiusPx: Self.radius), "a patch past the frame's edge")
    }

    func testWhitePinBesideTheBallIsNotTakenForIt() throws {
        let scene = frame(ballAt: (104, 100), pinAt: (136, 98))
        // The shape search took the pin, which stands out far more than the dark ball.
        let pin = DiscMatch(xPx: 136, yPx: 98, radiusPx: Self.radius, contrast: 120, inside: YUVMean(y: 210, u: 128, v: 128), score: 100)
        let verdict = try look().judge(pin, for: search(at: 112, 100), in: scene, seenBefore: true)
        let instead = try XCTUnwrap(verdict.instead, "the look places the ball elsewhere")
        XCTAssertEqual(instead.xPx, 104, accuracy: 1)
        XCTAssertEqual(instead.yPx, 100, accuracy: 1)
        XCTAssertFalse(verdict.discLooksRight, "the pin is not learned as the ball's look")
    }

    func testDiscOnTheBallStandsAndIsLearned() throws {
        let scene = frame(ballAt: (104, 100), pinAt: (136, 98))
        let ball = DiscMatch(xPx: 105, yPx: 101, radiusPx: Self.radius, contrast: 25, inside: YUVMean(y: 40, u: 140, v: 125), score: 20)
        let verdict = try look().judge(ball, for: search(at: 110, 100), in: scene, seenBefore: true)
        XCTAssertNil(verdict.instead)
        XCTAssertTrue(verdict.discLooksRight)
    }

    func testWhatLooksFarLessAlikeThanTheBallUsuallyDoesIsNotIt() throws {
        // One highlight where the ball showed two: alike enough for a look that knows no better, not for one that has
        // seen the ball match it almost exactly frame after frame.
        let changed = frame(ballAt: (104, 100), highlights: [9])
        let fresh = try look()
        let verdict = fresh.judge(nil, for: search(at: 106, 100), in: changed, seenBefore: true)
        let similarity = try XCTUnwrap(fresh.similarity(in: changed, xPx: 104, yPx: 100, radiusPx: Self.radius))
        XCTAssertNotNil(verdict.instead, "similarity \(similarity)")
        XCTAssertLessThan(similarity, 0.8)
        var seasoned = fresh
        let same = try look()
        for _ in 0..<20 { seasoned.learn(from: same, after: BallLook.Verdict(discLooksRight: true, agreedSimilarity: 0.98), fraction: ShotTracker.lookUpdate) }
        XCTAssertEqual(try XCTUnwrap(seasoned.usualSimilarity), 0.98, accuracy: 0.01)
        XCTAssertNil(seasoned.judge(nil, for: search(at: 106, 100), in: changed, seenBefore: true).instead)
    }

    func testLookAloneDoesNotFindTheBallAgainAfterAMiss() throws {
        let scene = frame(ballAt: (104, 100))
        let carried = try look().judge(nil, for: search(at: 108, 100), in: scene, seenBefore: true)
        XCTAssertEqual(carried.instead?.xPx ?? 0, 104, accuracy: 1, "seen the frame before: the look carries it")
        let missed = try look().judge(nil, for: search(at: 108, 100), in: scene, seenBefore: false)
        XCTAssertNil(missed.instead, "after a miss what looks most like the ball nearby may be something else")
    }
}
