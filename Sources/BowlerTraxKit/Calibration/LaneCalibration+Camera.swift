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
    static func refineCamera(_ start: CameraModel, k1: Double, _ lanePoints: [LanePoint], _ pixels: [(x: Double, y: Double)],
                             imageSize: PixelSize) -> (homography: Homography, camera: CameraModel)? {
        let cx = Double(imageSize.width) / 2, cy = Double(imageSize.height) / 2
        func axes(_ p: [Double]) -> (r1: Vector3, r2: Vector3, t: Vector3) {
            let (r1, r2) = rotate(start.r1, start.r2, by: Vector3(p[1], p[2], p[3]))
            return (r1, r2, Vector3(p[4], p[5], p[6]))
        }
        // The solver runs thousands of times per `calibrate --auto` (each k1 tried, each landmark left out), so its
        // loop allocates nothing: residuals, Jacobian and normal equations live in buffers made once here.
        let count = 2 * pixels.count
        /// Writes the residuals at `p` into `out`; false when a landmark falls behind the camera.
        func residuals(_ p: [Double], into out: inout [Double]) -> Bool {
            let (r1, r2, t) = axes(p)
            let lens = LensDistortion(k1: k1, focalPx: p[0], imageSize: imageSize)
            // For a pin's top, above the lane.
            let up = CameraModel.laneNormal(r1: r1, r2: r2, t: t)
            for i in 0..<pixels.count {
                let lane = lanePoints[i], seen = pixels[i]
                let c = lane.x * r1 + lane.y * r2 + t + lane.heightFt * up
                guard c.z > 1e-6 else { return false }
                let q = lens.distort(xPx: cx + p[0] * c.x / c.z, yPx: cy + p[0] * c.y / c.z)
                out[2 * i] = q.x - seen.x
                out[2 * i + 1] = q.y - seen.y
            }
            return true
        }
        func cost(_ r: [Double]) -> Double { r.reduce(0) { $0 + $1 * $1 } }
        var params = [start.focalPx, 0, 0, 0, start.t.x, start.t.y, start.t.z]
        var current = [Double](repeating: 0, count: count), trial = current
        guard residuals(params, into: &current) else { return nil }
        var jacobian = [Double](repeating: 0, count: 7 * count)
        var jtj = [Double](repeating: 0, count: 49), jtr = [Double](repeating: 0, count: 7)
        var damped = [Double](repeating: 0, count: 49), step = [Double](repeating: 0, count: 7), candidate = params
        var lambda = 1e-3
        for _ in 0..<50 {
            // Forward-difference Jacobian, a row per parameter; steps scaled to each parameter's size.
            for i in 0..<7 {
                for j in 0..<7 { candidate[j] = params[j] }
                let h = 1e-6 * max(1, abs(params[i]))
                candidate[i] += h
                guard residuals(candidate, into: &trial) else { return nil }
                for k in 0..<count { jacobian[i * count + k] = (trial[k] - current[k]) / h }
            }
            jacobian.withUnsafeBufferPointer { jacobian in
                current.withUnsafeBufferPointer { current in
                    for i in 0..<7 {
                        for j in i..<7 {  // symmetric: the lower half is the upper's mirror
                            var sum = 0.0
                            for k in 0..<count { sum += jacobian[i * count + k] * jacobian[j * count + k] }
                            jtj[i * 7 + j] = sum
                            jtj[j * 7 + i] = sum
                        }
                        var sum = 0.0
                        for k in 0..<count { sum += jacobian[i * count + k] * current[k] }
                        jtr[i] = -sum
                    }
                }
            }
            var improved = false
            while lambda < 1e8 {
                for i in 0..<49 { damped[i] = jtj[i] }
                for i in 0..<7 { damped[i * 7 + i] *= 1 + lambda; step[i] = jtr[i] }
                guard LinearSolver.solve(rowMajor: &damped, &step) else { lambda *= 10; continue }
                for i in 0..<7 { candidate[i] = params[i] + step[i] }
                if residuals(candidate, into: &trial), cost(trial) < cost(current) {
                    let gain = cost(current) - cost(trial)
                    for i in 0..<7 { params[i] = candidate[i] }
                    swap(&current, &trial)
                    lambda = max(lambda / 10, 1e-9)
                    improved = gain > 1e-14 * max(cost(current), 1e-12)
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

    /// `a` and `b` turned about the axis `w` by |w| radians (Rodrigues' formula).
    static func rotate(_ a: Vector3, _ b: Vector3, by w: Vector3) -> (Vector3, Vector3) {
        let angle = w.length
        guard angle > 1e-15 else { return (a, b) }
        let k = (1 / angle) * w
        let c = cos(angle), s = sin(angle)
        func turned(_ v: Vector3) -> Vector3 { c * v + s * k.cross(v) + ((1 - c) * k.dot(v)) * k }
        return (turned(a), turned(b))
    }
}
