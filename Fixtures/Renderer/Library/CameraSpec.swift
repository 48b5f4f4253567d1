import BowlerTraxKit
import Foundation

/// Where the camera stands and what it sees: a pinhole with square pixels, principal point at the image centre.
public struct CameraSpec: Sendable, Equatable, Codable {
    /// Camera centre in world feet.
    public var positionFt: Vector3
    /// A point the optical axis passes through, world feet.
    public var lookAtFt: Vector3
    /// Rotation of the image about the optical axis, counter-clockwise as seen by the camera.
    public var rollDeg: Double
    public var verticalFovDeg: Double
    /// Radial distortion in normalised coordinates: x_d = x_u (1 + k1 r^2).
    public var k1: Double

    public init(positionFt: Vector3 = Vector3(0.3, -16, 5.5), lookAtFt: Vector3 = Vector3(0, 19, 0),
                rollDeg: Double = 0, verticalFovDeg: Double = 26, k1: Double = 0) {
        self.positionFt = positionFt
        self.lookAtFt = lookAtFt
        self.rollDeg = rollDeg
        self.verticalFovDeg = verticalFovDeg
        self.k1 = k1
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = CameraSpec()
        positionFt = try c.decodeIfPresent(Vector3.self, forKey: .positionFt) ?? d.positionFt
        lookAtFt = try c.decodeIfPresent(Vector3.self, forKey: .lookAtFt) ?? d.lookAtFt
        rollDeg = try c.decodeIfPresent(Double.self, forKey: .rollDeg) ?? d.rollDeg
        verticalFovDeg = try c.decodeIfPresent(Double.self, forKey: .verticalFovDeg) ?? d.verticalFovDeg
        k1 = try c.decodeIfPresent(Double.self, forKey: .k1) ?? d.k1
    }
}
