import BowlerTraxKit
import Foundation

/// Simulates a shot: a sphere sliding on the lane under Coulomb friction on the contact point's slip velocity
/// (DOMAIN.md), until it rolls; friction depends on distance (oil, then dry boards).
public struct BallPhysics: Sendable {
    public static let gravityFtS2 = 32.174
    public static let radiusOfGyrationFt = 2.6 / 12
    public static let mphToFtS = 1.46667
    /// The simulation starts this far before the foul line.
    public static let startDistanceFt = -1.0
    /// Oil and dry friction blend linearly over this length around the oil line.
    public static let blendLengthFt = 2.0
    /// Below this slip speed the ball is taken to roll.
    public static let rollingSlipFtS = 1e-3

    public let shot: ShotSpec
    public let hand: Hand
    public let stepS: Double

    public init(shot: ShotSpec, hand: Hand, stepS: Double = 1e-4) {
        self.shot = shot
        self.hand = hand
        self.stepS = stepS
    }

    /// +1 for a right-hander, -1 for a left-hander: maps the bowler's outward direction to world x.
    var handSign: Double { hand == .right ? 1 : -1 }

    /// Friction coefficient at `distanceFt`.
    public func friction(atDistanceFt distanceFt: Double) -> Double {
        let f = min(1, max(0, (distanceFt - shot.oilLengthFt) / BallPhysics.blendLengthFt + 0.5))
        return shot.oilFriction + (shot.dryFriction - shot.oilFriction) * f
    }

    /// Velocity and angular velocity at release.
    func releaseState() -> (velocity: Vector3, omega: Vector3) {
        let angle = shot.launchAngleDeg * .pi / 180
        // Outward (positive launch angle) is toward lower boards in the bowler's numbering.
        let direction = Vector3(-handSign * sin(angle), cos(angle), 0)
        let rate = shot.revRateRpm * 2 * .pi / 60
        let rotation = shot.axisRotationDeg * .pi / 180, tilt = shot.axisTiltDeg * .pi / 180
        // Forward roll along `direction` spins about (-dy, dx, 0); side spin toward higher boards needs +direction
        // for a right-hander (slip R*w_y > v_x pushes the ball toward +x once friction grips).
        let forwardAxis = Vector3(-direction.y, direction.x, 0)
        let sideAxis = direction * handSign
        let horizontal = forwardAxis * cos(rotation) + sideAxis * sin(rotation)
        let omega = (horizontal * cos(tilt) + Vector3(0, 0, handSign * sin(tilt))) * rate
        return (direction * (shot.speedMph * BallPhysics.mphToFtS), omega)
    }

    /// Runs to the pit (or a time limit), x chosen so the path crosses the foul line at `shot.foulLineBoard`.
    public func simulate() -> SimulatedPath {
        // Friction depends on y only, so the path is translation invariant in x until a gutter:
        // run the first foot from x = 0, then shift the start by the miss.
        let probe = integrate(startXFt: 0, untilDistanceFt: 0.1)
        let missFt = probe.state(atDistanceFt: 0)?.positionFt.x ?? 0
        let targetX = Lane.lateralFt(board: hand.board(fromRightEdgeBoard: shot.foulLineBoard))
        return integrate(startXFt: targetX - missFt, untilDistanceFt: Lane.pitDistanceFt)
    }

    private func integrate(startXFt: Double, untilDistanceFt endFt: Double) -> SimulatedPath {
        let radius = Lane.ballRadiusFt
        let k2 = BallPhysics.radiusOfGyrationFt * BallPhysics.radiusOfGyrationFt
        let contact = Vector3(0, 0, -radius)
        let halfWidthFt = Lane.widthIn / 24
        var (velocity, omega) = releaseState()
        var position = Vector3(startXFt, BallPhysics.startDistanceFt, radius)
        var orientation = Quaternion.identity
        var rolling = false, inGutter = false
        var samples: [PathSample] = []
        samples.reserveCapacity(40_000)
        var timeS = 0.0
        func record() {
            samples.append(PathSample(timeS: timeS, positionFt: position, velocityFtS: velocity, omegaRadS: omega,
                                      orientation: orientation, rolling: rolling, inGutter: inGutter))
        }
        func snapToRolling() {
            rolling = true
            omega.x = -velocity.y / radius
            omega.y = velocity.x / radius
        }
        record()
        while position.y < endFt, timeS < 20, velocity.y > 0 {
            if !rolling {
                let slip = velocity + omega.cross(contact)
                let slipFtS = slip.length
                if slipFtS < BallPhysics.rollingSlipFtS {
                    snapToRolling()
                } else {
                    // Slip keeps its direction and shrinks at mu g (1 + R^2/k^2): stop the impulse exactly at zero.
                    let mu = friction(atDistanceFt: position.y)
                    let fullDropFtS = mu * BallPhysics.gravityFtS2 * (1 + radius * radius / k2) * stepS
                    let fraction = fullDropFtS > 0 ? min(1, slipFtS / fullDropFtS) : 0
                    let deltaV = slip * (-mu * BallPhysics.gravityFtS2 * stepS * fraction / slipFtS)
                    velocity = velocity + deltaV
                    omega = omega + contact.cross(deltaV) * (1 / k2)
                    if fraction < 1 { snapToRolling() }
                }
            }
            orientation = orientation.advanced(by: omega, dtS: stepS)
            position = position + velocity * stepS
            timeS += stepS
            if !inGutter, abs(position.x) > halfWidthFt {
                // Into the gutter: it rolls straight on along the gutter's centre line.
                inGutter = true
                position.x = (position.x > 0 ? 1 : -1) * (halfWidthFt + Lane.gutterWidthIn / 24)
                velocity.x = 0
                snapToRolling()
            }
            record()
        }
        return SimulatedPath(samples: samples, stepS: stepS)
    }
}
