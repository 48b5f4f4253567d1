import Glibc

// MARK: - Refining the camera on the landmarks

extension LaneCalibration {
    /// Refines the camera recovered from a homography (focal length, rotation, position: 7 parameters) by
    /// Levenberg-Marquardt on the observed pixels through lens `k1`, and returns the homography of that camera.
    ///
    /// Why: a homography has 8 free parameters, a square-pixel camera centred on the image only 7. With exact
    /// landmarks they agree; with real (clicked or found) ones the camera decomposed from the free homography can
    /// be far off for a long narrow lane, so the analysis (which uses the camera) would be worse than the pixel
    /// residuals suggest. Fitting the camera itself makes the residuals the analysis's own errors.
    static func refineCamera(_ start: CameraModel, k1: Double, _ lanePoints: [(x: Double, y: Double)], _ pixels: [(x: Double, y: Double)],
                             imageSize: PixelSize) -> (homography: Homography, camera: CameraModel)? {
        let cx = Double(imageSize.width) / 2, cy = Double(imageSize.height) / 2
        func axes(_ p: [Double]) -> (r1: Vector3, r2: Vector3, t: Vector3) {
            let w = Vector3(p[1], p[2], p[3])
            return (rotate(start.r1, by: w), rotate(start.r2, by: w), Vector3(p[4], p[5], p[6]))
        }
        func residuals(_ p: [Double]) -> [Double]? {
            let (r1, r2, t) = axes(p)
            let lens = LensDistortion(k1: k1, focalPx: p[0], imageSize: imageSize)
            var out: [Double] = []
            out.reserveCapacity(2 * pixels.count)
            for (lane, seen) in zip(lanePoints, pixels) {
                let c = lane.x * r1 + lane.y * r2 + t
                guard c.z > 1e-6 else { return nil }
                let q = lens.distort(xPx: cx + p[0] * c.x / c.z, yPx: cy + p[0] * c.y / c.z)
                out.append(q.x - seen.x)
                out.append(q.y - seen.y)
            }
            return out
        }
        func cost(_ r: [Double]) -> Double { r.reduce(0) { $0 + $1 * $1 } }
        var params = [start.focalPx, 0, 0, 0, start.t.x, start.t.y, start.t.z]
        guard var current = residuals(params) else { return nil }
        var lambda = 1e-3
        for _ in 0..<50 {
            // Forward-difference Jacobian; steps scaled to each parameter's size.
            var jacobian: [[Double]] = []
            for i in 0..<7 {
                var shifted = params
                let h = 1e-6 * max(1, abs(params[i]))
                shifted[i] += h
                guard let r = residuals(shifted) else { return nil }
                jacobian.append(zip(r, current).map { ($0 - $1) / h })
            }
            var jtj = Array(repeating: Array(repeating: 0.0, count: 7), count: 7)
            var jtr = Array(repeating: 0.0, count: 7)
            for i in 0..<7 {
                for j in 0..<7 { jtj[i][j] = zip(jacobian[i], jacobian[j]).reduce(0) { $0 + $1.0 * $1.1 } }
                jtr[i] = -zip(jacobian[i], current).reduce(0) { $0 + $1.0 * $1.1 }
            }
            var improved = false
            while lambda < 1e8 {
                var damped = jtj
                for i in 0..<7 { damped[i][i] *= 1 + lambda }
                guard let step = LinearSolver.solve(damped, jtr) else { lambda *= 10; continue }
                let candidate = zip(params, step).map { $0 + $1 }
                if let r = residuals(candidate), cost(r) < cost(current) {
                    let gain = cost(current) - cost(r)
                    params = candidate
                    current = r
                    lambda = max(lambda / 10, 1e-9)
                    improved = gain > 1e-14 * max(cost(r), 1e-12)
                    break
                }
                lambda *= 10
            }
            if !improved { break }
        }
        let (r1, r2, t) = axes(params)
        let f = params[0]
        // H = K [r1 r2 t], K the square-pixel camera matrix centred on the image.
        let m = [f * r1.x + cx * r1.z, f * r2.x + cx * r2.z, f * t.x + cx * t.z,
                 f * r1.y + cy * r1.z, f * r2.y + cy * r2.z, f * t.y + cy * t.z,
                 r1.z, r2.z, t.z]
        guard abs(m[8]) > 1e-12 else { return nil }
        // The camera itself, not one decomposed again from its homography: in a near-affine view that would lose f.
        return (Homography(m.map { $0 / m[8] }), CameraModel(focalPx: f, imageSize: imageSize, r1: r1, r2: r2, t: t))
    }

    /// `v` turned about the axis `w` by |w| radians (Rodrigues' formula).
    static func rotate(_ v: Vector3, by w: Vector3) -> Vector3 {
        let angle = w.length
        guard angle > 1e-15 else { return v }
        let k = (1 / angle) * w
        return cos(angle) * v + sin(angle) * k.cross(v) + ((1 - cos(angle)) * k.dot(v)) * k
    }
}
