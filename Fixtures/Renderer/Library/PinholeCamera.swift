import BowlerTraxKit
import Foundation

/// A `CameraSpec` bound to an image size: projects world points to pixels and casts rays through pixels.
///
/// Pixel convention: continuous coordinates, pixel i covers [i, i+1), so pixel (0,0)'s centre is (0.5, 0.5);
/// the principal point is exactly (W/2, H/2). Image x grows to the right (toward LOWER right-edge boards,
/// i.e. world -x), image y grows downward.
public struct PinholeCamera: Sendable {
    public let spec: CameraSpec
    public let widthPx: Int
    public let heightPx: Int
    public let focalPx: Double
    public let origin: Vector3
    /// Unit vectors of the camera frame in world coordinates.
    public let forward: Vector3
    public let right: Vector3
    public let up: Vector3

    public init(spec: CameraSpec, widthPx: Int, heightPx: Int) {
        self.spec = spec
        self.widthPx = widthPx
        self.heightPx = heightPx
        focalPx = Double(heightPx) / 2 / tan(spec.verticalFovDeg * .pi / 360)
        origin = spec.positionFt
        let f = (spec.lookAtFt - spec.positionFt).normalized
        // World up crossed with forward points to image right (world -x when looking down-lane).
        let r0 = Vector3(0, 0, 1).cross(f).normalized
        let u0 = f.cross(r0)
        let roll = spec.rollDeg * .pi / 180
        forward = f
        right = r0 * cos(roll) + u0 * sin(roll)
        up = u0 * cos(roll) - r0 * sin(roll)
    }

    /// Pixel (continuous) of a world point, or nil when it is behind the camera.
    public func project(_ p: Vector3) -> (xPx: Double, yPx: Double)? {
        let d = p - origin
        let zc = d.dot(forward)
        guard zc > 1e-6 else { return nil }
        let xn = d.dot(right) / zc
        let yn = d.dot(up) / zc
        let scale = 1 + spec.k1 * (xn * xn + yn * yn)
        return (Double(widthPx) / 2 + focalPx * xn * scale, Double(heightPx) / 2 - focalPx * yn * scale)
    }

    /// Unit world direction of the ray through continuous pixel (xPx, yPx).
    public func ray(xPx: Double, yPx: Double) -> Vector3 {
        let xd = (xPx - Double(widthPx) / 2) / focalPx
        let yd = -(yPx - Double(heightPx) / 2) / focalPx
        var xn = xd
        var yn = yd
        if spec.k1 != 0 {
            // Fixed-point inversion of the distortion; converges in a few steps for mild k1.
            for _ in 0..<20 {
                let scale = 1 + spec.k1 * (xn * xn + yn * yn)
                xn = xd / scale
                yn = yd / scale
            }
        }
        return (forward + right * xn + up * yn).normalized
    }

    /// Apparent radius in px of a sphere of radius `radiusFt` centred at `centre`: f tan(asin(R / D)).
    public func projectedRadiusPx(centre: Vector3, radiusFt: Double) -> Double {
        let distanceFt = (centre - origin).length
        return focalPx * radiusFt / (distanceFt * distanceFt - radiusFt * radiusFt).squareRoot()
    }

    /// Pixel bounding box (x0, y0, x1, y1), clamped to the image, of an axis-aligned world box; nil if off-image.
    func boundingBox(min lo: Vector3, max hi: Vector3, marginPx: Int = 2) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for corner in 0..<8 {
            let p = Vector3(corner & 1 == 0 ? lo.x : hi.x, corner & 2 == 0 ? lo.y : hi.y, corner & 4 == 0 ? lo.z : hi.z)
            guard let q = project(p) else { return nil }
            minX = min(minX, q.xPx); maxX = max(maxX, q.xPx)
            minY = min(minY, q.yPx); maxY = max(maxY, q.yPx)
        }
        let x0 = max(0, Int(minX.rounded(.down)) - marginPx), y0 = max(0, Int(minY.rounded(.down)) - marginPx)
        let x1 = min(widthPx, Int(maxX.rounded(.up)) + marginPx), y1 = min(heightPx, Int(maxY.rounded(.up)) + marginPx)
        return x0 < x1 && y0 < y1 ? (x0, y0, x1, y1) : nil
    }
}
