// MARK: - Which arrow layout

extension LaneFinder.Proposal {
    /// This proposal with the distance `layout` gives its arrow (`arrowBoard`); the others unchanged.
    public func assuming(_ layout: ArrowLayout) -> Self {
        guard let arrowBoard else { return self }
        var proposal = self
        proposal.point.distanceFt = layout.distanceFt(board: arrowBoard)
        if point.board != arrowBoard { proposal.point.name = LaneFinder.edgeName(distanceFt: proposal.point.distanceFt, board: point.board) }
        return proposal
    }
}

/// The arrow layout found landmarks fit best, of `ArrowLayout.known`, and how well each fitted.
public struct ArrowLayoutChoice: Sendable {
    public let layout: ArrowLayout
    /// The proposals with the arrows at `layout`'s distances.
    public let proposals: [LaneFinder.Proposal]
    /// The fit of `proposals` that chose the layout; nil when no camera fits them (fitting them again says why).
    public let calibration: LaneCalibration?
    /// Each layout tried with the largest reprojection error of the fit assuming it (infinity: no camera fits).
    public let tried: [(layout: ArrowLayout, errorPx: Double)]

    /// The layout kept, with the fits that chose it: "Arrow layout: 13.5 to 15 ft (largest error 1.2 px; 13 to 16 ft: 10.5 px)."
    public var summary: String {
        func error(_ px: Double) -> String { px.isFinite ? "\(JSONText.number(px, digits: 1)) px" : "no fit" }
        let others = tried.filter { $0.layout != layout }.map { "\($0.layout): \(error($0.errorPx))" }
        let kept = tried.first { $0.layout == layout }?.errorPx ?? .infinity
        return "Arrow layout: \(layout) (largest error \(error(kept))" + others.map { "; \($0)" }.joined() + ").\n"
    }
}

extension LaneFinder {
    /// Fits `proposals` once for each known arrow layout and keeps the layout whose fit has the smallest largest
    /// reprojection error (the first, the default, on a tie). Without the foul line the arrows' nearest distance
    /// trades off against the perspective and cannot be told from the picture, but the V's depth can: a 3 ft V
    /// read where the picture shows 1.5 ft leaves tips 5 to 10 px off the fit. Nil when no proposal rests on the arrows.
    public static func chooseArrowLayout(_ proposals: [Proposal], imageSize: PixelSize) -> ArrowLayoutChoice? {
        guard proposals.contains(where: { $0.arrowBoard != nil }) else { return nil }
        let fits = ArrowLayout.known.map { layout in
            let assumed = proposals.map { $0.assuming(layout) }
            let file = CalibrationFile(imageSize: imageSize, points: assumed.map(\.point))
            let calibration = try? LaneCalibration(file: file, source: "auto", fitDistortion: true)
            return (layout: layout, proposals: assumed, calibration: calibration, errorPx: calibration?.maxErrorPx ?? .infinity)
        }
        guard let best = fits.min(by: { $0.errorPx < $1.errorPx }) else { return nil }
        return ArrowLayoutChoice(layout: best.layout, proposals: best.proposals, calibration: best.calibration, tried: fits.map { ($0.layout, $0.errorPx) })
    }
}
