import XCTest
@testable import BowlerTraxKit

final class DeckPinTests: XCTestCase {
    /// The simulation skips pairs `mayTouch` rules out, so it must never rule out one the exact contact tests
    /// resolve: pins side by side, standing or falling at any stage, moving any way.
    func testMayTouchNeverRulesOutAContact() throws {
        var generator = SplitMix64(seed: 7)
        let uniform = { (generator: inout SplitMix64, low: Double, high: Double) in low + (high - low) * generator.nextUnit() }
        var contacts = 0
        for trial in 0..<40_000 {
            var first = DeckPin(spot: (xIn: 0, yIn: 0)), second = DeckPin(spot: (xIn: 0, yIn: 0))
            second.disc.xIn = uniform(&generator, -16, 16)
            second.disc.yIn = uniform(&generator, -16, 16)
            second.disc.vxInPerS = uniform(&generator, -200, 200)
            second.disc.vyInPerS = uniform(&generator, -200, 200)
            first.disc.vxInPerS = uniform(&generator, -200, 200)
            first.disc.vyInPerS = uniform(&generator, -200, 200)
            let falling = try XCTUnwrap(FallingPin(vxInPerS: first.disc.vxInPerS, vyInPerS: first.disc.vyInPerS,
                                                   velocityChangeInPerS: uniform(&generator, 10, 300), atS: 0))
            if trial % 2 == 0 { first.falling = falling }
            first.updateReach(atS: uniform(&generator, 0, 0.5))
            second.updateReach(atS: 0)
            var a = first.disc, b = second.disc
            let touches = first.falling != nil
                ? falling.collide(lying: &a, other: &b, reach: first.reach, restitution: 0.55) != nil
                : Disc.collide(&a, &b, restitution: 0.55) != nil
            if touches {
                contacts += 1
                XCTAssertTrue(DeckPin.mayTouch(first, second), "trial \(trial)")
                XCTAssertTrue(DeckPin.mayTouch(second, first), "trial \(trial)")
            }
        }
        XCTAssertGreaterThan(contacts, 1000, "the trials must include contacts")
    }

    func testPinsFarApartCannotTouch() {
        var first = DeckPin(spot: (xIn: 0, yIn: 0)), second = DeckPin(spot: (xIn: 0, yIn: 0))
        second.disc.xIn = 30
        XCTAssertFalse(DeckPin.mayTouch(first, second))
        // Lying flat toward the other: its shadow reaches 15 in.
        first.falling = FallingPin(vxInPerS: 1, vyInPerS: 0, velocityChangeInPerS: 20, atS: 0)
        first.updateReach(atS: 1)
        second.disc.xIn = FallingPin.heightIn + 2 * Lane.pinRadiusIn + 0.5
        XCTAssertTrue(DeckPin.mayTouch(first, second))
    }
}
