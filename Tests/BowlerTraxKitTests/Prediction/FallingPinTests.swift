import XCTest
@testable import BowlerTraxKit

final class FallingPinTests: XCTestCase {
    private func pin(x: Double, y: Double, vx: Double = 0, vy: Double = 0) -> Disc {
        Disc(xIn: x, yIn: y, vxInPerS: vx, vyInPerS: vy, radiusIn: Lane.pinRadiusIn, massKg: PinDeck.pinMassKg)
    }

    func testReachGrowsFromNothingToThePinsHeight() throws {
        let falling = try XCTUnwrap(FallingPin(vxInPerS: 0, vyInPerS: 20, velocityChangeInPerS: 20, atS: 0))
        XCTAssertEqual(falling.reach(atS: 0).lengthIn, 0, accuracy: 1e-9)
        XCTAssertEqual(falling.reach(atS: falling.fallTimeS).lengthIn, FallingPin.heightIn, accuracy: 1e-9)
        XCTAssertEqual(falling.reach(atS: falling.fallTimeS).growthInPerS, 0)
    }

    /// A pin toppling straight back reaches the pin 12 in behind it halfway through its fall, its base still 12 in away.
    func testFallingPinStrikesANeighbourInItsPath() throws {
        let falling = try XCTUnwrap(FallingPin(vxInPerS: 0, vyInPerS: 20, velocityChangeInPerS: 20, atS: 0))
        var lying = pin(x: 0, y: 0, vy: 20)
        var neighbour = pin(x: 0, y: 12)
        let blow = try XCTUnwrap(falling.collide(lying: &lying, other: &neighbour, reach: falling.reach(atS: falling.fallTimeS / 2),
                                                 restitution: 0.55))
        XCTAssertGreaterThan(blow.velocityChangeInPerS, 0)
        XCTAssertGreaterThan(neighbour.vyInPerS, 0)
    }

    /// The same pin falling sideways passes a neighbour standing 12 in behind it.
    func testFallingPinMissesANeighbourBesideItsPath() throws {
        let falling = try XCTUnwrap(FallingPin(vxInPerS: 20, vyInPerS: 0, velocityChangeInPerS: 20, atS: 0))
        var lying = pin(x: 0, y: 0, vx: 20)
        var neighbour = pin(x: 0, y: 12)
        XCTAssertNil(falling.collide(lying: &lying, other: &neighbour, reach: falling.reach(atS: falling.fallTimeS), restitution: 0.55))
    }

    func testSweepConservesLinearMomentum() throws {
        let falling = try XCTUnwrap(FallingPin(vxInPerS: 0, vyInPerS: 50, velocityChangeInPerS: 50, atS: 0))
        var lying = pin(x: 0, y: 0, vy: 50)
        var neighbour = pin(x: 1, y: 12)
        let before = lying.massKg * lying.vyInPerS + neighbour.massKg * neighbour.vyInPerS
        XCTAssertNotNil(falling.collide(lying: &lying, other: &neighbour, reach: falling.reach(atS: falling.fallTimeS / 2), restitution: 0.55))
        XCTAssertEqual(lying.massKg * lying.vyInPerS + neighbour.massKg * neighbour.vyInPerS, before, accuracy: 1e-9)
        XCTAssertEqual(lying.massKg * lying.vxInPerS + neighbour.massKg * neighbour.vxInPerS, 0, accuracy: 1e-9)
    }
}
