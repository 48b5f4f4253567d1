import XCTest
@testable import BowlerTraxKit

/// The average speed timed by the pins' first movement (`PinWatch`): where a ball on a board meets the front pins,
/// and the average to there when the pins say when.
final class PinContactTests: XCTestCase {
    private static let calibration = Result { try SyntheticCamera().calibration() }
    private let ftPerSPerMph = 1.4666667
    private let reachFt = (4.25 + 4.766 / 2) / 12

    func testABallMeetsTheFirstFrontPinItsBoardReaches() throws {
        // Dead centre: the head pin, a ball's and a pin's radius before its spot.
        XCTAssertEqual(try XCTUnwrap(ShotMeasurer.contactDistanceFt(board: 20)), 60 - reachFt, accuracy: 1e-9)
        // The pocket: the head pin, 2.5 boards across.
        let across = 2.5 * Lane.boardWidthFt
        XCTAssertEqual(try XCTUnwrap(ShotMeasurer.contactDistanceFt(board: 17.5)), 60 - (reachFt * reachFt - across * across).squareRoot(), accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(ShotMeasurer.contactDistanceFt(board: 22.5)), try XCTUnwrap(ShotMeasurer.contactDistanceFt(board: 17.5)),
                       accuracy: 1e-12, "either hand's pocket")
        // Light: past the head pin's reach, on to the 3 pin a row behind.
        let light = try XCTUnwrap(ShotMeasurer.contactDistanceFt(board: 13.6))
        XCTAssertGreaterThan(light, 60.2)
        XCTAssertLessThan(light, 60 + 10.392 / 12)
        XCTAssertNil(ShotMeasurer.contactDistanceFt(board: 5), "by the 3 pin's side: no front pin met")
    }

    /// A straight 20 mph shot down board `board`, its sightings exact, with the pins seen to move `lateS` after the
    /// ball truly met them.
    private func measured(board: Double, lateS: Double) throws -> ShotMeasurements {
        let calibration = try Self.calibration.get()
        let shot = SyntheticShot(calibration: calibration, distanceFt: SyntheticShot.constantSpeed(mph: 20), board: { _ in board })
        var track = shot.track
        let contactFt = ShotMeasurer.contactDistanceFt(board: board) ?? 60
        track.pinContact = PinContact(frame: 999, timeS: contactFt / (20 * ftPerSPerMph) + lateS)
        return ShotMeasurer(calibration: calibration, hand: .right).measure(track, shotNumber: 1).measurements
    }

    func testThePinsTimeTheAverageSpeed() throws {
        XCTAssertEqual(try XCTUnwrap(measured(board: 17.5, lateS: 0).averageSpeedMph), 20, accuracy: 0.01)
        // Seen 0.1 s late: the average is the contact distance over the longer time, not the sightings' 20 mph.
        let contactFt = try XCTUnwrap(ShotMeasurer.contactDistanceFt(board: 17.5))
        let late = contactFt / (contactFt / (20 * ftPerSPerMph) + 0.1) / ftPerSPerMph
        XCTAssertEqual(try XCTUnwrap(measured(board: 17.5, lateS: 0.1).averageSpeedMph), late, accuracy: 0.01)
    }

    func testPinsMovedLongAfterTheBallArrivedOrByABallThatMissedThemAreNotItsArrival() throws {
        // Half a second after the sightings reach them: something else moved the pins; the sightings time it.
        XCTAssertEqual(try XCTUnwrap(measured(board: 17.5, lateS: 0.5).averageSpeedMph), 20, accuracy: 0.01)
        // A ball down board 5 meets no front pin: its sightings time it.
        XCTAssertEqual(try XCTUnwrap(measured(board: 5, lateS: 0.1).averageSpeedMph), 20, accuracy: 0.01)
    }
}
