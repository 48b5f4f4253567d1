import Glibc

/// A pinhole camera recovered from the lane homography, so points above the lane (the ball's centre
/// rides 4.25 in up) can be mapped too.
///
/// Assumes square pixels and the principal point at the image centre; the focal length comes from
/// the homography itself (Zhang, "A flexible new technique for camera calibration", PAMI 2000: the
/// rotation's first two columns are orthogonal and of equal length, two equations in 1/f²). In a view so near
/// affine that these give no focal length, `LaneCalibration` fits one to the landmarks instead.
/// Camera coordinates: x right, y down, z forward; lane points are `lateralFt * r1 + distanceFt * r2 + t`.
public struct CameraModel: Sendable, Equatable {
    public let focalPx: Double
    public let principalX: Double
    public let principalY: Double
    /// Lane axes in camera coordinates: r1 along lateral ft, r2 along distance ft; `up` is the lane normal toward the camera.
    public let r1: Vector3
    public let r2: Vector3
    public let up: Vector3
    /// The lane origin (board 20 on the foul line) in camera coordinates, feet.
    public let t: Vector3

    /// Decomposes `homography` (lane ft → pixels) for an image of `imageSize`; nil if it fits no real camera, or
    /// if its focal length cannot be told from it (`focalPx(of:imageSize:)`).
    public init?(homography: Homography, imageSize: PixelSize) {
        guard let focal = Self.focalPx(of: homography, imageSize: imageSize) else { return nil }
        self.init(homography: homography, imageSize: imageSize, focalPx: focal)
    }

    /// Decomposes `homography` with a focal length given rather than recovered from it.
    init(homography: Homography, imageSize: PixelSize, focalPx focal: Double) {
        let (h1, h2, h3) = Self.columns(homography, imageSize: imageSize)
        func unproject(_ h: Vector3) -> Vector3 { Vector3(h.x / focal, h.y / focal, h.z) }
        let a = unproject(h1), b = unproject(h2), c = unproject(h3)
        var scale = 2 / (a.length + b.length)
        // The foul line's centre is in front of the camera.
        if c.z * scale < 0 { scale = -scale }
        // Nearest orthonormal pair to the two estimated axes, splitting the error between them: the unit vectors 45°
        // either side of their bisector, in their plane. (A first-order correction, u - (u·v/2)·v, leaves them
        // skewed by (u·v)³/4: a camera no lens has, which `refineCamera` keeps, as it only turns and moves the axes.)
        let u = (scale * a).normalized, v = (scale * b).normalized
        let bisector = (u + v).normalized, across = (u - v).normalized
        let half = 0.5.squareRoot()
        self.init(focalPx: focal, imageSize: imageSize, r1: half * (bisector + across), r2: half * (bisector - across), t: scale * c)
    }

    /// The camera with these lane axes and origin, its principal point at the image centre.
    init(focalPx: Double, imageSize: PixelSize, r1: Vector3, r2: Vector3, t: Vector3) {
        self.focalPx = focalPx
        principalX = Double(imageSize.width) / 2
        principalY = Double(imageSize.height) / 2
        self.r1 = r1
        self.r2 = r2
        self.up = Self.laneNormal(r1: r1, r2: r2, t: t)
        self.t = t
    }

    /// The lane's normal toward the camera, for lane axes `r1`, `r2` and origin `t` in camera coordinates.
    static func laneNormal(r1: Vector3, r2: Vector3, t: Vector3) -> Vector3 {
        let normal = r1.cross(r2)
        return normal.dot(-t) < 0 ? -normal : normal
    }

    /// The focal length `homography` implies: the rotation's first two columns are orthogonal and of equal length,
    /// two equations in 1/f², solved by least squares. Nil when 1/f² comes out at or below zero: the view is so
    /// near affine (a telephoto lens far behind the lane) that the perspective fixing f is below the landmarks' noise.
    static func focalPx(of homography: Homography, imageSize: PixelSize) -> Double? {
        let (h1, h2, _) = columns(homography, imageSize: imageSize)
        // Each constraint reads a·w + b = 0 with w = 1/f².
        let orthogonal = (a: h1.x * h2.x + h1.y * h2.y, b: h1.z * h2.z)
        let equalLength = (a: h1.x * h1.x + h1.y * h1.y - h2.x * h2.x - h2.y * h2.y, b: h1.z * h1.z - h2.z * h2.z)
        let denominator = orthogonal.a * orthogonal.a + equalLength.a * equalLength.a
        guard denominator > 0 else { return nil }
        let w = -(orthogonal.a * orthogonal.b + equalLength.a * equalLength.b) / denominator
        return w > 0 ? 1 / w.squareRoot() : nil
    }

    /// Columns of T·H, T moving the principal point (the image centre) to the origin.
    private static func columns(_ homography: Homography, imageSize: PixelSize) -> (Vector3, Vector3, Vector3) {
        let cx = Double(imageSize.width) / 2, cy = Double(imageSize.height) / 2
        let m = homography.m
        func column(_ c: Int) -> Vector3 { Vector3(m[c] - cx * m[6 + c], m[3 + c] - cy * m[6 + c], m[6 + c]) }
        return (column(0), column(1), column(2))
    }

    /// Camera-space position of a lane point `heightFt` above the surface.
    public func cameraPoint(lateralFt: Double, distanceFt: Double, heightFt: Double) -> Vector3 {
        lateralFt * r1 + distanceFt * r2 + t + heightFt * up
    }

    /// Pixel of a lane point `heightFt` above the surface; nil behind the camera.
    public func pixel(lateralFt: Double, distanceFt: Double, heightFt: Double) -> (x: Double, y: Double)? {
        let p = cameraPoint(lateralFt: lateralFt, distanceFt: distanceFt, heightFt: heightFt)
        guard p.z > 1e-6 else { return nil }
        return (principalX + focalPx * p.x / p.z, principalY + focalPx * p.y / p.z)
    }

    /// Lane position (lateral ft, distance ft) of the point `heightFt` above the lane seen at a pixel; nil if the ray misses that plane ahead.
    public func lanePosition(xPx: Double, yPx: Double, heightFt: Double) -> (lateralFt: Double, distanceFt: Double)? {
        let ray = Vector3((xPx - principalX) / focalPx, (yPx - principalY) / focalPx, 1)
        let origin = t + heightFt * up
        // Solve lateral·r1 + distance·r2 - s·ray = -origin.
        let matrix = [[r1.x, r2.x, -ray.x], [r1.y, r2.y, -ray.y], [r1.z, r2.z, -ray.z]]
        guard let solution = LinearSolver.solve(matrix, [-origin.x, -origin.y, -origin.z]), solution[2] > 0 else { return nil }
        return (solution[0], solution[1])
    }

    /// Where the camera stands, in lane feet: across from the lane's centre line (toward the higher boards of the
    /// calibration's numbering, the left edge seen from behind), down the lane from the foul line (negative behind
    /// it), and above the lane.
    public var positionFt: (lateralFt: Double, distanceFt: Double, heightFt: Double) { (-r1.dot(t), -r2.dot(t), -up.dot(t)) }

    /// How far below the lane's plane the camera looks, degrees.
    public var pitchDownDeg: Double { asin(min(1, max(-1, -up.z))) * 180 / .pi }

    /// Radius in pixels of a sphere of `radiusFt` centred at camera-space point `p`.
    public func projectedRadiusPx(radiusFt: Double, at p: Vector3) -> Double {
        focalPx * radiusFt / max(p.length, radiusFt)
    }
}
