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
    public let homography: Homography
    public let camera: CameraModel
    public let residuals: [LandmarkResidual]
    public let source: String

    /// Lateral limit of where a ball can be: the lane, its gutters and a little more.
    static let maxLateralFt = (Lane.widthIn / 2 + Lane.gutterWidthIn) / 12 + 0.25
    static let distanceRangeFt = -4.0...64.0

    public init(file: CalibrationFile, source: String) throws {
        let lanePoints = file.points.map { (x: Lane.lateralFt(board: $0.board), y: $0.distanceFt) }
        let pixels = file.points.map { (x: $0.xPx, y: $0.yPx) }
        guard !Self.collinear(lanePoints), !Self.collinear(pixels),
              let homography = Homography.fit(from: lanePoints, to: pixels) else {
            throw CalibrationError.collinearPoints(path: source)
        }
        let signs = lanePoints.map { homography.depthSign($0.x, $0.y) }
        guard signs.allSatisfy({ $0 > 0 }) || signs.allSatisfy({ $0 < 0 }),
              let camera = CameraModel(homography: homography, imageSize: file.imageSize),
              lanePoints.allSatisfy({ camera.cameraPoint(lateralFt: $0.x, distanceFt: $0.y, heightFt: 0).z > 0 }) else {
            throw CalibrationError.foldedFit(path: source)
        }
        self.imageSize = file.imageSize
        self.homography = homography
        self.camera = camera
        self.source = source
        residuals = zip(file.points, lanePoints).map { point, lane in
            let mapped = homography.apply(lane.x, lane.y) ?? (x: .infinity, y: .infinity)
            let back = camera.lanePosition(xPx: point.xPx, yPx: point.yPx, heightFt: 0) ?? (lateralFt: .infinity, distanceFt: .infinity)
            let dx = mapped.x - point.xPx, dy = mapped.y - point.yPx
            return LandmarkResidual(name: point.name, errorPx: (dx * dx + dy * dy).squareRoot(),
                                    errorBoards: abs(back.lateralFt - lane.x) / Lane.boardWidthFt, errorFt: abs(back.distanceFt - lane.y))
        }
    }

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
        guard let lane = camera.lanePosition(xPx: xPx, yPx: yPx, heightFt: Lane.ballRadiusFt) else { return nil }
        return (Lane.board(lateralFt: lane.lateralFt), lane.distanceFt)
    }

    /// Pixel where the centre of a ball at this lane position is seen.
    public func ballPixel(board: Double, distanceFt: Double) -> (x: Double, y: Double)? {
        camera.pixel(lateralFt: Lane.lateralFt(board: board), distanceFt: distanceFt, heightFt: Lane.ballRadiusFt)
    }

    /// Pixel of a point on the lane surface.
    public func surfacePixel(board: Double, distanceFt: Double) -> (x: Double, y: Double)? {
        camera.pixel(lateralFt: Lane.lateralFt(board: board), distanceFt: distanceFt, heightFt: 0)
    }

    public func expectedRadiusPx(atX x: Double, y: Double) -> Double? {
        guard let lane = camera.lanePosition(xPx: x, yPx: y, heightFt: Lane.ballRadiusFt),
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
