import XCTest
@testable import BowlerTraxKit

final class RollingBallTests: XCTestCase {
    /// After a blow slows the ball and pushes it aside, deck friction drives it back toward the way its rotation rolls it.
    func testDeflectedBallIsDrivenBackTowardItsRoll() {
        let disc = Disc(xIn: 0, yIn: 0, vxInPerS: -40, vyInPerS: 200, radiusIn: Lane.ballRadiusIn, massKg: PinDeck.ballMassKg)
        var ball = RollingBall(disc: disc, rollVxInPerS: 0, rollVyInPerS: 300)
        ball.applyFriction(dtS: 0.01)
        XCTAssertGreaterThan(ball.disc.vxInPerS, -40)
        XCTAssertGreaterThan(ball.disc.vyInPerS, 200)
    }

    /// Once slip ends the ball rolls: centre and surface velocities agree and stay put.
    func testSlipEndsInRolling() {
        let disc = Disc(xIn: 0, yIn: 0, vxInPerS: 10, vyInPerS: 300, radiusIn: Lane.ballRadiusIn, massKg: PinDeck.ballMassKg)
        var ball = RollingBall(disc: disc, rollVxInPerS: 30, rollVyInPerS: 300)
        for _ in 0..<100 { ball.applyFriction(dtS: 0.002) }
        XCTAssertEqual(ball.disc.vxInPerS, ball.rollVxInPerS, accuracy: 1e-9)
        XCTAssertEqual(ball.disc.vyInPerS, 300, accuracy: 1e-9)
    }
}
