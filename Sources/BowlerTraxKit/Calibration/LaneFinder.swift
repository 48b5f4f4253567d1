/// `calibrate --auto`: finds the filmed lane in a still frame and proposes landmarks, each with a confidence.
///
/// Which lane: of the strips of wood between rays from the vanishing point (where the picture's straight lines
/// meet), the one nearest the picture's centre (the lane the camera stands behind, or on TV the lane the camera
/// follows); failing that, the first wood strip between two gutters met scanning up from the bottom of the
/// picture near its centre. Its two long edges (wood against gutters) are fitted as lines over every row and
/// meet at the vanishing point; everything else is optional: the foul line
/// (a straight thin dark line across the lane near where it begins, else the step there to the lighter approach
/// where the gutters end, when in view, judged on the columns no one covers), the seven arrow tips (each from how
/// its triangle narrows row by row) and the lane edges level with each pair of arrows, the guide dots when the foul
/// line is not in view (a row of dark dashes between the arrows and the near end), the head pin's base (on
/// the board-20 line) and the lane's end at the pit (where visible between the pins). Corners come from
/// intersecting fitted lines, so each uses hundreds of pixels. Wood is told by its colour relative to the
/// picture's own wood (light or dark maple alike). Assumptions: lines are straight (no strong lens
/// distortion), and the arrows sit at the default V of `StandardLandmarks` (`ArrowLayout.deep`):
/// `chooseArrowLayout` then tries the other known layouts on them.
public struct LaneFinder {
    /// A proposed landmark: `confidence` 0 (guess) to 1 (clear evidence), `evidence` says what it rests on.
    public struct Proposal: Sendable {
        public var point: LandmarkPoint
        public var confidence: Double
        public var evidence: String
        /// The arrow whose tip's distance this proposal's distance is (an arrow tip, or a lane edge level with a
        /// pair of them): it changes with the arrow layout assumed (`assuming(_:)`). Nil for the others.
        public var arrowBoard: Double? = nil
    }

    /// A line x = a + b·y (lane edges, near vertical) or y = a + b·x (cross-lane lines), with its fit quality.
    struct Line {
        var a: Double, b: Double
        var rmsPx: Double
        var count: Int
        func at(_ t: Double) -> Double { a + b * t }
    }

    public let image: RGBImage
    /// The edges of graphics laid over the picture (a moving camera's: `LandmarkViews`), which no line of the lane's
    /// vanishing point is drawn through.
    let overlay: PictureOverlay.Edges?
    /// The picture's wood: median warmth and brightness of its warm pixels (see `woodReference`).
    let wood: (warmth: Double, brightness: Double)
    /// Below this confidence a proposal is reported as weak.
    public static let weakConfidence = 0.5

    public init(image: RGBImage) { self.init(image: image, overlay: nil) }

    init(image: RGBImage, overlay: PictureOverlay.Edges?) {
        self.image = image
        self.overlay = overlay
        wood = Self.woodReference(image)
    }

    // MARK: - Pixel classes (warm wood vs grey, dark, black gutters, white pins, the black pit)

    /// The pixel's colour; outside the picture, black (neither wood nor gutter), so walks may overrun safely.
    func rgb(_ x: Int, _ y: Int) -> (Double, Double, Double) {
        guard x >= 0, y >= 0, x < image.width, y < image.height else { return (0, 0, 0) }
        let c = image.color(x: x, y: y)
        return (Double(c.r), Double(c.g), Double(c.b))
    }
    /// Warmth: high on wood, about 0 on grey gutters, white pins, the black pit.
    func warmth(_ x: Int, _ y: Int) -> Double { let c = rgb(x, y); return c.0 - c.2 }
    func brightness(_ x: Int, _ y: Int) -> Double { let c = rgb(x, y); return (c.0 + c.1 + c.2) / 3 }
    /// Lane wood: at least half as warm and 60 % as bright as the picture's wood (arrows and dots are darker).
    func isMaple(_ x: Int, _ y: Int) -> Bool { warmth(x, y) > 0.5 * wood.warmth && brightness(x, y) > 0.6 * wood.brightness }

    /// Median warmth and brightness of the lower two thirds' warm pixels (warmth over 20): light maple about
    /// 100 and 150, dark wood about half that. Falls back to light maple's when nothing is warm.
    static func woodReference(_ image: RGBImage) -> (warmth: Double, brightness: Double) {
        var warmths: [Double] = [], brightnesses: [Double] = []
        for y in stride(from: image.height / 3, to: image.height, by: 4) {
            for x in stride(from: 0, to: image.width, by: 4) {
                let c = image.color(x: x, y: y)
                let warmth = Double(c.r) - Double(c.b), brightness = (Double(c.r) + Double(c.g) + Double(c.b)) / 3
                if warmth > 20 && brightness > 40 { warmths.append(warmth); brightnesses.append(brightness) }
            }
        }
        guard warmths.count > 100 else { return (90, 150) }
        return (warmths.sorted()[warmths.count / 2], brightnesses.sorted()[brightnesses.count / 2])
    }

    /// Every landmark it can find; throws `laneNotFound` when there is no lane to speak of, or fewer than four landmarks.
    public func propose() throws -> [Proposal] { try find().proposals }

    /// Every landmark it can find, and the lane's edges they were found along (to check a fit of them with). With
    /// `requiringEnough` false, however few there are (one view of a camera that moves, pooled with the others':
    /// `LandmarkViews`); only a picture with no lane throws then.
    public func find(requiringEnough: Bool = true) throws -> (proposals: [Proposal], edges: LaneEdges) {
        let (left, right, nearY) = try findLane()
        guard let vanishing = Self.intersect(left, right), vanishing.y < Double(nearY) - 20 else {
            throw CalibrationError.laneNotFound(reason: "the lane's edges do not meet beyond it (not a lane seen from behind)")
        }
        var proposals: [Proposal] = []
        let edgeConfidence = min(Self.quality(left), Self.quality(right))
        let found = findFoulLine(left: left, right: right, nearRow: nearY, vanishing: vanishing), foul = found?.line
        // Where the lane begins in the picture: its foul line, or the lowest row its edges were followed on.
        var near = (left: (x: left.at(Double(nearY)), y: Double(nearY)), right: (x: right.at(Double(nearY)), y: Double(nearY)))
        var foulCorners = ""
        if let foul, let l = Self.intersect(edge: left, cross: foul), let r = Self.intersect(edge: right, cross: foul),
           let cornerRight = corner(of: right, foul: foul, laneWidth: r.x - l.x, brighterRight: false),
           let cornerLeft = corner(of: left, foul: foul, laneWidth: r.x - l.x, brighterRight: true) {
            let confidence = min(edgeConfidence, Self.quality(foul))
            let evidence = "foul line\(found?.mark == .approachStep ? " (where the lane meets the lighter approach)" : "") fitted over \(foul.count) columns (rms \(Self.text(foul.rmsPx)) px), edges over \(min(left.count, right.count)) rows"
            proposals.append(Proposal(point: placed(StandardLandmarks.foulLineRight, cornerRight), confidence: confidence, evidence: evidence))
            proposals.append(Proposal(point: placed(StandardLandmarks.foulLineLeft, cornerLeft), confidence: confidence, evidence: evidence))
            near = (cornerLeft, cornerRight)
            foulCorners = " and its foul line (corners at \(Self.text(cornerLeft.x)), \(Self.text(cornerLeft.y)) and \(Self.text(cornerRight.x)), \(Self.text(cornerRight.y)))"
        }
        let nearRow = Self.index(max(near.left.y, near.right.y))
        let pit = findPitLine(left: left, right: right, nearY: nearRow)
        // The arrows lie 12 ft or more beyond the foul line, well above it in the picture: the rows just above it hold
        // only its own blur (train 04's, broken into blobs along its slant, lined up as an arm of arrows).
        let arrowsNearRow = foul == nil ? nearRow : Self.index(vanishing.y + (1 - Self.foulLineMarginFraction) * (Double(nearRow) - vanishing.y))
        let marks = findArrows(left: left, right: right, nearY: arrowsNearRow, farY: pit.map { $0.at((near.left.x + near.right.x) / 2) })
        let pins = findPins(nearLeft: near.left, nearRight: near.right, vanishing: vanishing, arrowsRow: marks.map(\.point.yPx).min())
        // The arrows lie 12 to 16 ft down the lane, nearer than any pin: a dark mark at or beyond a pin's base in the
        // picture is none (train 12's board-25 "arrow" on the pin deck, 55 px above its head pin's base).
        let arrows = marks.filter { mark in pins.allSatisfy { mark.point.yPx > $0.point.yPx } }
        proposals += arrows
        // A pair of arrow tips on mirrored boards: a line across the lane, whose slope gives the others' (`slopeAcross`).
        let arrowPair = arrowPairs(arrows).first
        if foul == nil {
            // With no foul line the edges level with the arrows stand in for its corners (with it, they add only
            // their own noise: a few tenths of a board at the pins on the fixtures).
            proposals += edgesLevelWithArrows(arrows, left: left, right: right, confidence: edgeConfidence)
            // So do the guide dots (7 ft), found between where the lane's edges begin and the arrows' bases (12 ft and
            // more). With the foul line they are not sought: their distance varies by lane as the arrows' do (train 04's
            // lie 6.4 ft out by its foul line, arrows and head pin), and held at 7 ft they pulled its fit off the arrows.
            // Lines across the lane slope as a pair of arrow tips does (level without one).
            if let nearestArrow = arrows.map(\.point.yPx).max() {
                let level = arrowPair?.level
                proposals += findGuideDots(left: left, right: right, nearRow: nearRow,
                                           farRow: Self.index(nearestArrow + Self.arrowsToDotsMargin * (Double(nearRow) - nearestArrow)),
                                           acrossSlope: { y in
                                               level.map { Self.slopeAcross(like: $0, at: ((left.at(y) + right.at(y)) / 2, y), vanishingRow: vanishing.y) } ?? 0
                                           })
            }
        }
        proposals += pins
        if let pin = pins.first(where: { $0.point.board == Lane.centreBoard && $0.point.isOnTheLane }) {
            // The pin alone leaves the lane's width at the pins free: the edges level with it fix it. The lines across
            // the lane meet on the horizon, taken level through the vanishing point (no roll), so the line through the
            // pin runs as the foul line or a pair of arrow tips does, its slope shrunk by its height above the horizon.
            // With the foul line and arrows, those fix it already and the edges would add only their own noise (test 15:
            // three arrows, no pair, fitted within 3 px without them, not with them).
            let across = foul.map { (line: $0, what: "the foul line") }
                ?? arrowPair.map { (line: $0.level, what: "the arrow tips on boards \(Int($0.near.point.board)) and \(Int($0.far.point.board))") }
            if let across, foul == nil || arrows.isEmpty {
                let slope = Self.slopeAcross(like: across.line, at: (pin.point.xPx, pin.point.yPx), vanishingRow: vanishing.y)
                let level = Line(a: pin.point.yPx - slope * pin.point.xPx, b: slope, rmsPx: 0, count: 2)
                proposals += edges(level: level, distanceFt: pin.point.distanceFt, left: left, right: right, confidence: min(pin.confidence, edgeConfidence),
                                   evidence: "the line through the head pin's base, across the lane as \(across.what), meets the")
            }
        }
        if let pit {
            // Pins hide most of the lane's end: a dozen clear columns is as good as it gets.
            let confidence = min(edgeConfidence, Self.quality(pit, enough: 12))
            let evidence = "lane end fitted over \(pit.count) columns (rms \(Self.text(pit.rmsPx)) px)"
            for (board, edge, side) in [(Lane.rightEdgeBoard, right, "right"), (Lane.leftEdgeBoard, left, "left")] {
                guard let corner = Self.intersect(edge: edge, cross: pit) else { continue }
                let landmark = LandmarkPoint(name: "lane end at the pit, \(side)", xPx: corner.x, yPx: corner.y, board: board, distanceFt: Lane.pitDistanceFt)
                proposals.append(Proposal(point: landmark, confidence: confidence, evidence: evidence))
            }
        }
        // Where the lane is, so a refusal can be checked on the picture.
        let bottom = Double(image.height)
        let edges = "the lane's edges were found (crossing row \(image.height) at x \(Self.text(left.at(bottom))) and \(Self.text(right.at(bottom))), meeting at \(Self.text(vanishing.x)), \(Self.text(vanishing.y)))\(foulCorners)"
        if requiringEnough, let reason = Self.shortfall(proposals.map(\.point), few: { "\(edges) but only \($0) along it" }, band: { "\(edges) but \($0) along it" }) {
            throw CalibrationError.laneNotFound(reason: reason)
        }
        // The edges are read as far as the farthest landmark on the lane (a pin's top stands beyond its spot in the picture).
        let farY = proposals.filter(\.point.isOnTheLane).map(\.point.yPx).min() ?? Double(nearRow)
        return (proposals, LaneEdges(left: left, right: right, nearY: max(near.left.y, near.right.y), farY: farY))
    }

    /// The rows above the foul line left out of the arrows' search, as a fraction of its height below the vanishing
    /// point: 12 ft beyond it lies above this for any camera up to 200 ft behind the foul line.
    static let foulLineMarginFraction = 0.05

    /// The slope in the picture, at `point`, of the line across the lane through it: lines across the lane meet on the
    /// horizon, taken level through the vanishing point (no roll), so `reference`'s slope (a line across the lane
    /// elsewhere) shrinks with the height above the horizon.
    static func slopeAcross(like reference: Line, at point: (x: Double, y: Double), vanishingRow: Double) -> Double {
        reference.b * (point.y - vanishingRow) / (reference.at(point.x) - vanishingRow)
    }

    /// The rows from the nearest arrow tip toward the near end left out of the dots' search, as a fraction of the
    /// way (the arrows' own bases lie there).
    static let arrowsToDotsMargin = 0.1

    /// How far down the lane the landmarks must spread for the fit to fix the lane's length in the picture.
    static let minDistanceSpanFt = 10.0

    /// Why `points` cannot fix the lane, nil when they can: fewer than 4, or all in one band across it (within
    /// `minDistanceSpanFt` down the lane: the arrows and the edges level with them fit many cameras that differ down
    /// the lane, so the fit would pass its residuals and put the pins anywhere). `few` and `band` begin the reason with
    /// where they were found, given "3 landmarks" and "the 5 landmarks".
    static func shortfall(_ points: [LandmarkPoint], few: (String) -> String, band: (String) -> String) -> String? {
        let count = "\(points.count) landmark\(points.count == 1 ? "" : "s")"
        guard points.count >= 4 else {
            let names = points.compactMap(\.name).joined(separator: ", ")
            return "\(few(count)) (\(names.isEmpty ? "no foul line, arrows or pins" : names)); at least 4 are needed: click them with --html"
        }
        let distances = points.map(\.distanceFt)
        guard let nearest = distances.min(), let farthest = distances.max(), farthest - nearest < minDistanceSpanFt else { return nil }
        return "\(band("the " + count)) all lie between \(text(nearest)) and \(text(farthest)) ft; one nearer or farther (the foul line, the head pin) is needed: click it with --html"
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

    // MARK: - The lane, its foul line and edges

    /// The lane's two edges and the lowest row they were followed from: along the lanes seen from the vanishing
    /// point (`lanesAlongRays`), else scanning up from the bottom along the columns nearest the image centre
    /// first, the first wood pixel with a gutter on each side whose edges can be followed up the picture.
    func findLane() throws -> (left: Line, right: Line, nearY: Int) {
        if let vanishing = vanishingPoint(of: houghLines()) {
            for lane in lanesAlongRays(vanishing: vanishing) {
                if let edges = edgesAlong(lane, vanishing: vanishing) { return edges }
            }
        }
        let step = max(image.width / 80, 4)
        var attempts = 0
        for offset in stride(from: 0, to: image.width / 2, by: step) {
            for x in Set([image.width / 2 - offset, image.width / 2 + offset]).sorted() {
                var y = image.height - 4
                while y > image.height / 3 && attempts < Self.maxLaneAttempts {
                    if isMaple(x, y), let l = edge(y: y, from: x, step: -1), let r = edge(y: y, from: x, step: 1), r - l > Double(step) {
                        attempts += 1
                        if let lane = followEdges(fromRow: y, column: x) { return lane }
                        // The strip was not a lane: look above it, not along it again.
                        y -= 10 * step
                    }
                    y -= 4
                }
            }
        }
        throw CalibrationError.laneNotFound(reason: "no wood strip between two gutters whose edges could be followed up the lower two thirds of the picture; if someone stands in the way, try --median N or another --frame")
    }

    /// How many strips are followed up the picture before giving up (each costs a walk over every row).
    static let maxLaneAttempts = 80

    /// Fits both lane edges over the rows from `startRow` up, re-centring on the strip as it narrows; rows where
    /// something covers the strip (people, a ball, an arrow on the centre) are skipped, and the walk ends where
    /// the wood does (the pin deck's end). Outlier rows are dropped by the robust fit. A lane the camera stands
    /// behind is over a tenth of the picture wide where it is first seen; a narrower strip is something else.
    func followEdges(fromRow startRow: Int, column: Int) -> (left: Line, right: Line, nearY: Int)? {
        var lefts: [(Double, Double)] = [], rights: [(Double, Double)] = []
        var centre = column, missing = 0, lowest = startRow
        for y in stride(from: startRow, to: 0, by: -1) {
            guard isMaple(centre, y), let l = edge(y: y, from: centre, step: -1), let r = edge(y: y, from: centre, step: 1) else {
                missing += 1
                if missing > Self.maxMarkingWidthPx { break }
                continue
            }
            missing = 0
            if lefts.isEmpty { lowest = y }
            lefts.append((Double(y) + 0.5, l))
            rights.append((Double(y) + 0.5, r))
            centre = Self.index((l + r) / 2)
        }
        guard let left = Self.robustLine(lefts), let right = Self.robustLine(rights), left.count >= 20, right.count >= 20,
              right.at(Double(lowest)) - left.at(Double(lowest)) > Double(image.width) / 10 else { return nil }
        return (left, right, lowest)
    }

    /// Sub-pixel x where maple gives way to gutter walking from `x` by `step`, skipping small dark markings;
    /// nil when something else (a person, a ball) covers the way: a long run that is neither maple nor gutter.
    func edge(y: Int, from x: Int, step: Int) -> Double? {
        var i = x, run = 0, foreign = 0
        while i > 1 && i < image.width - 2 {
            // Grey, dark or black, but not a light's white reflection on the lane.
            let gutterLike = warmth(i, y) < 0.3 * wood.warmth && brightness(i, y) < 1.3 * wood.brightness
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

    /// The lane's far end: per column, where maple meets the black pit above it; columns hidden by pins are skipped.
    func findPitLine(left: Line, right: Line, nearY: Int) -> Line? {
        guard let vanishing = Self.intersect(left, right) else { return nil }
        var samples: [(Double, Double)] = []
        let startY = Self.index(vanishing.y + 0.25 * (Double(nearY) - vanishing.y))
        for yProbe in [startY] {
            let yProbeD = Double(yProbe) + 0.5
            for x in Self.index(left.at(yProbeD)) + 2..<max(Self.index(left.at(yProbeD)) + 2, Self.index(right.at(yProbeD)) - 1) {
                var y = yProbe
                while y > Self.index(vanishing.y) && isMaple(x, y) { y -= 1 }
                // The pit is a dark band seen in the picture, 3 rows deep at least. On a telephoto view (train 04) the
                // walk starts above the lane's end, in a red sign (warm as wood) that reaches the picture's top: the
                // dark rows over it there (and the black outside the picture, `rgb`) had been taken for the pit, 44 px
                // off the fit.
                guard y > max(Self.index(vanishing.y), 3), brightness(x, y - 1) < Self.pitMaxBrightness, brightness(x, y - 3) < Self.pitMaxBrightness,
                      isMaple(x, y + 2) else { continue }
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
