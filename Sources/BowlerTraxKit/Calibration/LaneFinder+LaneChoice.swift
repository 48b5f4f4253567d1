// MARK: - Which lane: strips of wood between lines from the vanishing point

extension LaneFinder {
    /// A lane as two rays from the vanishing point, named by where they cross the picture's bottom row.
    struct LaneRays {
        var leftPx: Double, rightPx: Double
    }

    /// Column at row `y` of the ray from `vanishing` that crosses the picture's bottom row at `bottom`.
    func rayX(_ bottom: Double, at y: Double, from vanishing: (x: Double, y: Double)) -> Double {
        vanishing.x + (bottom - vanishing.x) * (y - vanishing.y) / (Double(image.height) - vanishing.y)
    }

    /// The lanes in view, the one the camera looks along first. Every line on the lane's surface parallel to its
    /// edges runs through the vanishing point, so each ray from it is one lateral place on the lanes: averaged
    /// along a ray (over the upper part of what lies below the vanishing point, where the lanes, not the
    /// approach, are), wood is bright and warm for every ray across a lane and not across a gutter, whatever
    /// covers part of it (a bowler, a reflection, a graphic). Strips of rays above Otsu's threshold (1979) over
    /// the rays' averages are lanes when as wide as half the widest; ordered by how near the picture's centre
    /// each one's middle is at the band's lower row (a TV camera or a tripod behind the bowler centres the lane).
    func lanesAlongRays(vanishing: (x: Double, y: Double)) -> [LaneRays] {
        let width = image.width, height = Double(image.height)
        let top = max(vanishing.y, 0)
        let upper = Self.index(top + 0.1 * (height - top)), lower = Self.index(top + 0.45 * (height - top))
        guard lower - upper >= 10 else { return [] }
        func x(_ bottom: Double, _ y: Double) -> Double { rayX(bottom, at: y, from: vanishing) }
        let bottoms = Array(-width..<(2 * width))
        let rows = Array(stride(from: upper, to: lower, by: 2))
        let means: [Double] = bottoms.map { bottom in
            var sum = 0.0, count = 0
            for y in rows {
                let column = Self.index(x(Double(bottom) + 0.5, Double(y) + 0.5))
                guard column >= 0, column < width else { continue }
                count += 1
                if warmth(column, y) > Self.warmWood * wood.warmth { sum += brightness(column, y) }
            }
            return 2 * count > rows.count ? sum / Double(count) : 0
        }
        guard let threshold = Self.otsuThreshold(means.filter { $0 > 0 }) else { return [] }
        var strips: [LaneRays] = []
        var start: Int?
        for (i, mean) in means.enumerated() {
            if mean > threshold { start = start ?? i; continue }
            if let first = start { strips.append(LaneRays(leftPx: Double(bottoms[first]), rightPx: Double(bottoms[i]))) }
            start = nil
        }
        guard let widest = strips.map({ $0.rightPx - $0.leftPx }).max() else { return [] }
        let centre = Double(width) / 2, row = Double(lower)
        return strips.filter { $0.rightPx - $0.leftPx >= 0.5 * widest }
            .sorted { abs((x($0.leftPx, row) + x($0.rightPx, row)) / 2 - centre) < abs((x($1.leftPx, row) + x($1.rightPx, row)) / 2 - centre) }
    }

    /// Of the picture's wood's warmth, what a pixel needs to count as wood along a ray (reflections of the
    /// lights on an oiled lane are much less warm than dry maple, but still warmer than a gutter).
    static let warmWood = 0.15

    /// The threshold between two classes of values that maximises the variance between them (Otsu 1979), over
    /// 100 steps of their range; nil for fewer than two distinct values.
    static func otsuThreshold(_ values: [Double]) -> Double? {
        guard let low = values.min(), let high = values.max(), high > low else { return nil }
        var best: (threshold: Double, spread: Double)?
        let total = values.reduce(0, +), n = Double(values.count)
        let sorted = values.sorted()
        var below = 0, sumBelow = 0.0
        for step in 1..<100 {
            let threshold = low + (high - low) * Double(step) / 100
            while below < sorted.count && sorted[below] <= threshold { sumBelow += sorted[below]; below += 1 }
            let nBelow = Double(below), nAbove = n - nBelow
            guard nBelow > 0, nAbove > 0 else { continue }
            let difference = sumBelow / nBelow - (total - sumBelow) / nAbove
            let spread = nBelow * nAbove * difference * difference
            if spread > best?.spread ?? -1 { best = (threshold, spread) }
        }
        return best?.threshold
    }

    /// The lane's two edges fitted near its rays: on each row, the maple-to-gutter step found walking out from
    /// inside the lane (as `edge` does for the fixtures' clean lanes), kept when it lies within a tenth of the
    /// lane's width of the ray, so reflections, people and markings that stop the walk early are left out. The
    /// near row is the lowest where both edges were found on several rows in a row (the foul line, when in view).
    func edgesAlong(_ lane: LaneRays, vanishing: (x: Double, y: Double)) -> (left: Line, right: Line, nearY: Int)? {
        func x(_ bottom: Double, _ y: Double) -> Double { rayX(bottom, at: y, from: vanishing) }
        var lefts: [(Double, Double)] = [], rights: [(Double, Double)] = []
        var nearY: Int?, run = 0
        for y in stride(from: image.height - 3, to: max(Self.index(vanishing.y) + 2, 2), by: -1) {
            let row = Double(y) + 0.5
            let left = x(lane.leftPx, row), right = x(lane.rightPx, row), span = right - left
            guard span > 8 else { break }
            let tolerance = 0.1 * span + 2
            let foundLeft = edge(y: y, from: Self.index(left + 0.2 * span), step: -1).flatMap { abs($0 - left) < tolerance ? $0 : nil }
                ?? steepestStep(y: y, near: left, within: tolerance, brighterRight: true)
            let foundRight = edge(y: y, from: Self.index(right - 0.2 * span), step: 1).flatMap { abs($0 - right) < tolerance ? $0 : nil }
                ?? steepestStep(y: y, near: right, within: tolerance, brighterRight: false)
            if let foundLeft { lefts.append((row, foundLeft)) }
            if let foundRight { rights.append((row, foundRight)) }
            run = foundLeft != nil && foundRight != nil ? run + 1 : 0
            if nearY == nil && run == Self.nearRunRows { nearY = y + Self.nearRunRows - 1 }
        }
        guard let nearY, let edges = Self.edges(lefts: lefts, rights: rights, nearY: nearY) else { return nil }
        return (edges.left, edges.right, nearY)
    }

    /// The lane's edges fitted to the steps found on each row (row, column), rows counted from the top. Below the near
    /// row lies the lane where the bowler hides the foul line (a TV camera), or the approach: a phone behind the
    /// bowler sees a third of the picture of it, whose seams and the bowler's legs can outnumber one edge's steps on
    /// the lane above. So when every row's steps fit no edges (each on at least 20 rows), those above the near row
    /// alone may.
    static func edges(lefts: [(Double, Double)], rights: [(Double, Double)], nearY: Int) -> (left: Line, right: Line)? {
        func fitted(_ lefts: [(Double, Double)], _ rights: [(Double, Double)]) -> (left: Line, right: Line)? {
            guard let left = robustLine(lefts), let right = robustLine(rights), left.count >= 20, right.count >= 20 else { return nil }
            return (left, right)
        }
        let onTheLane = { (point: (Double, Double)) in point.0 < Double(nearY + 1) }
        return fitted(lefts, rights) ?? fitted(lefts.filter(onTheLane), rights.filter(onTheLane))
    }

    /// Where brightness (over three rows) climbs most steeply toward the lane within `within` pixels of `x`, to a
    /// tenth of a pixel (a parabola through the steepest step and its neighbours): a lane edge the maple walk
    /// cannot reach, behind an oiled lane's reflections or a dark-stained strip. Nil when no step of at least
    /// `minEdgeStep` code values a pixel is there, or when maple lies just outside it.
    func steepestStep(y: Int, near x: Double, within: Double, brighterRight: Bool) -> Double? {
        let first = max(Self.index(x - within), 2), last = min(Self.index(x + within), image.width - 3)
        guard last > first + 2, y >= 1, y < image.height - 1 else { return nil }
        let sign = brighterRight ? 1.0 : -1.0
        let steps = (first...last).map { column in
            sign * (-1...1).reduce(0.0) { $0 + brightness(column + 1, y + $1) - brightness(column - 1, y + $1) } / 6
        }
        guard let best = steps.indices.max(by: { steps[$0] < steps[$1] }), steps[best] >= Self.minEdgeStep,
              best > 0, best < steps.count - 1 else { return nil }
        let curvature = steps[best - 1] - 2 * steps[best] + steps[best + 1]
        let offset = curvature < 0 ? 0.5 * (steps[best - 1] - steps[best + 1]) / curvature : 0
        let found = Double(first + best) + 0.5 + offset
        // A gutter lies outside a lane's edge; on the approach, past the foul line, the boards' seams step too.
        let outside = Self.index(found + (brighterRight ? -3 : 3))
        return isMaple(outside, y) ? nil : found
    }

    /// Brightness step (code values a pixel) a lane edge has at least: lane and gutter differ by 50 or more over
    /// two or three pixels; the approach's and the lane's board seams by a few.
    static let minEdgeStep = 10.0

    /// Rows in a row on which both edges must be found for the lane to have begun there.
    static let nearRunRows = 5
}
