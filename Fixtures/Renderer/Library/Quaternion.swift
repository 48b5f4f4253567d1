import BowlerTraxKit
import Foundation

/// A unit quaternion rotating body-fixed vectors into world vectors (the ball's orientation).
public struct Quaternion: Sendable, Equatable {
    public var w: Double
    public var v: Vector3

    public static let identity = Quaternion(w: 1, v: .zero)

    public init(w: Double, v: Vector3) {
        self.w = w
        self.v = v
    }

    /// Rotation by `angleRad` about the unit vector `axis`.
    public init(axis: Vector3, angleRad: Double) {
        w = cos(angleRad / 2)
        v = axis * sin(angleRad / 2)
    }

    public static func * (a: Quaternion, b: Quaternion) -> Quaternion {
        Quaternion(w: a.w * b.w - a.v.dot(b.v), v: b.v * a.w + a.v * b.w + a.v.cross(b.v))
    }

    public var normalized: Quaternion {
        let n = (w * w + v.dot(v)).squareRoot()
        return Quaternion(w: w / n, v: v * (1 / n))
    }

    public var conjugate: Quaternion { Quaternion(w: w, v: -v) }

    /// Rotates a vector: q v q*.
    public func rotate(_ p: Vector3) -> Vector3 {
        let t = v.cross(p) * 2
        return p + t * w + v.cross(t)
    }

    /// After applying the world angular velocity `omega` (rad/s) for `dtS` seconds.
    public func advanced(by omega: Vector3, dtS: Double) -> Quaternion {
        let rate = omega.length
        guard rate > 0 else { return self }
        return (Quaternion(axis: omega * (1 / rate), angleRad: rate * dtS) * self).normalized
    }

    /// Normalised linear blend; fine between samples 0.1 ms apart.
    public static func blend(_ a: Quaternion, _ b: Quaternion, _ f: Double) -> Quaternion {
        let sign: Double = a.w * b.w + a.v.dot(b.v) < 0 ? -1 : 1
        return Quaternion(w: a.w * (1 - f) + b.w * f * sign, v: a.v * (1 - f) + b.v * (f * sign)).normalized
    }
}
