/// `calibrate --auto`: finds the filmed lane in a still frame and proposes landmarks, each with a confidence.
///
/// The lane is the maple strip under the image centre. Its two long edges (maple against grey gutters) are
/// fitted as lines over every row and meet at the vanishing point; the foul line is the thin dark line across
/// the strip near the bottom; the lane end is where the maple meets the black pit beyond the pins; the head pin's base is where
/// the board-20 line meets the white pin; the arrows are the seven dark triangles, their tips extrapolated from how each triangle narrows row by row. Corners come from
/// intersecting the fitted lines, so each uses hundreds of pixels. Assumptions: the camera stands behind the lane
/// (lane under the image centre, foul line in view), lines are straight (no strong lens distortion), and the
/// arrows sit at the default V of `StandardLandmarks` (edit their distances if the lane's differ).
public struct LaneFinder {
    /// A proposed landmark: `confidence` 0 (guess) to 1 (clear evidence), `evidence` says what it rests on.
    public struct Proposal: Sendable {
        public var point: LandmarkPoint
        public var confidence: Double
        public var evidence: String
    }

    /// A line x = a + b·y (lane edges, near vertical) or y = a + b·x (cross-lane lines), with its fit quality.
    struct Line {
        var a: Double, b: Double
        var rmsPx: Double
        var count: Int
        func at(_ t: Double) -> Double { a + b * t }
    }

    public let image: RGBImage
    /// Below this confidence a proposal is reported as weak.
    public static let weakConfidence = 0.5

    public init(image: RGBImage) { self.image = image }

    // MARK: - Pixel classes (on the renderer's and real maple alike: warm, mid-bright wood vs grey, dark, black)

    /// The pixel's colour; outside the picture, black (neither maple nor gutter), so walks may overrun safely.
    func rgb(_ x: Int, _ y: Int) -> (Double, Double, Double) {
        guard x >= 0, y >= 0, x < image.width, y < image.height else { return (0, 0, 0) }
        let c = image.color(x: x, y: y)
        return (Double(c.r), Double(c.g), Double(c.b))
    }
    /// Warmth: high on maple, about 0 on grey gutters, white pins, the black pit.
    func warmth(_ x: Int, _ y: Int) -> Double { let c = rgb(x, y); return c.0 - c.2 }
    func brightness(_ x: Int, _ y: Int) -> Double { let c = rgb(x, y); return (c.0 + c.1 + c.2) / 3 }
    func isMaple(_ x: Int, _ y: Int) -> Bool { warmth(x, y) > 45 && brightness(x, y) > 90 }

    /// Every landmark it can find; throws `laneNotFound` when there is no lane to speak of.
    public func propose() throws -> [Proposal] {
        let foulY = try findFoulLineRow()
        let (left, right) = try findEdges(belowRow: foulY)
        let foul = fitCrossLine(near: foulY, left: left, right: right, dark: true)
        var proposals: [Proposal] = []
        let edgeConfidence = min(Self.quality(left), Self.quality(right))
        if let foul, let cornerRight = Self.intersect(edge: right, cross: foul), let cornerLeft = Self.intersect(edge: left, cross: foul) {
            let confidence = min(edgeConfidence, Self.quality(foul))
            let evidence = "foul line fitted over \(foul.count) columns (rms \(Self.text(foul.rmsPx)) px), edges over \(min(left.count, right.count)) rows"
            proposals.append(Proposal(point: placed(StandardLandmarks.foulLineRight, cornerRight), confidence: confidence, evidence: evidence))
            proposals.append(Proposal(point: placed(StandardLandmarks.foulLineLeft, cornerLeft), confidence: confidence, evidence: evidence))
            if let vanishing = Self.intersect(left, right),
               let pin = findHeadPin(foulLeft: cornerLeft, foulRight: cornerRight, vanishing: vanishing) {
                proposals.append(pin)
            }
        }
        proposals += findArrows(left: left, right: right, foulY: foulY)
        if let pit = findPitLine(left: left, right: right, foulY: foulY) {
            // Pins hide most of the lane's end: a dozen clear columns is as good as it gets.
            let confidence = min(edgeConfidence, Self.quality(pit, enough: 12))
            let evidence = "lane end fitted over \(pit.count) columns (rms \(Self.text(pit.rmsPx)) px)"
            for (board, edge, side) in [(0.5, right, "right"), (39.5, left, "left")] {
                guard let corner = Self.intersect(edge: edge, cross: pit) else { continue }
                let landmark = LandmarkPoint(name: "lane end at the pit, \(side)", xPx: corner.x, yPx: corner.y, board: board, distanceFt: Lane.pitDistanceFt)
                proposals.append(Proposal(point: landmark, confidence: confidence, evidence: evidence))
            }
        }
        return proposals
    }

    /// A pixel coordinate as an index, clamped so a wild line (nearly parallel edges, say) cannot trap.
    static func index(_ value: Double) -> Int {
        guard value.isFinite else { return -1 }
        return Int(min(max(value, -1e6), 1e6).rounded(.down))
    }

    func placed(_ landmark: LandmarkPoint, _ pixel: (x: Double, y: Double)) -> LandmarkPoint {
        var point = landmark
        point.xPx = pixel.x
        point.yPx = pixel.y
        return point
    }

    // MARK: - Foul line and edges

    /// The foul line's row at the image centre: the lowest dark dip in a band of columns with maple above it.
    func findFoulLineRow() throws -> Int {
        let x0 = image.width / 2 - 20, x1 = image.width / 2 + 20
        func band(_ y: Int) -> Double { (x0..<x1).reduce(0) { $0 + brightness($1, y) } / Double(x1 - x0) }
        var y = image.height - 4
        while y > image.height / 3 {
            // A foul line thinner than a pixel (480p) dims its row less than a full one: 0.75 still stands out of maple grain.
            let here = band(y), above = band(y - 3)
            if here < 0.75 * above, here < 0.75 * band(y + 3), (x0..<x1).filter({ isMaple($0, y - 3) }).count > (x1 - x0) / 2 { return y }
            y -= 1
        }
        throw CalibrationError.laneNotFound(reason: "no foul line (a dark line across maple) in the lower two thirds under the image centre")
    }

    /// Fits both lane edges over the rows above the foul line; outlier rows (pins, people) are dropped.
    func findEdges(belowRow foulY: Int) throws -> (left: Line, right: Line) {
        var lefts: [(Double, Double)] = [], rights: [(Double, Double)] = []
        var centre = image.width / 2
        for y in stride(from: foulY - 3, to: 0, by: -1) {
            guard isMaple(centre, y) else { break }
            guard let l = edge(y: y, from: centre, step: -1), let r = edge(y: y, from: centre, step: 1) else { continue }
            lefts.append((Double(y) + 0.5, l))
            rights.append((Double(y) + 0.5, r))
            centre = Self.index((l + r) / 2)
        }
        guard let left = Self.robustLine(lefts), let right = Self.robustLine(rights), left.count >= 20, right.count >= 20 else {
            throw CalibrationError.laneNotFound(reason: "the lane's edges (maple against grey gutters) could not be followed above the foul line; if someone stands in the way, try --median")
        }
        return (left, right)
    }

    /// Sub-pixel x where maple gives way to gutter walking from `x` by `step`, skipping small dark markings;
    /// nil when something else (a person, a ball) covers the way: a long run that is neither maple nor gutter.
    func edge(y: Int, from x: Int, step: Int) -> Double? {
        var i = x, run = 0, foreign = 0
        while i > 1 && i < image.width - 2 {
            let gutterLike = warmth(i, y) < 25 && brightness(i, y) > 50
            run = gutterLike ? run + 1 : 0
            foreign = gutterLike || isMaple(i, y) ? 0 : foreign + 1
            if foreign > Self.maxMarkingWidthPx { return nil }
            if run == 4 {
                let first = i - 3 * step  // first gutter pixel
                let inside = warmth(first - 2 * step, y), outside = warmth(first + step, y)
                let mid = (inside + outside) / 2
                let a = warmth(first - step, y), b = warmth(first, y)
                let fraction = a == b ? 0.5 : min(max((a - mid) / (a - b), 0), 1)
                return Double(first - step) + 0.5 + Double(step) * fraction
            }
            i += step
        }
        return nil
    }

    /// Widest run of non-maple pixels (an arrow, a dot, a board seam) the edge walk steps over.
    static let maxMarkingWidthPx = 12

    /// A line across the lane (y = a + b·x) through a dark line's centre (`dark`) near `nearRow`, column by column.
    func fitCrossLine(near nearRow: Int, left: Line, right: Line, dark: Bool) -> Line? {
        let y = Double(nearRow) + 0.5
        let x0 = Self.index(left.at(y)) + 3, x1 = Self.index(right.at(y)) - 3
        guard x1 > x0 + 10 else { return nil }
        var samples: [(Double, Double)] = []
        for x in x0..<x1 {
            let lo = max(nearRow - 6, 0), hi = min(nearRow + 6, image.height - 1)
            let reference = max(brightness(x, lo), brightness(x, hi))
            var weight = 0.0, sum = 0.0
            for row in lo...hi {
                let d = max(0, reference - brightness(x, row) - 0.15 * reference)
                weight += d
                sum += d * (Double(row) + 0.5)
            }
            if weight > 0.3 * reference { samples.append((Double(x) + 0.5, sum / weight)) }
        }
        return Self.robustLine(samples)
    }

    /// The lane's far end: per column, where maple meets the black pit above it; columns hidden by pins are skipped.
    func findPitLine(left: Line, right: Line, foulY: Int) -> Line? {
        guard let vanishing = Self.intersect(left, right) else { return nil }
        var samples: [(Double, Double)] = []
        let startY = Self.index(vanishing.y + 0.25 * (Double(foulY) - vanishing.y))
        for yProbe in [startY] {
            let yProbeD = Double(yProbe) + 0.5
            for x in Self.index(left.at(yProbeD)) + 2..<max(Self.index(left.at(yProbeD)) + 2, Self.index(right.at(yProbeD)) - 1) {
                var y = yProbe
                while y > Self.index(vanishing.y) && isMaple(x, y) { y -= 1 }
                guard y > Self.index(vanishing.y), brightness(x, y - 1) < 40, isMaple(x, y + 2) else { continue }
                // Sub-pixel: where brightness crosses halfway between the deck and the pit.
                let deck = brightness(x, y + 2), pit = brightness(x, y - 2), mid = (deck + pit) / 2
                var row = y + 1
                while row > y - 2 && brightness(x, row) > mid { row -= 1 }
                let a = brightness(x, row + 1), b = brightness(x, row)
                let fraction = a == b ? 0.5 : min(max((a - mid) / (a - b), 0), 1)
                samples.append((Double(x) + 0.5, Double(row + 1) + 0.5 - fraction))
            }
        }
        guard samples.count >= 10 else { return nil }
        return Self.robustLine(samples)
    }
}
