// MARK: - The head pin

extension LaneFinder {
    /// Radius of a pin where it meets the deck, for the head pin's landmark. DOMAIN.md gives the belly (4.766 in
    /// across); a real pin's base is narrower (about 2 in across), which moves the landmark about 0.1 ft: a
    /// fifth of a pixel at 720p, that far down the lane.
    static let pinBaseRadiusFt = 4.766 / 24

    /// The front of the head pin's base: walking up the board-20 line (from the middle of the lane's near end in
    /// the picture to the vanishing point), the first place where warm maple gives way to the white pin. On a
    /// glossy pin deck the walk meets the pins' reflection first, dim and fading; then the base is sought above
    /// where the walk (from the arrows found, else halfway along the lane; past logos on the lane) stopped, as the row the picture is a mirror
    /// about (`headPinMirror`).
    func findHeadPin(nearLeft: (x: Double, y: Double), nearRight: (x: Double, y: Double), vanishing: (x: Double, y: Double), arrowsRow: Double?) -> Proposal? {
        let mid = (x: (nearLeft.x + nearRight.x) / 2, y: (nearLeft.y + nearRight.y) / 2)
        guard mid.y - vanishing.y > 20 else { return nil }
        func lineX(_ y: Double) -> Double { mid.x + (vanishing.x - mid.x) * (y - mid.y) / (vanishing.y - mid.y) }
        func warmthOnLine(_ row: Int) -> Double {
            let x = Self.index(lineX(Double(row) + 0.5))
            return (warmth(x - 1, row) + warmth(x, row) + warmth(x + 1, row)) / 3
        }
        func proposal(yBase: Double, confidence: Double, evidence: String) -> Proposal {
            let point = LandmarkPoint(name: "head pin, front of its base", xPx: lineX(yBase), yPx: yBase, board: Lane.centreBoard,
                                      distanceFt: Lane.headPinDistanceFt - Self.pinBaseRadiusFt)
            return Proposal(point: point, confidence: max(0, min(1, confidence)), evidence: evidence)
        }
        /// The last row of warm deck walking up from `start` (past an arrow or a seam to the wood beyond), with the deck's warmth.
        func walk(from start: Int) -> (row: Int, deckWarmth: Double)? {
            var y = start
            for _ in 0..<Self.maxMarkingWidthPx where !isMaple(Self.index(lineX(Double(y) + 0.5)), y) { y -= 1 }
            guard isMaple(Self.index(lineX(Double(y) + 0.5)), y) else { return nil }
            let deckWarmth = warmthOnLine(y)
            while y > Self.index(vanishing.y) + 1 && warmthOnLine(y - 1) > 0.5 * deckWarmth { y -= 1 }
            return (y, deckWarmth)
        }
        // Start a third of the way from the vanishing point (the arrows lie nearer, see findArrows).
        if let (y, deckWarmth) = walk(from: Self.index(vanishing.y + 0.3 * (mid.y - vanishing.y))) {
            let pinRow = y - 1, x = Self.index(lineX(Double(pinRow) + 0.5))
            if pinRow > Self.index(vanishing.y) + 1, brightness(x, pinRow - 1) > 120, warmthOnLine(pinRow - 1) < 0.3 * deckWarmth {
                // Sub-pixel: where warmth crosses halfway between the deck and the pin, between row y (deck) and y - 1.
                let pinWarmth = warmthOnLine(pinRow - 1), mid2 = (deckWarmth + pinWarmth) / 2
                let a = warmthOnLine(y), b = warmthOnLine(pinRow)
                let fraction = a == b ? 0.5 : min(max((a - mid2) / (a - b), 0), 1)
                let contrast = (deckWarmth - pinWarmth) / max(deckWarmth, 1)
                return proposal(yBase: Double(y) + 0.5 - fraction, confidence: contrast, evidence: "maple-to-pin edge on the board-20 line, contrast \(Self.text(contrast))")
            }
        }
        let nearWidth = nearRight.x - nearLeft.x
        func laneWidth(_ row: Double) -> Double { nearWidth * (row - vanishing.y) / (mid.y - vanishing.y) }
        // Up from the arrows found, else from halfway along the lane in the picture (a third of the way can be past
        // the pins already on a telephoto view).
        let start = Self.index(arrowsRow ?? vanishing.y + 0.5 * (mid.y - vanishing.y)) - 2
        let below = walk(from: start)?.row ?? start
        guard let mirror = headPinMirror(belowRow: below, aboveRow: max(Self.index(vanishing.y), 0), lineX: lineX, laneWidth: laneWidth) else { return nil }
        return proposal(yBase: mirror.y, confidence: mirror.correlation,
                        evidence: "the pin and its reflection on the deck mirror each other about this row on the board-20 line, correlation \(Self.text(mirror.correlation))")
    }

    /// The row a pin and its reflection mirror each other about, between `row` (where the walk up the deck met
    /// something white: a logo on the lane, or the reflection) and `top`: of the rows whose band above (a pin's height
    /// down to its belly, `mirrorDepth`; about a pin's width across the board-20 line) is white (bright, not warm),
    /// the one where that band flipped upside down is most like the band below (normalised cross-correlation, at
    /// least `minMirrorCorrelation`), refined to a fraction of a row by a parabola. A pin's neck or belly is no
    /// mirror of what lies below it; only the base, where the pin stands on its reflection, is.
    func headPinMirror(belowRow row: Int, aboveRow top: Int, lineX: (Double) -> Double, laneWidth: (Double) -> Double) -> (y: Double, correlation: Double)? {
        func correlation(_ axis: Int) -> Double? {
            let width = laneWidth(Double(axis) + 0.5)
            let depth = max(3, Self.index(Self.mirrorDepth * width)), half = max(2, Self.index(0.08 * width))
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
            let n = Double(above.count)
            guard above.reduce(0, +) / n > 0.7 * wood.brightness, warmthAbove / n < 0.3 * wood.warmth else { return nil }
            // A pin stands at the lane's end: the dark pit shows above it on the line (past the pin's top) within
            // `pitReach`; a logo on the deck mirrored in the oil (train 14) has lane above it.
            let reach = Self.index(Self.pitReach * width)
            guard (axis - reach..<axis).contains(where: { row in
                let x = Self.index(lineX(Double(row) + 0.5))
                return (x - 1...x + 1).contains { brightness($0, row) < Self.pitMaxBrightness }
            }) else { return nil }
            return Self.pearson(above, below)
        }
        var scores: [Int: Double] = [:]
        for axis in min(top + 1, row)...row + 2 { scores[axis] = correlation(axis) }
        guard let best = scores.max(by: { $0.value < $1.value }), best.value >= Self.minMirrorCorrelation else { return nil }
        var y = Double(best.key) + 0.5
        if let before = scores[best.key - 1], let after = scores[best.key + 1] {
            let curvature = before - 2 * best.value + after
            if curvature < 0 { y += max(-0.5, min(0.5, (before - after) / (2 * curvature))) }
        }
        return (y, best.value)
    }

    /// How far above and below the base the mirror is compared, as a fraction of the lane's width at that row: a
    /// pin (15 in tall) from its base past its belly (4.5 in up) is about a quarter of the lane (41.5 in).
    static let mirrorDepth = 0.25
    /// How far above a pin's base the pit must show, as a fraction of the lane's width at that row: a pin (15 in)
    /// is 0.36 of the lane (41.5 in); the pit showed 0.23 to 0.48 above the hand-marked bases of the train clips.
    static let pitReach = 0.6
    /// The pit behind the pins, and the lane's end (`findPitLine`): darker than this (0-255).
    static let pitMaxBrightness = 40.0
    /// Below this the band below is taken as no mirror image of the pin: the pins' bases on the real frames score
    /// 0.78 to 0.84; a light logo projected on the lane (train 06) 0.65.
    static let minMirrorCorrelation = 0.7

    /// Pearson's correlation of two equally long samples; nil when either is uniform.
    static func pearson(_ a: [Double], _ b: [Double]) -> Double? {
        let n = Double(a.count), meanA = a.reduce(0, +) / n, meanB = b.reduce(0, +) / n
        var ab = 0.0, aa = 0.0, bb = 0.0
        for (u, v) in zip(a, b) { ab += (u - meanA) * (v - meanB); aa += (u - meanA) * (u - meanA); bb += (v - meanB) * (v - meanB) }
        guard aa > 0, bb > 0 else { return nil }
        return ab / (aa * bb).squareRoot()
    }
}
