// MARK: - The head pin

extension LaneFinder {
    /// Radius of a pin where it meets the deck, for the head pin's landmark. DOMAIN.md gives the belly (4.766 in
    /// across); a real pin's base is narrower (about 2 in across), which moves the landmark about 0.1 ft: a
    /// fifth of a pixel at 720p, that far down the lane.
    static let pinBaseRadiusFt = 4.766 / 24

    /// The front of the head pin's base: walking up the board-20 line (from the middle of the lane's near end in
    /// the picture to the vanishing point), the first place where warm maple gives way to the white pin.
    func findHeadPin(nearLeft: (x: Double, y: Double), nearRight: (x: Double, y: Double), vanishing: (x: Double, y: Double)) -> Proposal? {
        let mid = (x: (nearLeft.x + nearRight.x) / 2, y: (nearLeft.y + nearRight.y) / 2)
        guard mid.y - vanishing.y > 20 else { return nil }
        func lineX(_ y: Double) -> Double { mid.x + (vanishing.x - mid.x) * (y - mid.y) / (vanishing.y - mid.y) }
        // Start just beyond the arrows (which lie at least a third of the way from the vanishing point, see findArrows).
        var y = Self.index(vanishing.y + 0.3 * (mid.y - vanishing.y))
        func warmthOnLine(_ row: Int) -> Double {
            let x = Self.index(lineX(Double(row) + 0.5))
            return (warmth(x - 1, row) + warmth(x, row) + warmth(x + 1, row)) / 3
        }
        guard isMaple(Self.index(lineX(Double(y) + 0.5)), y) else { return nil }
        let deckWarmth = warmthOnLine(y)
        while y > Self.index(vanishing.y) + 1 && warmthOnLine(y - 1) > 0.5 * deckWarmth { y -= 1 }
        let pinRow = y - 1
        let x = Self.index(lineX(Double(pinRow) + 0.5))
        guard pinRow > Self.index(vanishing.y) + 1, brightness(x, pinRow - 1) > 120, warmthOnLine(pinRow - 1) < 0.3 * deckWarmth else { return nil }
        // Sub-pixel: where warmth crosses halfway between the deck and the pin, between row y (deck) and y - 1.
        let pinWarmth = warmthOnLine(pinRow - 1), mid2 = (deckWarmth + pinWarmth) / 2
        let a = warmthOnLine(y), b = warmthOnLine(pinRow)
        let fraction = a == b ? 0.5 : min(max((a - mid2) / (a - b), 0), 1)
        let yBase = Double(y) + 0.5 - fraction
        let contrast = (deckWarmth - pinWarmth) / max(deckWarmth, 1)
        let point = LandmarkPoint(name: "head pin, front of its base", xPx: lineX(yBase), yPx: yBase, board: Lane.centreBoard,
                                  distanceFt: Lane.headPinDistanceFt - Self.pinBaseRadiusFt)
        return Proposal(point: point, confidence: max(0, min(1, contrast)),
                        evidence: "maple-to-pin edge on the board-20 line, contrast \(Self.text(contrast))")
    }
}
