import Glibc

// MARK: - Fitting the homography, the camera and the lens distortion

extension LaneCalibration {
    typealias Fit = (homography: Homography, camera: CameraModel, distortion: LensDistortion)
    /// A landmark's place: lateral ft, distance ft and height above the lane in ft (0 for all but a pin's top).
    typealias LanePoint = (x: Double, y: Double, heightFt: Double)
    /// How much k1 must cut the squared reprojection error to be believed (a quarter: half the rms).
    static let distortionGain = 0.25

    /// Fits the homography to the pixels undistorted with `k1` (of the landmarks on the lane: a pin's top stands above
    /// it). The distortion's normalising focal length comes from the camera the homography implies, so the two are
    /// iterated to agreement (a few rounds suffice: the focal length moves the distortion only through its small r²
    /// term); then the camera itself is refined, on every landmark.
    static func solve(_ lanePoints: [LanePoint], _ pixels: [(x: Double, y: Double)], k1: Double, imageSize: PixelSize) -> Fit? {
        let (surface, surfacePixels) = onTheSurface(lanePoints, pixels)
        guard let first = Homography.fit(from: surface, to: surfacePixels),
              var camera = camera(of: first, k1: 0, lanePoints, pixels, imageSize: imageSize) else { return nil }
        var homography = first
        for _ in 0..<(k1 == 0 ? 1 : 4) {
            let distortion = LensDistortion(k1: k1, focalPx: camera.focalPx, imageSize: imageSize)
            let ideal = surfacePixels.map { distortion.undistort(xPx: $0.x, yPx: $0.y) }
            guard let refit = Homography.fit(from: surface, to: ideal),
                  let refitCamera = Self.camera(of: refit, k1: k1, lanePoints, pixels, imageSize: imageSize) else { return nil }
            homography = refit
            camera = refitCamera
        }
        if let refined = refineCamera(camera, k1: k1, lanePoints, pixels, imageSize: imageSize) {
            (homography, camera) = refined
        }
        return (homography, camera, LensDistortion(k1: k1, focalPx: camera.focalPx, imageSize: imageSize))
    }

    /// The camera `homography` implies (`CameraModel(homography:imageSize:)`). When the view is so near affine that
    /// the homography gives no focal length (a telephoto lens far behind the lane: its 1/f² comes out negative), the
    /// camera is fitted instead: decomposed at each focal length of `fallbackFocalWidths` (times the image width),
    /// refined on the landmarks (`refineCamera`), and the one that reprojects them best kept.
    static func camera(of homography: Homography, k1: Double, _ lanePoints: [LanePoint], _ pixels: [(x: Double, y: Double)],
                       imageSize: PixelSize) -> CameraModel? {
        if let camera = CameraModel(homography: homography, imageSize: imageSize) { return camera }
        let fits = fallbackFocalWidths.compactMap { widths -> (camera: CameraModel, cost: Double)? in
            let start = CameraModel(homography: homography, imageSize: imageSize, focalPx: widths * Double(imageSize.width))
            guard let refined = refineCamera(start, k1: k1, lanePoints, pixels, imageSize: imageSize) else { return nil }
            let distortion = LensDistortion(k1: k1, focalPx: refined.camera.focalPx, imageSize: imageSize)
            return (refined.camera, squaredError((refined.homography, refined.camera, distortion), lanePoints, pixels))
        }
        return fits.min { $0.cost < $1.cost }?.camera
    }

    /// Focal lengths the fallback starts from, in image widths: a phone's wide lens (0.5, about 90° across) to a
    /// broadcast telephoto (32, about 2°), a factor √2 apart.
    static let fallbackFocalWidths = (-2...10).map { pow(2, Double($0) / 2) }

    /// Sum of squared reprojection errors in observed (distorted) pixels, through the camera model (what the
    /// analysis uses), so a k1 that only suits a homography no real camera has is not rewarded.
    static func squaredError(_ fit: Fit, _ lanePoints: [LanePoint], _ pixels: [(x: Double, y: Double)]) -> Double {
        zip(lanePoints, pixels).reduce(0) { sum, pair in
            guard let ideal = fit.camera.pixel(lateralFt: pair.0.x, distanceFt: pair.0.y, heightFt: pair.0.heightFt) else { return .infinity }
            let seen = fit.distortion.distort(xPx: ideal.x, yPx: ideal.y)
            return sum + (seen.x - pair.1.x) * (seen.x - pair.1.x) + (seen.y - pair.1.y) * (seen.y - pair.1.y)
        }
    }

    /// The k1 (with its homography) that minimises the reprojection error: a coarse scan over the plausible
    /// range finds the basin, a golden-section search (Kiefer 1953) narrows it; nil if no k1 gives a camera.
    /// k1 is kept only when it explains the points clearly better than no distortion (squared error under
    /// `distortionGain` of it): otherwise a dozen points' placement noise would be fitted as lens bending.
    static func fitDistortion(_ lanePoints: [LanePoint], _ pixels: [(x: Double, y: Double)], imageSize: PixelSize) -> Fit? {
        func cost(_ k1: Double) -> Double {
            solve(lanePoints, pixels, k1: k1, imageSize: imageSize).map { squaredError($0, lanePoints, pixels) } ?? .infinity
        }
        let limit = LensDistortion.maxMagnitude, step = 0.05
        let grid = stride(from: -limit, through: limit + 1e-9, by: step).map { (k1: $0, cost: cost($0)) }
        guard let coarse = grid.min(by: { $0.cost < $1.cost }), coarse.cost.isFinite else { return nil }
        let ratio = (5.0.squareRoot() - 1) / 2
        var low = coarse.k1 - step, high = coarse.k1 + step
        var a = high - ratio * (high - low), b = low + ratio * (high - low)
        var costA = cost(a), costB = cost(b)
        for _ in 0..<40 {
            if costA < costB {
                high = b; b = a; costB = costA
                a = high - ratio * (high - low); costA = cost(a)
            } else {
                low = a; a = b; costA = costB
                b = low + ratio * (high - low); costB = cost(b)
            }
        }
        let best = costA < costB ? a : b
        guard let fitted = solve(lanePoints, pixels, k1: min(max(best, -limit), limit), imageSize: imageSize) else { return nil }
        return squaredError(fitted, lanePoints, pixels) < distortionGain * cost(0) ? fitted : solve(lanePoints, pixels, k1: 0, imageSize: imageSize)
    }

    /// True when the fit keeps every landmark in front of the camera, on one side of the horizon, and the
    /// right way round (higher boards to the image's left, farther up the image), i.e. nothing is mirrored.
    static func unfolded(_ homography: Homography, camera: CameraModel, at lanePoints: [(x: Double, y: Double)]) -> Bool {
        let signs = lanePoints.map { homography.depthSign($0.x, $0.y) }
        guard signs.allSatisfy({ $0 > 0 }) || signs.allSatisfy({ $0 < 0 }) else { return false }
        let m = homography.m
        return lanePoints.allSatisfy { p in
            guard camera.cameraPoint(lateralFt: p.x, distanceFt: p.y, heightFt: 0).z > 0,
                  let q = homography.apply(p.x, p.y) else { return false }
            let w = homography.depthSign(p.x, p.y)
            // Jacobian of the map at p; its determinant is positive for a camera behind the foul line looking down-lane.
            let dudx = (m[0] - q.x * m[6]) / w, dudy = (m[1] - q.x * m[7]) / w
            let dvdx = (m[3] - q.y * m[6]) / w, dvdy = (m[4] - q.y * m[7]) / w
            return dudx * dvdy - dudy * dvdx > 0
        }
    }

    /// The landmarks on the lane's surface (the homography's), with their pixels.
    static func onTheSurface(_ lanePoints: [LanePoint], _ pixels: [(x: Double, y: Double)]) -> ([(x: Double, y: Double)], [(x: Double, y: Double)]) {
        let on = lanePoints.indices.filter { lanePoints[$0].heightFt == 0 }
        return (on.map { (lanePoints[$0].x, lanePoints[$0].y) }, on.map { pixels[$0] })
    }

    /// Throws when two landmarks name the same lane position or sit on the same pixel: they add no information
    /// and usually mean a point was clicked or labelled twice.
    static func checkDistinct(_ points: [LandmarkPoint], source: String) throws {
        for (i, a) in points.enumerated() {
            for b in points[(i + 1)...] {
                let sameLane = abs(a.board - b.board) < 1e-6 && abs(a.distanceFt - b.distanceFt) < 1e-6 && abs(a.heightFt - b.heightFt) < 1e-6
                let samePixel = abs(a.xPx - b.xPx) < 0.5 && abs(a.yPx - b.yPx) < 0.5
                if sameLane || samePixel {
                    throw CalibrationError.duplicatePoints(path: source, first: a.name ?? "point \(i + 1)",
                                                           second: b.name ?? "point \((points.firstIndex(of: b) ?? i) + 1)", samePixel: samePixel)
                }
            }
        }
    }
}
