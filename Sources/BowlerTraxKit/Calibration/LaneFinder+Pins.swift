// MARK: - The pins

extension LaneFinder {
    /// Radius of a pin where it meets the deck, for the pins' landmarks. DOMAIN.md gives the belly (4.766 in
    /// across); a real pin's base is narrower (about 2 in across), which moves the landmark about 0.1 ft: a
    /// fifth of a pixel at 720p, that far down the lane.
    static let pinBaseRadiusFt = Lane.pinRadiusFt

    /// The standing pins, each as the front of its base on its spot's board line (from the point of that board between
    /// the near corners to the vanishing point), the head pin first. The head pin is sought as `pinBase` says, walking
    /// up from a third of the way from the vanishing point (mirror: from the arrows found or halfway along the lane in
    /// the picture, the nearer); the others from a little below the head pin's base (`rackMargin`), or where the head
    /// pin was sought when it was not found (a spare). A pin straight behind one found (5 behind 1, 8 behind 2, 9
    /// behind 3) is hidden by it from behind the lane and not sought. The bases found must make the rack's rows in perspective
    /// (`inPerspective`): a reflection's foot, a neck band or a sign does not.
    func findPins(nearLeft: (x: Double, y: Double), nearRight: (x: Double, y: Double), vanishing: (x: Double, y: Double), arrowsRow: Double?) -> [Proposal] {
        let nearY = (nearLeft.y + nearRight.y) / 2
        guard nearY - vanishing.y > 20 else { return [] }
        let nearWidth = nearRight.x - nearLeft.x
        func laneWidth(_ row: Double) -> Double { nearWidth * (row - vanishing.y) / (nearY - vanishing.y) }
        // The mirror's walk starts at the arrows or halfway along the lane in the picture, whichever is nearer: a dark
        // mark beyond the pins taken for an arrow (train 12's, 55 px above its head pin's base) would start it above them.
        let starts = (walk: Self.index(vanishing.y + 0.3 * (nearY - vanishing.y)),
                      mirror: Self.index(max(arrowsRow ?? -.infinity, vanishing.y + 0.5 * (nearY - vanishing.y))) - 2)
        var found: [(spot: Lane.PinSpot, proposal: Proposal)] = []
        for spot in Lane.pinSpots where !found.contains(where: { $0.spot.board == spot.board }) {
            let t = (spot.board - Lane.rightEdgeBoard) / (Lane.leftEdgeBoard - Lane.rightEdgeBoard)
            let x0 = nearRight.x + (nearLeft.x - nearRight.x) * t, y0 = nearRight.y + (nearLeft.y - nearRight.y) * t
            func lineX(_ y: Double) -> Double { x0 + (vanishing.x - x0) * (y - y0) / (vanishing.y - y0) }
            let head = found.first { $0.spot.pin == 1 }?.proposal.point.yPx
            let from = head.map { y in Self.index(y + Self.rackMargin * laneWidth(y)) }
            guard let base = pinBase(lineX: lineX, laneWidth: laneWidth, vanishingRow: vanishing.y, walkFrom: from ?? starts.walk, mirrorFrom: from ?? starts.mirror,
                                     frontPin: spot.pin == 1) else { continue }
            if base.top {
                // The head pin's top, a pin's height above its spot: the walks ran up the pins, so the rack's bases show
                // no more than the head pin's.
                let point = LandmarkPoint(name: "head pin, top", xPx: lineX(base.y), yPx: base.y, board: spot.board, distanceFt: spot.distanceFt,
                                          heightFt: Lane.pinHeightIn / 12)
                return [Proposal(point: point, confidence: base.confidence, evidence: "\(base.evidence) on the board-\(Self.text(spot.board)) line")]
            }
            let point = LandmarkPoint(name: spot.pin == 1 ? "head pin, front of its base" : "\(spot.pin) pin, front of its base", xPx: lineX(base.y), yPx: base.y,
                                      board: spot.board, distanceFt: spot.distanceFt - Self.pinBaseRadiusFt)
            found.append((spot, Proposal(point: point, confidence: max(0, min(1, base.confidence)), evidence: "\(base.evidence) on the board-\(Self.text(spot.board)) line")))
        }
        return inPerspective(found.map(\.proposal), vanishingRow: vanishing.y, laneWidth: laneWidth)
    }

    /// How far below the head pin's base the other pins' bases are sought from, as a fraction of the lane's width
    /// there: the deck just in front of the rack (the others stand behind the head pin, so above its base).
    static let rackMargin = 0.1

    /// The front of a pin's base on a board's line (`lineX`): walking up it from `walkFrom`, else from `mirrorFrom`,
    /// the first place where warm maple gives way to the white pin. On a glossy pin deck the walk meets the pins'
    /// reflection first: dim and fading, it stops no walk, and the base is sought above where the walk from
    /// `mirrorFrom` (past logos on the lane) stopped, as the row the picture is a mirror about (`pinMirror`); bright
    /// and cold (train 07), it passes for the pin, and a mirror well above that edge is taken instead. `frontPin`: the
    /// head pin, with nothing standing in front of it (`pinMirror`).
    func pinBase(lineX: (Double) -> Double, laneWidth: (Double) -> Double, vanishingRow: Double, walkFrom: Int, mirrorFrom: Int,
                 frontPin: Bool) -> (y: Double, confidence: Double, evidence: String, top: Bool)? {
        func warmthOnLine(_ row: Int) -> Double {
            let x = Self.index(lineX(Double(row) + 0.5))
            return (warmth(x - 1, row) + warmth(x, row) + warmth(x + 1, row)) / 3
        }
        /// The last row of warm deck walking up from `start` (past an arrow or a seam to the wood beyond), with the deck's warmth.
        func walk(from start: Int) -> (row: Int, deckWarmth: Double)? {
            var y = start
            for _ in 0..<Self.maxMarkingWidthPx where !isMaple(Self.index(lineX(Double(y) + 0.5)), y) { y -= 1 }
            guard isMaple(Self.index(lineX(Double(y) + 0.5)), y) else { return nil }
            let deckWarmth = warmthOnLine(y)
            while y > Self.index(vanishingRow) + 1 && warmthOnLine(y - 1) > 0.5 * deckWarmth { y -= 1 }
            return (y, deckWarmth)
        }
        /// The first white row (bright, far less warm than the deck) a few rows above where the walk ended (chroma is
        /// blurred over two).
        func whiteRow(above walked: (row: Int, deckWarmth: Double)) -> Int? {
            (walked.row - 4...walked.row - 2).reversed().first { row in
                row > Self.index(vanishingRow) && brightness(Self.index(lineX(Double(row) + 0.5)), row) > 120 && warmthOnLine(row) < 0.3 * walked.deckWarmth
            }
        }
        /// Whether the walk ran up a pin, not the deck: it came up something a pin wide with the pit beside it (a pin's
        /// body, as warm as the deck), and the pit shows above within a pin's height (`pinTopReach`), in the picture.
        func ranUpAPin(_ walked: (row: Int, deckWarmth: Double)) -> Bool {
            let width = laneWidth(Double(walked.row)), beside = Self.besidePin * width
            let pitBeside = (walked.row + Self.index(0.05 * width)...walked.row + Self.index(0.2 * width)).contains { y in
                let x = lineX(Double(y) + 0.5)
                return dark(y, Self.index(x - beside)) || dark(y, Self.index(x + beside))
            }
            return pitBeside && pitAbove(walked.row, lineX: lineX, laneWidth: width, reach: min(Self.pinTopReach, Double(walked.row) / width))
        }
        /// Where the walk ended at a pin: maple giving way to white, with the pit above as for a mirror (not a logo on
        /// the lane: train 01's and 13's); for the head pin, not where the walk ran up it (`ranUpAPin`).
        func edge(_ walked: (row: Int, deckWarmth: Double)) -> (y: Double, contrast: Double)? {
            let y = walked.row, deckWarmth = walked.deckWarmth
            guard pitAbove(y, lineX: lineX, laneWidth: laneWidth(Double(y))), !(frontPin && ranUpAPin(walked)),
                  let pinRow = whiteRow(above: walked) else { return nil }
            // Sub-pixel: where warmth crosses halfway between the deck and the pin, between the deck's last row and the pin's first.
            let pinWarmth = warmthOnLine(pinRow), mid = (deckWarmth + pinWarmth) / 2
            var row = y
            while row > pinRow + 1 && warmthOnLine(row - 1) > mid { row -= 1 }
            let a = warmthOnLine(row), b = warmthOnLine(row - 1)
            let fraction = a == b ? 0.5 : min(max((a - mid) / (a - b), 0), 1)
            return (Double(row) + 0.5 - fraction, (deckWarmth - pinWarmth) / max(deckWarmth, 1))
        }
        let walks = [walk(from: walkFrom), walk(from: mirrorFrom)]
        var edgeFound: (y: Double, contrast: Double)?
        for walked in walks where edgeFound == nil { if let walked { edgeFound = edge(walked) } }
        // Under a yellow light a pin can be as warm as the lit deck: the walk runs on up the head pin to where it pales,
        // its head or its upper body, and the pin's base does not show. Its top does, crisp against the pit: the first
        // row under it.
        if edgeFound == nil, frontPin,
           let walked = walks.lazy.compactMap({ $0 }).first(where: { ranUpAPin($0) && whiteRow(above: $0) != nil }) {
            var top = walked.row
            while top > 0 && !dark(top - 1, Self.index(lineX(Double(top) - 0.5))) { top -= 1 }
            return (Double(top), 0.7, "the pin's top under the pit, the walk up the deck run on up the pin (as warm as the deck)", true)
        }
        if let found = edgeFound {
            // A cold, bright reflection can pass for the pin: then the pin stands on it higher up, mirrored about its base.
            let top = Self.index(found.y - Self.pitReach * laneWidth(found.y))
            if let mirror = pinMirror(belowRow: Self.index(found.y), aboveRow: max(top, 0), lineX: lineX, laneWidth: laneWidth, frontPin: frontPin),
               found.y - mirror.y > Self.rackRowTolerance * laneWidth(found.y) {
                return (mirror.y, mirror.correlation, "the pin and its reflection on the deck mirror each other about this row (above a maple-to-white edge), correlation \(Self.text(mirror.correlation))", false)
            }
            return (found.y, found.contrast, "maple-to-pin edge, contrast \(Self.text(found.contrast))", false)
        }
        let below = walks[1]?.row ?? mirrorFrom
        if let walked = walks[1], let standing = pinOnItsReflection(walked, lineX: lineX, laneWidth: laneWidth, vanishingRow: vanishingRow) {
            return (standing.y, standing.confidence, standing.evidence, false)
        }
        guard let mirror = pinMirror(belowRow: below, aboveRow: max(Self.index(vanishingRow), 0), lineX: lineX, laneWidth: laneWidth, frontPin: frontPin) else { return nil }
        return (mirror.y, mirror.correlation, "the pin and its reflection on the deck mirror each other about this row, correlation \(Self.text(mirror.correlation))", false)
    }

    /// The front of a pin's base where the deck mirrors the pin as bright as the pin itself: seen from low (a phone
    /// at chest height behind the bowler), the picture saturates both, and no mirror correlates (`pinMirror` then took
    /// pins drawn on the masking unit, 73 px higher). Walking up the board's line from the deck's last row
    /// (`walked`), a run of white (bright, far less warm than the deck) that ends under the dark pit and is about twice
    /// a pin's height (`reflectedPinHeights`) is the pin standing on its reflection; its base lies a pin's height below
    /// the run's top, which is crisp against the pit, where the reflection's end fades into the deck.
    func pinOnItsReflection(_ walked: (row: Int, deckWarmth: Double), lineX: (Double) -> Double, laneWidth: (Double) -> Double,
                            vanishingRow: Double) -> (y: Double, confidence: Double, evidence: String)? {
        // Across a pin's belly about the board's line: the line found may pass beside the pin's narrow head.
        func columns(_ y: Int) -> ClosedRange<Int> {
            let x = Self.index(lineX(Double(y) + 0.5)), half = max(1, Self.index(Lane.pinRadiusIn / Lane.widthIn * laneWidth(Double(y))))
            return x - half...x + half
        }
        func white(_ y: Int) -> Bool {
            columns(y).contains { brightness($0, y) > 0.7 * wood.brightness && warmth($0, y) < 0.5 * walked.deckWarmth }
        }
        var top = walked.row
        while top - 1 > Self.index(vanishingRow) + 1 && white(top - 1) { top -= 1 }
        guard top < walked.row, (top - 2...top - 1).contains(where: { y in columns(y).contains { brightness($0, y) < Self.pitMaxBrightness } }) else { return nil }
        // The pin's height in the picture is a share of the lane's width at its base, which lies that far below the top.
        var pinHeight = Lane.pinHeightIn / Lane.widthIn * laneWidth(Double(top))
        for _ in 0..<3 { pinHeight = Lane.pinHeightIn / Lane.widthIn * laneWidth(Double(top) + pinHeight) }
        let run = Double(walked.row - top)
        guard Self.reflectedPinHeights.contains(run / pinHeight) else { return nil }
        return (Double(top) + pinHeight, 0.7, "a white run under the pit, \(Self.text(run / pinHeight)) pin heights long: the pin on its reflection, its base a pin's height below the run's top")
    }

    /// How long, in pins' heights, the white run of a pin standing on a reflection as bright as itself is: two, less
    /// where the reflection fades into the deck before its end.
    static let reflectedPinHeights = 1.4...2.4

    /// The row a pin and its reflection mirror each other about, between `row` (where the walk up the deck met
    /// something white: a logo on the lane, or the reflection) and `top`: of the rows whose band above (a pin's height
    /// down to its belly, `mirrorDepth`; about a pin's width across, upright over the board's line) is white (bright,
    /// not warm), the lowest where that band flipped upside down is about as like the band below as at the best
    /// (normalised cross-correlation, at least `minMirrorCorrelation`), refined to a fraction of a row by a parabola. A pin's belly is no mirror of
    /// what lies below it; only the base, where the pin stands on its reflection, is. Below the front pin's base
    /// (`frontPin`) lies its reflection alone, no brighter than the pin (`maxReflectionBrightness`).
    func pinMirror(belowRow row: Int, aboveRow top: Int, lineX: (Double) -> Double, laneWidth: (Double) -> Double, frontPin: Bool) -> (y: Double, correlation: Double)? {
        func correlation(_ axis: Int) -> Double? {
            let width = laneWidth(Double(axis) + 0.5)
            let depth = max(3, Self.index(Self.mirrorDepth * width)), half = max(2, Self.index(0.08 * width))
            // The pin stands upright in the picture (no roll) over its base, wherever the board's line runs.
            let x = Self.index(lineX(Double(axis) + 0.5))
            guard axis - depth >= 0, axis + depth < image.height else { return nil }
            var above: [Double] = [], below: [Double] = [], warmthAbove = 0.0
            for k in 1...depth {
                for column in x - half...x + half {
                    above.append(brightness(column, axis - k))
                    below.append(brightness(column, axis + k))
                    warmthAbove += warmth(column, axis - k)
                }
            }
            let n = Double(above.count), aboveBrightness = above.reduce(0, +) / n
            guard aboveBrightness > 0.7 * wood.brightness, warmthAbove / n < 0.3 * wood.warmth else { return nil }
            // Below the front pin's base is only its reflection, no brighter than the pin: a pin's body below its neck
            // band, which mirrors the head about itself, is (test 13's frame 52: 1.6 times the band above). Behind the
            // front row, the pins in front stand below a base in the picture.
            guard !frontPin || below.reduce(0, +) / n <= Self.maxReflectionBrightness * aboveBrightness else { return nil }
            // A pin stands at the lane's end: the dark pit shows above it on the board's line (past the pin's top)
            // within `pitReach`; a logo on the deck mirrored in the oil (train 14) has lane above it (straight up from
            // a logo on a slanting lane, train 01 and 13, a gutter). Not in the band above, though: that is the pin's
            // (a neck band's two stripes mirror each other about their middle).
            guard pitAbove(axis, lineX: lineX, laneWidth: width), !(axis - depth..<axis).contains(where: { dark($0, x) }) else { return nil }
            return Self.pearson(above, below)
        }
        var scores: [Int: Double] = [:]
        for axis in min(top + 1, row)...row + 2 { scores[axis] = correlation(axis) }
        // Of the mirrors about as good as the best, the lowest up the line is the front pin's base (a slanting line
        // crosses a neighbour's base higher up: train 07's 3 pin, 0.80 against the head pin's 0.79); its peak.
        guard let top = scores.values.max(), top >= Self.minMirrorCorrelation,
              var axis = scores.filter({ $0.value >= top - Self.mirrorTieMargin }).keys.max() else { return nil }
        while let up = scores[axis - 1], let here = scores[axis], up > here { axis -= 1 }
        let best = (key: axis, value: scores[axis] ?? top)
        var y = Double(best.key) + 0.5
        if let before = scores[best.key - 1], let after = scores[best.key + 1] {
            let curvature = before - 2 * best.value + after
            if curvature < 0 { y += max(-0.5, min(0.5, (before - after) / (2 * curvature))) }
        }
        return (y, best.value)
    }

    /// The pins found (`pins`, proposals of pin bases), less those out of the rack's rows in perspective. A row's
    /// distance down the lane gives its height in the picture by 1 / (y - vanishing row) = α + β·distance, farther
    /// higher (β > 0; lines across the lane taken level, as for the edges level with the head pin). Of the models
    /// through two bases at different distances, the one most bases lie within `rackRowTolerance` of (then the
    /// smaller largest miss) is refitted to those by least squares, and the bases off it are dropped. With fewer
    /// than `minRackPins` on one model (bases all in one row count as none) only the head pin is kept: two bases fit a
    /// model whatever they are (train 06's were mid-lane, train 09's 4 pin 7 px off the fit).
    func inPerspective(_ pins: [Proposal], vanishingRow: Double, laneWidth: (Double) -> Double) -> [Proposal] {
        func tolerance(_ pin: Proposal) -> Double { max(Self.minRackRowTolerancePx, Self.rackRowTolerance * laneWidth(pin.point.yPx)) }
        func misses(_ model: (alpha: Double, beta: Double)) -> [Double] {
            pins.map { pin in
                let u = model.alpha + model.beta * pin.point.distanceFt
                return u > 0 ? abs(vanishingRow + 1 / u - pin.point.yPx) : .infinity
            }
        }
        var best: (inliers: [Int], largest: Double)?
        for i in pins.indices {
            for j in pins.indices where pins[j].point.distanceFt > pins[i].point.distanceFt + 1e-6 {
                let ui = 1 / (pins[i].point.yPx - vanishingRow), uj = 1 / (pins[j].point.yPx - vanishingRow)
                let beta = (uj - ui) / (pins[j].point.distanceFt - pins[i].point.distanceFt)
                guard beta > 0, ui > 0 else { continue }
                let miss = misses((ui - beta * pins[i].point.distanceFt, beta))
                let inliers = pins.indices.filter { miss[$0] <= tolerance(pins[$0]) }
                let largest = inliers.map { miss[$0] }.max() ?? 0
                if best.map({ inliers.count > $0.inliers.count || (inliers.count == $0.inliers.count && largest < $0.largest) }) ?? true { best = (inliers, largest) }
            }
        }
        guard let best, best.inliers.count >= Self.minRackPins else {
            // Too few to check each other: the head pin alone, as sought on its own before the rack.
            return pins.filter { $0.point.distanceFt < Lane.headPinDistanceFt }
        }
        // Least squares on the inliers: u = α + β·distance (the model's two bases lie at different distances).
        guard let refit = Self.leastSquares(best.inliers.map { (pins[$0].point.distanceFt, 1 / (pins[$0].point.yPx - vanishingRow)) }) else { return [] }
        let miss = misses((refit.a, refit.b))
        return pins.indices.filter { miss[$0] <= tolerance(pins[$0]) }.map { pins[$0] }
    }

    /// How far a pin's base may lie off the rack's rows in perspective, as a fraction of the lane's width there (the
    /// fixtures' bases lie within 1.1 px of their rows; a reflection's foot lies a pin's height, 0.36 of it, below), and
    /// at least this many pixels.
    static let rackRowTolerance = 0.02
    /// Bases on one model in perspective for any but the head pin to be kept.
    static let minRackPins = 3
    static let minRackRowTolerancePx = 1.5

    /// Whether the dark pit shows on a board's line within `reach` of the lane's width above `row`.
    func pitAbove(_ row: Int, lineX: (Double) -> Double, laneWidth: Double, reach: Double = pitReach) -> Bool {
        (row - Self.index(reach * laneWidth)..<row).contains { dark($0, Self.index(lineX(Double($0) + 0.5))) }
    }

    /// Whether the pit shows at the pixel or either side of it in the row.
    func dark(_ row: Int, _ x: Int) -> Bool { (x - 1...x + 1).contains { brightness($0, row) < Self.pitMaxBrightness } }

    /// How far above and below the base the mirror is compared, as a fraction of the lane's width at that row: a
    /// pin (15 in tall) from its base past its belly (4.5 in up) is about a quarter of the lane (41.5 in).
    static let mirrorDepth = 0.25
    /// How far above a pin's base the pit must show, as a fraction of the lane's width at that row: a pin (15 in)
    /// is 0.36 of the lane (41.5 in); the pit showed 0.23 to 0.48 above the hand-marked bases of the train clips.
    static let pitReach = 0.6
    /// How far above where the walk ran up a pin (the pit beside it) the pit shows over the pin's top, as a fraction
    /// of the lane's width: a pin stands 0.36 of it tall. Seen from high above the approach under a yellow light
    /// (`amorphousphage/bowleye`'s clips) the pins are as warm as the lit deck, and the walk up the deck ran on up
    /// the head pin, to its pale top or to where its body pales (0.04 to 0.2 of the lane's width under the pit), 17 to
    /// 33 px (3 to 7 ft) beyond its base, where the head pin's base had been placed.
    static let pinTopReach = 0.5
    /// How far either side of a board's line the pit shows beside a pin's body, as a fraction of the lane's width: just
    /// past the pin's belly (4.77 in across, 0.057 of the lane either side), short of the pins behind (0.145).
    static let besidePin = 0.09
    /// The pit behind the pins, and the lane's end (`findPitLine`): darker than this (0-255).
    static let pitMaxBrightness = 40.0
    /// Below this the band below is taken as no mirror image of the pin: the pins' bases on the real frames score
    /// 0.78 to 0.84; a light logo projected on the lane (train 06) 0.65.
    static let minMirrorCorrelation = 0.7
    /// How much brighter than the band above a pin's base the band below may be (its reflection, and the picture's
    /// noise): a pin's body below the band above a false mirror is brighter than it.
    static let maxReflectionBrightness = 1.15
    /// Mirrors scoring within this of the best are taken as good as it (`pinMirror`).
    static let mirrorTieMargin = 0.05

    /// Pearson's correlation of two equally long samples; nil when either is uniform.
    static func pearson(_ a: [Double], _ b: [Double]) -> Double? {
        let n = Double(a.count), meanA = a.reduce(0, +) / n, meanB = b.reduce(0, +) / n
        var ab = 0.0, aa = 0.0, bb = 0.0
        for (u, v) in zip(a, b) { ab += (u - meanA) * (v - meanB); aa += (u - meanA) * (u - meanA); bb += (v - meanB) * (v - meanB) }
        guard aa > 0, bb > 0 else { return nil }
        return ab / (aa * bb).squareRoot()
    }
}
