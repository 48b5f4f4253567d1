/// A circle in continuous pixel coordinates.
public struct Circle: Sendable, Equatable {
    public var centerX: Double
    public var centerY: Double
    public var radius: Double
}

/// Fits the ball's outline to a blob: its edges found to sub-pixel precision in luma, its lower part ignored.
///
/// Why not the mask's centroid or its ends: the glossy lane mirrors the ball directly under it and
/// that dimmer copy often joins the blob from below; shading darkens the ball's bottom and its
/// flanks more than its lit top, and chroma subsampling blurs the colour edge, so the colour mask
/// is shrunk unevenly. The silhouette itself is where luma changes fastest: near each end of a mask
/// row (and at the top of each column) the boundary of largest luma step is taken, refined by a
/// parabola through the neighbouring steps. A circle is fitted to those edge points (Kåsa's algebraic
/// least squares, I. Kåsa, IEEE Trans. Instrum. Meas. 1976) in two passes: first over the points
/// within 1.5 radii of the top, then over those above 0.3 radius below the first centre.
public struct CircleFit {
    let frame: VideoFrame
    /// With a background, edges are steps in the difference from the empty scene rather than in luma itself.
    let background: BackgroundModel?

    /// Edge points per mask row are searched this many pixels either side of the mask's end.
    static let searchPx = 4
    /// Luma levels within which the background counts as still showing the empty scene (sensor noise is about 2).
    static let settledLevel = 12

    /// `rows[i]` = (row index, first column, one past the last column) of a blob, rows ascending.
    /// The outline fitted with a free radius, and all the edge points found.
    public func fitBlobOutline(rows: [(row: Int, start: Int, end: Int)]) -> (circle: Circle, points: [(x: Double, y: Double)])? {
        guard let top = rows.first?.row else { return nil }
        let halfWidth = Double(rows.map { $0.end - $0.start }.max() ?? 0) / 2
        guard halfWidth >= 1 else { return nil }
        let points = edgePoints(rows: rows)
        guard let first = Self.fit(points.filter { $0.y - Double(top) <= 1.5 * halfWidth }) else { return nil }
        guard let second = Self.fit(points.filter { $0.y <= first.centerY + 0.3 * first.radius }) else { return (first, points) }
        return (second, points)
    }

    /// The centre of a circle of known `radius` through `points` (geometric least squares, Gauss-Newton).
    ///
    /// Why: fitted to the upper arc alone, a free radius and the centre's height trade off against each
    /// other, so noise moves the centre; the calibration knows how big the ball must look there, and
    /// fixing the radius pins the centre down (most of all far down the lane, where the ball is small).
    /// Only edge points within `rejectPx` (or a tenth of the radius) of the circle are fitted: the others
    /// belong to something inside the ball (marker, holes, highlight) or touching it (a pin, the bowler).
    /// Which circle they are measured from starts as the one most points agree with (`consensusCentre`).
    /// Only points above `lowestFraction` of a radius below the centre are used: lower down the mirror image joins the ball.
    public static func centre(of points: [(x: Double, y: Double)], radius: Double, start: Circle, rejectPx: Double = 0.75,
                              lowestFraction: Double = 0.6) -> Circle {
        let candidates = points.filter { $0.y <= start.centerY + lowestFraction * radius }
        let limit = max(rejectPx, 0.1 * radius)
        var circle = consensusCentre(of: candidates, radius: radius, around: start, bandPx: limit)
        for _ in 0..<3 {
            let inliers = candidates.filter { abs(distance($0, circle) - radius) <= limit }
            guard inliers.count >= 5 else { break }
            circle = centreFit(of: inliers, radius: radius, start: circle)
        }
        return circle
    }

    /// The centre within a few pixels of `start` that most `points` agree with: each point within `bandPx`
    /// of the circle of `radius` counts, the closer the more (1 − (residual / band)²).
    ///
    /// Why: a least-squares fit starting from a circle the outliers already pulled keeps most of that pull;
    /// on a 5 px ball a few interior edges move the free fit by a pixel, more than the band, so trimming by
    /// residual alone cannot undo it. Voting with the radius known (a Hough transform over a small window,
    /// as OpenCV's HoughCircles does over a whole image) finds the circle most of the outline lies on.
    static func consensusCentre(of points: [(x: Double, y: Double)], radius: Double, around start: Circle, bandPx: Double) -> Circle {
        // A coarse grid over the reach, then a finer one around its best: steps of a sixteenth of the reach for 162 votes, not 1089.
        let reach = min(3, max(1, 0.25 * radius)), steps = 4
        var best = Circle(centerX: start.centerX, centerY: start.centerY, radius: radius)
        for stepPx in [reach / Double(steps), reach / Double(steps * steps)] {
            let around = best
            var bestVotes = -1.0
            for i in -steps...steps {
                for j in -steps...steps {
                    let candidate = Circle(centerX: around.centerX + Double(i) * stepPx, centerY: around.centerY + Double(j) * stepPx, radius: radius)
                    var votes = 0.0
                    for point in points {
                        let residual = (distance(point, candidate) - radius) / bandPx
                        if abs(residual) < 1 { votes += 1 - residual * residual }
                    }
                    if votes > bestVotes { best = candidate; bestVotes = votes }
                }
            }
        }
        return best
    }

    @inline(__always)
    private static func distance(_ point: (x: Double, y: Double), _ circle: Circle) -> Double {
        ((point.x - circle.centerX) * (point.x - circle.centerX) + (point.y - circle.centerY) * (point.y - circle.centerY)).squareRoot()
    }

    private static func centreFit(of points: [(x: Double, y: Double)], radius: Double, start: Circle) -> Circle {
        var cx = start.centerX, cy = start.centerY
        for _ in 0..<10 {
            var jtj = [[0.0, 0.0], [0.0, 0.0]], jtr = [0.0, 0.0]
            for point in points {
                let dx = cx - point.x, dy = cy - point.y
                let distance = (dx * dx + dy * dy).squareRoot()
                guard distance > 1e-9 else { continue }
                let residual = distance - radius
                let jx = dx / distance, jy = dy / distance
                jtj[0][0] += jx * jx; jtj[0][1] += jx * jy; jtj[1][1] += jy * jy
                jtr[0] -= jx * residual; jtr[1] -= jy * residual
            }
            jtj[1][0] = jtj[0][1]
            guard let step = LinearSolver.solve(jtj, jtr) else { break }
            cx += step[0]
            cy += step[1]
            if abs(step[0]) + abs(step[1]) < 1e-4 { break }
        }
        return Circle(centerX: cx, centerY: cy, radius: radius)
    }

    /// Sub-pixel silhouette points: the left and right edge of every row, the top edge of every column.
    func edgePoints(rows: [(row: Int, start: Int, end: Int)]) -> [(x: Double, y: Double)] {
        var points: [(x: Double, y: Double)] = []
        points.reserveCapacity(3 * rows.count)
        let luma = frame.plane(0), stride = frame.stride(0)
        for row in rows {
            let base = luma + row.row * stride
            let y = Double(row.row) + 0.5
            let left = max(0, row.start - Self.searchPx), right = min(frame.width - 1, row.end + Self.searchPx)
            let useLeft = settled(base, x: left, y: row.row), useRight = settled(base, x: right, y: row.row)
            if let x = edge(near: row.start, count: frame.width, outward: -1, sample: { signal(base, x: $0, y: row.row, difference: useLeft) }) { points.append((x, y)) }
            if let x = edge(near: row.end, count: frame.width, outward: 1, sample: { signal(base, x: $0, y: row.row, difference: useRight) }) { points.append((x, y)) }
        }
        // Top edges: for each column, the first row of the blob in that column.
        guard let first = rows.first else { return points }
        let columns = (rows.map(\.start).min() ?? 0)..<(rows.map(\.end).max() ?? 0)
        // The first (top) row of the blob in each column; rows come top first.
        var topOfColumn = [Int](repeating: Int.max, count: columns.count)
        for row in rows {
            for column in row.start..<row.end where topOfColumn[column - columns.lowerBound] == Int.max {
                topOfColumn[column - columns.lowerBound] = row.row
            }
        }
        let inner = (columns.lowerBound + columns.count / 4)..<(columns.upperBound - columns.count / 4)
        for column in inner {
            let topRow = topOfColumn[column - columns.lowerBound]
            guard topRow <= first.row + columns.count / 4 else { continue }
            let above = max(0, topRow - Self.searchPx)
            let useAbove = settled(luma + above * stride, x: column, y: above)
            if let y = edge(near: topRow, count: frame.height, outward: -1, sample: { signal(luma + $0 * stride, x: column, y: $0, difference: useAbove) }) {
                points.append((Double(column) + 0.5, y))
            }
        }
        return points
    }

    /// The value whose steps mark the outline at (x, y): the difference from the empty scene, or
    /// luma itself where that is not trusted; `row` is the luma row y.
    @inline(__always)
    private func signal(_ row: UnsafePointer<UInt8>, x: Int, y: Int, difference: Bool) -> Int {
        guard difference, let background else { return Int(row[x]) }
        return abs(Int(row[x]) - Int(background.luma[y * background.width + x]))
    }

    /// Whether the background just outside the ball at (x, y) matches the frame: where it does not
    /// (the bowler walking off, a person in view) the background's picture is stale and luma is used.
    private func settled(_ row: UnsafePointer<UInt8>, x: Int, y: Int) -> Bool {
        guard let background else { return false }
        return abs(Int(row[x]) - Int(background.luma[y * background.width + x])) <= Self.settledLevel
    }

    /// The silhouette's boundary (between samples i-1 and i, at coordinate i) within `searchPx` of
    /// `guess`: the outermost step of `sample` (looking from the side `outward` points to, -1 or +1)
    /// that is at least half the largest step there, refined by a parabola through its neighbouring
    /// steps; nil when there is no clear step, or that one lies at the end of the reach (the real edge
    /// may lie beyond it).
    ///
    /// Why the outermost and not the largest: the guess is the colour mask's end, which the ball's
    /// shaded side, 4:2:0 chroma and compression pull inside the ball by up to three pixels on a small
    /// ball; there the marker, the holes or the highlight make steps as large as the outline's, and a
    /// point on one pulls the fitted centre by a pixel. Outside the ball the difference from the empty
    /// scene is flat, so the first strong step met coming from outside is the outline.
    /// Why nil and not the guess: a point placed at the mask's end is a wrong edge; leaving it out
    /// costs one of many points.
    func edge(near guess: Int, count: Int, outward: Int, sample: (Int) -> Int) -> Double? {
        let low = max(1, guess - Self.searchPx), high = min(count - 1, guess + Self.searchPx)
        guard low < high else { return nil }
        func step(_ i: Int) -> Double { Double(abs(sample(i) - sample(i - 1))) }
        var largest = 0.0
        for i in low...high { largest = max(largest, step(i)) }
        guard largest >= 6 else { return nil }
        let inward = outward < 0 ? stride(from: low, through: high, by: 1) : stride(from: high, through: low, by: -1)
        guard let best = inward.first(where: { i in
            let value = step(i)
            return value >= 0.5 * largest && (i == low || step(i - 1) <= value) && (i == high || step(i + 1) <= value)
        }), best > low, best < high else { return nil }
        let left = step(best - 1), centre = step(best), right = step(best + 1)
        let curvature = left - 2 * centre + right
        let offset = curvature < 0 ? 0.5 * (left - right) / curvature : 0
        return Double(best) + max(-0.5, min(0.5, offset))
    }

    /// Kåsa fit; nil with fewer than five points or a degenerate system.
    static func fit(_ points: [(x: Double, y: Double)]) -> Circle? {
        guard points.count >= 5 else { return nil }
        let count = Double(points.count)
        // Centre the coordinates for conditioning.
        let meanX = points.reduce(0) { $0 + $1.x } / count, meanY = points.reduce(0) { $0 + $1.y } / count
        // Normal equations of x²+y² + D x + E y + F = 0 in the centred frame.
        var sxx = 0.0, sxy = 0.0, syy = 0.0, sx = 0.0, sy = 0.0, sxz = 0.0, syz = 0.0, sz = 0.0
        for point in points {
            let x = point.x - meanX, y = point.y - meanY
            let z = x * x + y * y
            sxx += x * x; sxy += x * y; syy += y * y; sx += x; sy += y
            sxz += x * z; syz += y * z; sz += z
        }
        let matrix = [[sxx, sxy, sx], [sxy, syy, sy], [sx, sy, count]]
        guard let solution = LinearSolver.solve(matrix, [-sxz, -syz, -sz]) else { return nil }
        let centerX = -solution[0] / 2, centerY = -solution[1] / 2
        let squared = centerX * centerX + centerY * centerY - solution[2]
        guard squared > 0 else { return nil }
        return Circle(centerX: centerX + meanX, centerY: centerY + meanY, radius: squared.squareRoot())
    }
}
