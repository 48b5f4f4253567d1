import BowlerTraxKit
import Foundation

/// A camera that follows the ball the way TV coverage does. It stands where its `CameraSpec` puts it and starts on
/// that view; once the ball is released it turns after it (the look-at point chases the ball, never nearer than the
/// view's own look-at point, with a first-order lag) and zooms in so that what it looks at keeps its size in the
/// picture, down to `minFovDeg`. The ball stays near the middle and its size changes far less than with a fixed camera.
public struct CameraFollow: Sendable, Equatable, Codable {
    /// Time constant of the turn: the look-at point closes 63 % of its gap to the ball in this long.
    public var lagS: Double
    /// The zoom stops at this vertical field of view.
    public var minFovDeg: Double

    public init(lagS: Double = 0.25, minFovDeg: Double = 12) {
        self.lagS = lagS
        self.minFovDeg = minFovDeg
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = CameraFollow()
        lagS = try c.decodeIfPresent(Double.self, forKey: .lagS) ?? d.lagS
        minFovDeg = try c.decodeIfPresent(Double.self, forKey: .minFovDeg) ?? d.minFovDeg
    }

    /// Checks ranges against the camera it moves, naming the field to fix.
    func validate(home: CameraSpec) throws {
        if !(lagS > 0) { throw FixtureError.invalidSpec(field: "follow.lag_s", reason: "must be > 0") }
        if !(minFovDeg > 0 && minFovDeg <= home.verticalFovDeg) {
            throw FixtureError.invalidSpec(field: "follow.min_fov_deg", reason: "must be in (0, camera.vertical_fov_deg]")
        }
    }

    /// The camera of each of the frames at `times`, from `home` at the first. `ballFt(timeS)` is the followed ball's
    /// centre in world feet, nil while no ball is released (the camera then turns back to its home view).
    func cameras(home: CameraSpec, times: [Double], ballFt: (Double) -> Vector3?) -> [CameraSpec] {
        let homeDistanceFt = (home.lookAtFt - home.positionFt).length
        let homeHalfTan = tan(home.verticalFovDeg * .pi / 360)
        var lookAt = home.lookAtFt
        var previousS = times.first ?? 0
        return times.map { timeS in
            let target = ballFt(timeS).map { Vector3($0.x, max(home.lookAtFt.y, $0.y), home.lookAtFt.z) } ?? home.lookAtFt
            lookAt = lookAt + (target - lookAt) * (1 - exp(-(timeS - previousS) / lagS))
            previousS = timeS
            // The apparent size of what it looks at goes as focal length over distance: the focal length grows with the distance.
            let halfTan = homeHalfTan * homeDistanceFt / (lookAt - home.positionFt).length
            var camera = home
            camera.lookAtFt = lookAt
            camera.verticalFovDeg = min(home.verticalFovDeg, max(minFovDeg, atan(halfTan) * 360 / .pi))
            return camera
        }
    }
}
