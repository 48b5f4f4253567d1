import XCTest
@testable import BowlerTraxKit

/// The shape search finds a round object of about the expected size whatever its colour, and a dark leg or
/// gutter (dark, but not round) does not stand out on all four sides.
final class DiscDetectorTests: XCTestCase {
    private static let maple = TestRGB(hueDeg: 35, saturationPct: 35, valuePct: 85)
    private static let black = TestRGB(hueDeg: 0, saturationPct: 0, valuePct: 12)

    private func search(_ x: Double, _ y: Double, radius: Double, reach: Double = 12) -> DiscSearch {
        DiscSearch(centerX: x, centerY: y, reachPx: reach, radiusPx: radius, reference: nil, distanceWeight: 0)
    }

    func testBlackBallBesideADarkLegIsFoundWithinAQuarterRadius() throws {
        let canvas = TestCanvas(width: 200, height: 160, background: Self.maple)
        // A leg from the top down to just above the ball's left side, as in the frames after release.
        canvas.fill(Self.black) { x, y in (70..<86).contains(x) && y < 78 }
        canvas.disc(centerX: 100.5, centerY: 92.25, radius: 14) { _ in Self.black }
        let match = try XCTUnwrap(DiscDetector().search(search(94, 88, radius: 15), in: canvas.frame))
        XCTAssertEqual(match.xPx, 100.5, accuracy: 3.5)
        XCTAssertEqual(match.yPx, 92.25, accuracy: 3.5)
        XCTAssertEqual(match.radiusPx, 14, accuracy: 1.5)
        XCTAssertGreaterThan(match.contrast, ShotTracker.minDiscContrast)
    }

    func testOrangeBallOnMapleIsFoundByItsChroma() throws {
        let canvas = TestCanvas(width: 160, height: 120, background: Self.maple)
        // About the lane's brightness: only its hue and saturation set it apart.
        canvas.disc(centerX: 70, centerY: 60, radius: 10) { _ in TestRGB(hueDeg: 15, saturationPct: 95, valuePct: 85) }
        let match = try XCTUnwrap(DiscDetector().search(search(75, 56, radius: 10), in: canvas.frame))
        XCTAssertEqual(match.xPx, 70, accuracy: 1.0)
        XCTAssertEqual(match.yPx, 60, accuracy: 1.0)
        XCTAssertGreaterThan(match.contrast, ShotTracker.minDiscContrast)
    }

    func testLongDarkStripeWiderThanTheSidesDoesNotPassForABall() throws {
        let canvas = TestCanvas(width: 200, height: 160, background: Self.maple)
        // A gutter-like stripe twice a ball wide, through the window (both edges farther than the search reaches).
        canvas.fill(Self.black) { x, _ in (76..<132).contains(x) }
        let match = try XCTUnwrap(DiscDetector().search(search(104, 80, radius: 14, reach: 8), in: canvas.frame))
        XCTAssertLessThan(match.contrast, ShotTracker.minDiscContrast)
    }

    func testSearchesAroundOneCentreShareOneWindowAndFindWhatEachFindsAlone() {
        let canvas = TestCanvas(width: 200, height: 160, background: Self.maple)
        canvas.fill(Self.black) { x, y in (70..<86).contains(x) && y < 78 }
        canvas.disc(centerX: 100.5, centerY: 92.25, radius: 14) { _ in Self.black }
        // Three radius guesses around one blob, as the moving-disc search makes them; the largest reaches the edge.
        let searches = [search(96, 90, radius: 9, reach: 8), search(96, 90, radius: 15, reach: 14), search(96, 90, radius: 40, reach: 20)]
        let together = DiscDetector().search(searches, in: canvas.frame)
        XCTAssertEqual(together, searches.map { DiscDetector().search($0, in: canvas.frame) })
        XCTAssertNotNil(together[1])
    }

    func testWindowWithNoRoomForTheDiscFindsNothing() {
        let canvas = TestCanvas(width: 40, height: 30, background: Self.maple)
        XCTAssertNil(DiscDetector().search(search(20, 15, radius: 20, reach: 2), in: canvas.frame))
    }
}
