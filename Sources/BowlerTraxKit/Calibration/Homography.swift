/// A plane-to-image projective map: lane (lateral ft, distance ft) → pixel, as a 3×3 matrix in row-major order.
public struct Homography: Sendable, Equatable {
    public var m: [Double]

    public init(_ m: [Double]) {
        precondition(m.count == 9, "a homography has 9 entries")
        self.m = m
    }

    /// The map that leaves every point where it is.
    public static let identity = Homography([1, 0, 0, 0, 1, 0, 0, 0, 1])

    /// Maps a plane point; nil when it lies on the line at infinity.
    public func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double)? {
        let w = m[6] * x + m[7] * y + m[8]
        guard abs(w) > 1e-12 else { return nil }
        return ((m[0] * x + m[1] * y + m[2]) / w, (m[3] * x + m[4] * y + m[5]) / w)
    }

    /// Maps a circle (centre and radius, in pixels): its centre, and as radius the distance to where the point one
    /// radius to its right went. Nil when its centre lies on the line at infinity.
    public func carry(_ circle: (x: Double, y: Double, radius: Double)) -> (x: Double, y: Double, radius: Double)? {
        guard let centre = apply(circle.x, circle.y), let edge = apply(circle.x + circle.radius, circle.y) else { return nil }
        return (centre.x, centre.y, ((edge.x - centre.x) * (edge.x - centre.x) + (edge.y - centre.y) * (edge.y - centre.y)).squareRoot())
    }

    /// Whether this map moves none of the corners of a `width` × `height` picture farther than `withinPx`.
    public func keepsCorners(width: Int, height: Int, withinPx: Double) -> Bool {
        for corner in 0..<4 {
            let x = corner & 1 == 0 ? 0 : Double(width), y = corner < 2 ? 0 : Double(height)
            guard let moved = apply(x, y) else { return false }
            if (moved.x - x) * (moved.x - x) + (moved.y - y) * (moved.y - y) > withinPx * withinPx { return false }
        }
        return true
    }

    /// The inverse map; nil when this one is singular.
    public var inverse: Homography? {
        let a = m
        let det = a[0] * (a[4] * a[8] - a[5] * a[7]) - a[1] * (a[3] * a[8] - a[5] * a[6]) + a[2] * (a[3] * a[7] - a[4] * a[6])
        guard abs(det) > 1e-12 else { return nil }
        return Homography(Self.inverse3(a))
    }

    /// The homogeneous scale of a plane point: its sign tells which side of the camera it is on.
    public func depthSign(_ x: Double, _ y: Double) -> Double { m[6] * x + m[7] * y + m[8] }

    /// Fits `to ≈ H(from)` by the normalized DLT (Hartley, "In defense of the eight-point algorithm",
    /// PAMI 1997), then refines all eight free entries by Gauss-Newton on the pixel residuals.
    /// Nil when the correspondences fix no homography (fewer than 4, or degenerate).
    public static func fit(from: [(x: Double, y: Double)], to: [(x: Double, y: Double)]) -> Homography? {
        precondition(from.count == to.count, "one image point per plane point")
        guard from.count >= 4 else { return nil }
        let (normFrom, tFrom) = normalization(from)
        let (normTo, tTo) = normalization(to)
        var ata = Array(repeating: Array(repeating: 0.0, count: 9), count: 9)
        for (p, q) in zip(normFrom, normTo) {
            let rows: [[Double]] = [
                [-p.x, -p.y, -1, 0, 0, 0, q.x * p.x, q.x * p.y, q.x],
                [0, 0, 0, -p.x, -p.y, -1, q.y * p.x, q.y * p.y, q.y],
            ]
            for row in rows { for i in 0..<9 { for j in 0..<9 { ata[i][j] += row[i] * row[j] } } }
        }
        let eigen = LinearSolver.symmetricEigen(ata)
        // A unique solution needs a one-dimensional null space: the second eigenvalue must stand clear of zero.
        guard eigen.values[1] > 1e-9 * max(eigen.values[8], 1e-300) else { return nil }
        let h = (0..<9).map { eigen.vectors[$0][0] }
        // H = T_to⁻¹ · Hn · T_from
        let normalized = Homography(h)
        let combined = multiply(inverse3(tTo), multiply(normalized.m, tFrom))
        guard let scale = combined.last, abs(scale) > 1e-15 else { return nil }
        let initial = Homography(combined.map { $0 / scale })
        return initial.refined(from: from, to: to)
    }

    /// Gauss-Newton on the 8 entries (m[8] fixed at 1) minimising squared pixel residuals.
    func refined(from: [(x: Double, y: Double)], to: [(x: Double, y: Double)]) -> Homography {
        var current = self
        var error = current.squaredError(from: from, to: to)
        for _ in 0..<20 {
            var jtj = Array(repeating: Array(repeating: 0.0, count: 8), count: 8)
            var jtr = Array(repeating: 0.0, count: 8)
            for (p, q) in zip(from, to) {
                let w = current.m[6] * p.x + current.m[7] * p.y + current.m[8]
                guard abs(w) > 1e-12 else { continue }
                let u = (current.m[0] * p.x + current.m[1] * p.y + current.m[2]) / w
                let v = (current.m[3] * p.x + current.m[4] * p.y + current.m[5]) / w
                let ju = [p.x / w, p.y / w, 1 / w, 0, 0, 0, -u * p.x / w, -u * p.y / w]
                let jv = [0, 0, 0, p.x / w, p.y / w, 1 / w, -v * p.x / w, -v * p.y / w]
                for i in 0..<8 {
                    jtr[i] += ju[i] * (q.x - u) + jv[i] * (q.y - v)
                    for j in 0..<8 { jtj[i][j] += ju[i] * ju[j] + jv[i] * jv[j] }
                }
            }
            // A little damping (Levenberg) keeps the step sane when few points pin the map down.
            for i in 0..<8 { jtj[i][i] *= 1 + 1e-6 }
            guard let step = LinearSolver.solve(jtj, jtr) else { break }
            let candidate = Homography((0..<8).map { current.m[$0] + step[$0] } + [1])
            let candidateError = candidate.squaredError(from: from, to: to)
            guard candidateError < error else { break }
            let improvement = error - candidateError
            current = candidate
            error = candidateError
            if improvement < 1e-12 * max(error, 1e-12) { break }
        }
        return current
    }

    func squaredError(from: [(x: Double, y: Double)], to: [(x: Double, y: Double)]) -> Double {
        zip(from, to).reduce(0) { sum, pair in
            guard let mapped = apply(pair.0.x, pair.0.y) else { return .infinity }
            let dx = mapped.x - pair.1.x, dy = mapped.y - pair.1.y
            return sum + dx * dx + dy * dy
        }
    }

    /// Similarity moving the points' centroid to the origin and their mean distance to √2.
    static func normalization(_ points: [(x: Double, y: Double)]) -> ([(x: Double, y: Double)], [Double]) {
        let n = Double(points.count)
        let cx = points.reduce(0) { $0 + $1.x } / n, cy = points.reduce(0) { $0 + $1.y } / n
        var mean = 0.0
        for point in points {
            let dx = point.x - cx, dy = point.y - cy
            mean += (dx * dx + dy * dy).squareRoot() / n
        }
        let s = mean > 0 ? 2.0.squareRoot() / mean : 1
        let t = [s, 0, -s * cx, 0, s, -s * cy, 0, 0, 1]
        return (points.map { (s * ($0.x - cx), s * ($0.y - cy)) }, t)
    }

    static func multiply(_ a: [Double], _ b: [Double]) -> [Double] {
        var product = [Double](repeating: 0, count: 9)
        for r in 0..<3 {
            for c in 0..<3 {
                var sum = 0.0
                for k in 0..<3 { sum += a[r * 3 + k] * b[k * 3 + c] }
                product[r * 3 + c] = sum
            }
        }
        return product
    }

    static func inverse3(_ a: [Double]) -> [Double] {
        let minor0: Double = a[4] * a[8] - a[5] * a[7]
        let minor1: Double = a[3] * a[8] - a[5] * a[6]
        let minor2: Double = a[3] * a[7] - a[4] * a[6]
        let det = a[0] * minor0 - a[1] * minor1 + a[2] * minor2
        precondition(abs(det) > 0, "normalising similarity is invertible")
        let adj: [Double] = [
            a[4] * a[8] - a[5] * a[7], a[2] * a[7] - a[1] * a[8], a[1] * a[5] - a[2] * a[4],
            a[5] * a[6] - a[3] * a[8], a[0] * a[8] - a[2] * a[6], a[2] * a[3] - a[0] * a[5],
            a[3] * a[7] - a[4] * a[6], a[1] * a[6] - a[0] * a[7], a[0] * a[4] - a[1] * a[3],
        ]
        return adj.map { $0 / det }
    }
}
