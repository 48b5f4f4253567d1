import XCTest
@testable import BowlerTraxKit

final class DiscTests: XCTestCase {
    private func ballAndPin() -> (Disc, Disc) {
        let ball = Disc(xIn: -1.5, yIn: -6.4, vxInPerS: 30, vyInPerS: 300, radiusIn: 4.25, massKg: 6.8)
        let pin = Disc(xIn: 0, yIn: 0, vxInPerS: 0, vyInPerS: 0, radiusIn: 2.383, massKg: 1.59)
        return (ball, pin)
    }

    func testTwoBodyCollisionConservesMomentum() throws {
        var (ball, pin) = ballAndPin()
        let before = (x: ball.massKg * ball.vxInPerS + pin.massKg * pin.vxInPerS,
                      y: ball.massKg * ball.vyInPerS + pin.massKg * pin.vyInPerS)
        XCTAssertNotNil(Disc.collide(&ball, &pin, restitution: 0.7))
        XCTAssertEqual(ball.massKg * ball.vxInPerS + pin.massKg * pin.vxInPerS, before.x, accuracy: 1e-9)
        XCTAssertEqual(ball.massKg * ball.vyInPerS + pin.massKg * pin.vyInPerS, before.y, accuracy: 1e-9)
        XCTAssertGreaterThan(pin.speedInPerS, 0)
    }

    func testRestitutionScalesTheSeparatingNormalSpeed() throws {
        var a = Disc(xIn: 0, yIn: 0, vxInPerS: 0, vyInPerS: 100, radiusIn: 2, massKg: 1)
        var b = Disc(xIn: 0, yIn: 3.9, vxInPerS: 0, vyInPerS: 0, radiusIn: 2, massKg: 1)
        let closingInPerS = try XCTUnwrap(Disc.collide(&a, &b, restitution: 0.5))
        XCTAssertEqual(closingInPerS, 100, accuracy: 1e-9)
        XCTAssertEqual(b.vyInPerS - a.vyInPerS, 50, accuracy: 1e-9)
    }

    func testSeparatingDiscsDoNotCollide() {
        var a = Disc(xIn: 0, yIn: 0, vxInPerS: 0, vyInPerS: -10, radiusIn: 2, massKg: 1)
        var b = Disc(xIn: 0, yIn: 3.9, vxInPerS: 0, vyInPerS: 0, radiusIn: 2, massKg: 1)
        XCTAssertNil(Disc.collide(&a, &b, restitution: 0.5))
        XCTAssertEqual(a.vyInPerS, -10)
    }
}
