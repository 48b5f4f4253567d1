import Glibc

/// How well one landmark fits the calibration.
public struct LandmarkResidual: Sendable, Equatable {
    public var name: String?
    public var errorPx: Double
    public var errorBoards: Double
    public var errorFt: Double
}

/// A fitted calibration: maps the ball's image position to the lane and tells how big it should look.
///
/// The lane-surface homography is fitted to every landmark; the camera recovered from it maps the
/// ball's centre on the plane 4.25 in above the lane, so the ball's height costs no accuracy.
public struct LaneCalibration: Sendable, BallSizeModel {
    public let imageSize: PixelSize
    /// Lane (lateral ft, distance ft) → undistorted pixel.
    public let homography: Homography
    public let camera: CameraModel
    /// The lens's radial distortion (k1 = 0: none); every pixel is undistorted before the camera model sees it.
    public let distortion: LensDistortion
    public let residuals: [LandmarkResidual]
    public let source: String

    /// Lateral limit of where a ball can be: the lane, its gutters and a little more.
    static let maxLateralFt = (Lane.widthIn / 2 + Lane.gutterWidthIn) / 12 + 0.25
    static let distanceRangeFt = -4.0...64.0
    /// Fewer landmarks than this leave a distortion coefficient poorly determined, so none is fitted.
    public static let minPointsForDistortion = 8

    /// Fits the landmarks of `file`. With `fitDistortion` and at least `minPointsForDistortion` points, k1 is
    /// fitted jointly with the homography; otherwise the file's own k1 (absent = 0) is used as it is.
    public init(file: CalibrationFile, source: String, fitDistortion: Bool = false) throws {
        let lanePoints = file.points.map { (x: Lane.lateralFt(board: $0.board), y: $0.distanceFt, heightFt: $0.heightFt) }
        let pixels = file.points.map { (x: $0.xPx, y: $0.yPx) }
        try Self.checkDistinct(file.points, source: source)
        // The homography rests on the landmarks on the lane. All but one on a line (three arrow tips on one arm of the V
        // and the head pin, say) fix none either.
        let (surface, surfacePixels) = Self.onTheSurface(lanePoints, pixels)
        let allButOneCollinear = surface.indices.contains { i in Self.collinear(surface.enumerated().filter { $0.offset != i }.map(\.element)) }
        guard surface.count >= 4, !Self.collinear(surface), !Self.collinear(surfacePixels), !allButOneCollinear,
              Homography.fit(from: surface, to: surfacePixels) != nil else {
            throw CalibrationError.collinearPoints(path: source)
        }
        guard let plain = Self.solve(lanePoints, pixels, k1: 0, imageSize: file.imageSize) else { throw CalibrationError.noCamera(path: source) }
        var fit = plain
        if fitDistortion && file.points.count >= Self.minPointsForDistortion {
            fit = Self.fitDistortion(lanePoints, pixels, imageSize: file.imageSize) ?? plain
        } else if let k1 = file.k1, k1 != 0 {
            guard let withK1 = Self.solve(lanePoints, pixels, k1: k1, imageSize: file.imageSize) else { throw CalibrationError.foldedFit(path: source) }
            fit = withK1
        }
        let (homography, camera, distortion) = fit
        guard Self.unfolded(homography, camera: camera, at: surface) else { throw CalibrationError.foldedFit(path: source) }
        let fieldOfViewDeg = Self.fieldOfViewDeg(focalPx: camera.focalPx, imageSize: file.imageSize)
        guard Self.lensFieldsOfViewDeg.contains(fieldOfViewDeg) else { throw CalibrationError.noLens(path: source, fieldOfViewDeg: fieldOfViewDeg) }
        self.imageSize = file.imageSize
        self.homography = homography
        self.camera = camera
        self.distortion = distortion
        self.source = source
        residuals = zip(file.points, lanePoints).map { point, lane in
            let mapped = camera.pixel(lateralFt: lane.x, distanceFt: lane.y, heightFt: lane.heightFt).map { distortion.distort(xPx: $0.x, yPx: $0.y) } ?? (x: .infinity, y: .infinity)
            let ideal = distortion.undistort(xPx: point.xPx, yPx: point.yPx)
            let back = camera.lanePosition(xPx: ideal.x, yPx: ideal.y, heightFt: lane.heightFt) ?? (lateralFt: .infinity, distanceFt: .infinity)
            let dx = mapped.x - point.xPx, dy = mapped.y - point.yPx
            return LandmarkResidual(name: point.name, errorPx: (dx * dx + dy * dy).squareRoot(),
                                    errorBoards: abs(back.lateralFt - lane.x) / Lane.boardWidthFt, errorFt: abs(back.distanceFt - lane.y))
        }
    }

    /// How wide a view across the picture's longer side, in degrees, the lenses that film a lane see: a broadcast
    /// telephoto about 2° (the calibrated TV clips' fits: 11 to 55°), a phone's ultra-wide about 110°. A fit outside
    /// saw the lane through no lens: its landmarks are wrong (train 11's, with a lane finder change tried in session
    /// 24 and not kept, placed a camera 2 ft above the lane that saw 174° across, and passed every other check).
    static let lensFieldsOfViewDeg = 0.5...150.0

    /// The field of view across the picture's longer side of a camera of focal length `focalPx`, degrees.
    static func fieldOfViewDeg(focalPx: Double, imageSize: PixelSize) -> Double {
        2 * atan(Double(max(imageSize.width, imageSize.height)) / 2 / focalPx) * 180 / .pi
    }

    /// The fitted radial distortion coefficient (0: none).
    public var k1: Double { distortion.k1 }

    /// The largest reprojection error over the landmarks, pixels.
    public var maxErrorPx: Double { residuals.map(\.errorPx).max() ?? 0 }

    /// Loads a calibration file and checks it was made for frames of `videoSize`.
    public static func load(path: String, videoSize: PixelSize?) throws -> LaneCalibration {
        let file = try CalibrationFile.load(path: path)
        if let videoSize, videoSize != file.imageSize {
            throw CalibrationError.imageSizeMismatch(path: path, calibration: file.imageSize, video: videoSize)
        }
        return try LaneCalibration(file: file, source: path)
    }

    /// Lane position of a ball whose centre is seen at this pixel: board counted from the right edge, feet from the foul line.
    public func ballPosition(xPx: Double, yPx: Double) -> (board: Double, distanceFt: Double)? {
        guard let lane = lanePosition(xPx: xPx, yPx: yPx, heightFt: Lane.ballRadiusFt) else { return nil }
        return (Lane.board(lateralFt: lane.lateralFt), lane.distanceFt)
    }

    /// Pixel where the centre of a ball at this lane position is seen.
    public func ballPixel(board: Double, distanceFt: Double) -> (x: Double, y: Double)? {
        pixel(lateralFt: Lane.lateralFt(board: board), distanceFt: distanceFt, heightFt: Lane.ballRadiusFt)
    }

    /// Pixel where the fit puts a landmark (on the lane, or a pin's top above it).
    public func pixel(of landmark: LandmarkPoint) -> (x: Double, y: Double)? {
        pixel(lateralFt: Lane.lateralFt(board: landmark.board), distanceFt: landmark.distanceFt, heightFt: landmark.heightFt)
    }

    /// Pixel of a point on the lane surface.
    public func surfacePixel(board: Double, distanceFt: Double) -> (x: Double, y: Double)? {
        pixel(lateralFt: Lane.lateralFt(board: board), distanceFt: distanceFt, heightFt: 0)
    }

    /// Observed (distorted) pixel of a lane point `heightFt` above the surface; nil behind the camera.
    public func pixel(lateralFt: Double, distanceFt: Double, heightFt: Double) -> (x: Double, y: Double)? {
        camera.pixel(lateralFt: lateralFt, distanceFt: distanceFt, heightFt: heightFt).map { distortion.distort(xPx: $0.x, yPx: $0.y) }
    }

    /// Lane position of the point `heightFt` above the lane seen at an observed (distorted) pixel.
    public func lanePosition(xPx: Double, yPx: Double, heightFt: Double) -> (lateralFt: Double, distanceFt: Double)? {
        let ideal = distortion.undistort(xPx: xPx, yPx: yPx)
        return camera.lanePosition(xPx: ideal.x, yPx: ideal.y, heightFt: heightFt)
    }

    public func expectedRadiusPx(atX x: Double, y: Double) -> Double? {
        guard let lane = lanePosition(xPx: x, yPx: y, heightFt: Lane.ballRadiusFt),
              abs(lane.lateralFt) <= Self.maxLateralFt, Self.distanceRangeFt.contains(lane.distanceFt) else { return nil }
        return radiusPx(lateralFt: lane.lateralFt, distanceFt: lane.distanceFt)
    }

    func radiusPx(lateralFt: Double, distanceFt: Double) -> Double {
        camera.projectedRadiusPx(radiusFt: Lane.ballRadiusFt, at: camera.cameraPoint(lateralFt: lateralFt, distanceFt: distanceFt, heightFt: Lane.ballRadiusFt))
    }

    /// True when the points' spread has (almost) no second dimension.
    static func collinear(_ points: [(x: Double, y: Double)]) -> Bool {
        let n = Double(points.count)
        let mx = points.reduce(0) { $0 + $1.x } / n, my = points.reduce(0) { $0 + $1.y } / n
        var sxx = 0.0, sxy = 0.0, syy = 0.0
        for p in points {
            sxx += (p.x - mx) * (p.x - mx)
            sxy += (p.x - mx) * (p.y - my)
            syy += (p.y - my) * (p.y - my)
        }
        let values = LinearSolver.symmetricEigen([[sxx, sxy], [sxy, syy]]).values
        return values[0] <= 1e-6 * max(values[1], 1e-300)
    }
}
