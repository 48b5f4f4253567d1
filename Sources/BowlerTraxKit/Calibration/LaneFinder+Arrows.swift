// MARK: - Arrows

extension LaneFinder {
    /// The arrow tips: dark blobs between the edges whose board (from where they sit between the edges) is a
    /// multiple of 5; the tip is where the triangle's row-by-row width, fitted as a line, reaches zero. They are
    /// looked for between the lane's near end in the picture (`nearY`) and its far end (`farY`, the pit line's
    /// row when found), never in the far sixth of the picture's lane (the pin deck), where a camera above the
    /// approach still sees the arrows (about a third of the way from the vanishing point to the near end).
    /// Small, soft arrows (a broadcast camera's, a few pixels each) are taken only where they line up on the V's
    /// arms (`tipsOnArms`); failing two such arms, the band of rows holding the most boards is kept.
    func findArrows(left: Line, right: Line, nearY: Int, farY: Double?) -> [Proposal] {
        guard let vanishing = Self.intersect(left, right) else { return [] }
        let deck = vanishing.y + 0.16 * (Double(nearY) - vanishing.y)
        let top = max(Self.index(max(deck, (farY ?? 0) + 0.1 * (Double(nearY) - vanishing.y))), 1), bottom = min(nearY - 4, image.height - 1)
        guard bottom > top else { return [] }
        var reference = [Double](repeating: 0, count: image.height)
        for y in top..<bottom {
            let yc = Double(y) + 0.5
            let x0 = max(Self.index(left.at(yc)) + 2, 0), x1 = min(Self.index(right.at(yc)) - 2, image.width)
            guard x1 > x0 else { continue }
            reference[y] = (x0..<x1).map { brightness($0, y) }.sorted()[(x1 - x0) / 2]
        }
        let rows = top..<bottom
        let candidates = arrowCandidates(darkBelow: 0.6, rows: rows, reference: reference, left: left, right: right, vanishing: vanishing)
        let faint = arrowCandidates(darkBelow: Self.faintArrowFraction, rows: rows, reference: reference, left: left, right: right, vanishing: vanishing)
            .filter { weak in !candidates.contains { $0.tip.point.board == weak.tip.point.board && Self.distance($0.tip.point, weak.tip.point) < 3 } }
        // The arrows lie in one band of rows (their V spans a few feet, 3 steps of 5 boards).
        let band = Self.arrowBandFraction * (Double(nearY) - vanishing.y)
        if let onArms = Self.tipsOnArms((candidates + faint).map(\.tip), maxStepPx: 2 * band / 3) {
            return Self.inVShape(onArms.sorted { $0.point.board < $1.point.board })
        }
        // Failing that, the band holding the most boards, so dark marks on the pin deck or a bowler's shoes elsewhere
        // are not taken; in it, each board's largest blob.
        let triangles = candidates.filter { !$0.fromTop }
        let bands = triangles.map { centre in triangles.filter { abs($0.tip.point.yPx - centre.tip.point.yPx) < band } }
        guard let chosen = bands.max(by: { Set($0.map(\.tip.point.board)).count < Set($1.map(\.tip.point.board)).count }) else { return [] }
        var best: [Double: (tip: Proposal, area: Int, fromTop: Bool)] = [:]
        for candidate in chosen where candidate.area > best[candidate.tip.point.board]?.area ?? 0 { best[candidate.tip.point.board] = candidate }
        return Self.inVShape(best.keys.sorted().compactMap { best[$0]?.tip })
    }

    /// Darker than this fraction of its row's median brightness, a pixel may be part of a soft arrow; only tips on
    /// the V's arms are taken from these.
    static let faintArrowFraction = 0.75

    /// Every blob darker than `fraction` of its row's lane brightness, on a board within 1.5 of a multiple of 5,
    /// narrower than 4 boards and with maple either side, with its tip (`tip(of:...)`), or for a blob too small or soft to show its narrowing,
    /// the top of the blob on its axis (`fromTop`).
    func arrowCandidates(darkBelow fraction: Double, rows: Range<Int>, reference: [Double], left: Line, right: Line,
                         vanishing: (x: Double, y: Double)) -> [(tip: Proposal, area: Int, fromTop: Bool)] {
        let width = image.width
        var dark = [Bool](repeating: false, count: width * image.height)
        for y in rows {
            let yc = Double(y) + 0.5
            let x0 = max(Self.index(left.at(yc)) + 2, 0), x1 = min(Self.index(right.at(yc)) - 2, width)
            for x in x0..<max(x0, x1) where brightness(x, y) < fraction * reference[y] { dark[y * width + x] = true }
        }
        var candidates: [(tip: Proposal, area: Int, fromTop: Bool)] = []
        var seen = [Bool](repeating: false, count: dark.count)
        for start in dark.indices where dark[start] && !seen[start] {
            var stack = [start], pixels: [(Int, Int)] = []
            seen[start] = true
            while let i = stack.popLast() {
                let x = i % width, y = i / width
                pixels.append((x, y))
                for n in [i - 1, i + 1, i - width, i + width] where n >= 0 && n < dark.count && dark[n] && !seen[n] && abs(n % width - x) <= 1 {
                    seen[n] = true
                    stack.append(n)
                }
            }
            guard pixels.count >= 4 else { continue }
            let cx = pixels.reduce(0.0) { $0 + Double($1.0) + 0.5 } / Double(pixels.count)
            let cy = pixels.reduce(0.0) { $0 + Double($1.1) + 0.5 } / Double(pixels.count)
            let boardsPerPx = 39 / (right.at(cy) - left.at(cy))
            let board = 39.5 - (cx - left.at(cy)) * boardsPerPx
            // An arrow is 1.6 boards wide at its base; a wider blob is a shadow, a ball or a person.
            guard let minX = pixels.map(\.0).min(), let maxX = pixels.map(\.0).max(), Double(maxX - minX) * boardsPerPx < 4 else { continue }
            let arrow = Self.index((board / 5).rounded()) * 5
            // An arrow lies on the wood: maple on both sides (the gaps between white pins are dark too).
            guard (5...35).contains(arrow), abs(board - Double(arrow)) < 1.5, isMaple(minX - 2, Self.index(cy)), isMaple(maxX + 2, Self.index(cy)) else { continue }
            if let found = tip(of: pixels, board: Double(arrow), reference: reference, vanishing: vanishing) {
                candidates.append((found, pixels.count, false))
            } else if let top = topOf(pixels, centroid: (cx, cy), board: Double(arrow), vanishing: vanishing) {
                candidates.append((top, pixels.count, true))
            }
        }
        return candidates
    }

    /// A blob's top as an arrow's tip: the upper edge of its highest row, on the line from its centroid to the
    /// vanishing point (the triangle's axis). For blobs a few pixels across, where no narrowing can be fitted.
    func topOf(_ pixels: [(Int, Int)], centroid: (x: Double, y: Double), board: Double, vanishing: (x: Double, y: Double)) -> Proposal? {
        guard let y0 = pixels.map(\.1).min(), abs(vanishing.y - centroid.y) > 1 else { return nil }
        var point = StandardLandmarks.arrowTip(board: board)
        point.yPx = Double(y0)
        point.xPx = centroid.x + (vanishing.x - centroid.x) * (point.yPx - centroid.y) / (vanishing.y - centroid.y)
        return Proposal(point: point, confidence: Self.topTipConfidence, evidence: "arrow mark of \(pixels.count) px, too small to fit its narrowing: tip at its top, on the V's arm", arrowBoard: board)
    }

    /// A tip read from a blob's top may sit a pixel or two below the apex.
    static let topTipConfidence = 0.5

    static func distance(_ a: LandmarkPoint, _ b: LandmarkPoint) -> Double {
        ((a.xPx - b.xPx) * (a.xPx - b.xPx) + (a.yPx - b.yPx) * (a.yPx - b.yPx)).squareRoot()
    }

    /// Half the band of rows the arrow tips are looked for in, as a fraction of the lane's height in the picture
    /// (from the vanishing point to its near end): the fixtures' V spans at most 0.1 of it (camera above the approach).
    static let arrowBandFraction = 0.08

    /// The tips that keep the arrows' V: an arrow farther from board 20 is nearer the camera (lower in the
    /// picture) than one closer to it, and a pair on mirrored boards about level. The tip breaking the most of
    /// these is dropped (a shadow, the pit between pins, a dot) until none is broken.
    static func inVShape(_ tips: [Proposal]) -> [Proposal] {
        func broken(_ a: Proposal, _ b: Proposal) -> Bool {
            let offA = abs(a.point.board - Lane.centreBoard), offB = abs(b.point.board - Lane.centreBoard)
            let spread = abs(a.point.yPx - b.point.yPx)
            if offA == offB { return spread > 0.2 * max(abs(a.point.xPx - b.point.xPx), 1) }
            return (offA < offB) != (a.point.yPx < b.point.yPx)
        }
        var kept = tips
        while let worst = kept.indices.max(by: { i, j in
            kept.filter { broken(kept[i], $0) }.count < kept.filter { broken(kept[j], $0) }.count
        }), kept.contains(where: { broken(kept[worst], $0) }) {
            kept.remove(at: worst)
        }
        return kept
    }

    /// The lane's edges level with each pair of mirrored arrows (boards 5 and 35, 10 and 30): where the line
    /// through their tips meets each edge, at the arrows' distance. Boards 15 and 25 sit too close together:
    /// carried out to the edges, a tenth of a pixel between their tips becomes a pixel.
    func edgesLevelWithArrows(_ arrows: [Proposal], left: Line, right: Line, confidence: Double) -> [Proposal] {
        arrowPairs(arrows).flatMap { near, far, level in
            edges(level: level, distanceFt: near.point.distanceFt, left: left, right: right, confidence: min(near.confidence, far.confidence, confidence),
                  evidence: "the line through the arrow tips on boards \(Int(near.point.board)) and \(Int(far.point.board)) meets the", arrowBoard: near.point.board)
        }
    }

    /// Each pair of arrow tips at one distance (boards 5 and 35, ...) with the line through them (y = a + b·x).
    func arrowPairs(_ arrows: [Proposal]) -> [(near: Proposal, far: Proposal, level: Line)] {
        arrows.compactMap { near in
            guard near.point.board <= Lane.centreBoard - 10,
                  let far = arrows.first(where: { abs($0.point.board - (2 * Lane.centreBoard - near.point.board)) < 1e-6 }),
                  abs(far.point.xPx - near.point.xPx) > 1 else { return nil }
            let slope = (far.point.yPx - near.point.yPx) / (far.point.xPx - near.point.xPx)
            return (near, far, Line(a: near.point.yPx - slope * near.point.xPx, b: slope, rmsPx: 0, count: 2))
        }
    }

    /// Where a line across the lane at `distanceFt` meets its two edges, as landmarks (level with the arrows on `arrowBoard`, if given).
    func edges(level: Line, distanceFt distance: Double, left: Line, right: Line, confidence: Double, evidence: String, arrowBoard: Double? = nil) -> [Proposal] {
        [(Lane.rightEdgeBoard, right, "right"), (Lane.leftEdgeBoard, left, "left")].compactMap { board, edge, side in
            guard let corner = Self.intersect(edge: edge, cross: level) else { return nil }
            let point = LandmarkPoint(name: Self.edgeName(distanceFt: distance, board: board), xPx: corner.x, yPx: corner.y, board: board, distanceFt: distance)
            return Proposal(point: point, confidence: confidence, evidence: "\(evidence) \(side) edge", arrowBoard: arrowBoard)
        }
    }

    /// A lane edge's landmark name: "lane edge at 14.5 ft, right" (board 0.5) or "..., left".
    static func edgeName(distanceFt: Double, board: Double) -> String {
        "lane edge at \(text(distanceFt)) ft, \(board < Lane.centreBoard ? "right" : "left")"
    }

    /// The apex of one arrow blob: where its darkness-weighted width per row, fitted as a line in y, reaches zero,
    /// on the triangle's axis, the line from its weighted centroid to the vanishing point (boards run there).
    func tip(of pixels: [(Int, Int)], board: Double, reference: [Double], vanishing: (x: Double, y: Double)) -> Proposal? {
        let xs = pixels.map(\.0), ys = pixels.map(\.1)
        guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max(), y1 - y0 >= 2 else { return nil }
        let darkest = pixels.map { brightness($0.0, $0.1) }.min() ?? 0
        var widths: [(Double, Double)] = []
        var mass = 0.0, sumX = 0.0, sumY = 0.0
        // The base row is cut by the triangle's base: leave it out of the narrowing fit.
        for y in y0..<y1 {
            let ref = reference[y]
            guard ref > darkest + 10 else { continue }
            var w = 0.0, m = 0.0
            for x in max(x0 - 1, 0)...min(x1 + 1, image.width - 1) {
                let f = min(max((ref - brightness(x, y)) / (ref - darkest), 0), 1)
                w += f
                m += f * (Double(x) + 0.5)
            }
            guard w > 0 else { continue }
            widths.append((Double(y) + 0.5, w))
            mass += w
            sumX += m
            sumY += w * (Double(y) + 0.5)
        }
        guard widths.count >= 2, let narrowing = Self.leastSquares(widths), narrowing.b > 0 else { return nil }
        let yTip = -narrowing.a / narrowing.b
        let cx = sumX / mass, cy = sumY / mass
        // A small, soft arrow's thin tip is lighter than the dark threshold: its apex may lie a blob's height above it.
        guard yTip > Double(y0 - (y1 - y0)) - 2, yTip < Double(y1), abs(vanishing.y - cy) > 1 else { return nil }
        var point = StandardLandmarks.arrowTip(board: board)
        point.xPx = cx + (vanishing.x - cx) * (yTip - cy) / (vanishing.y - cy)
        point.yPx = yTip
        let rows = widths.count
        let confidence = min(1, Double(rows) / 4) * max(0, min(1, (1.5 - narrowing.rmsPx) / 1.2))
        return Proposal(point: point, confidence: confidence, evidence: "arrow triangle over \(rows + 1) rows, width fit rms \(Self.text(narrowing.rmsPx)) px",
                        arrowBoard: board)
    }

    // MARK: - Line fitting

    /// Least-squares v = a + b·t.
    static func leastSquares(_ samples: [(Double, Double)]) -> Line? {
        let n = Double(samples.count)
        guard samples.count >= 2 else { return nil }
        let mt = samples.reduce(0) { $0 + $1.0 } / n, mv = samples.reduce(0) { $0 + $1.1 } / n
        var stt = 0.0, stv = 0.0
        for (t, v) in samples { stt += (t - mt) * (t - mt); stv += (t - mt) * (v - mv) }
        guard stt > 0 else { return nil }
        let b = stv / stt, a = mv - b * mt
        let rms = (samples.reduce(0) { $0 + ($1.1 - a - b * $1.0) * ($1.1 - a - b * $1.0) } / n).squareRoot()
        return Line(a: a, b: b, rmsPx: rms, count: samples.count)
    }

    /// Least squares, refitted three times without samples farther than 1.5 px (people, pins, markings).
    static func robustLine(_ samples: [(Double, Double)]) -> Line? {
        var kept = samples
        guard var line = leastSquares(kept) else { return nil }
        for round in 0..<4 {
            let limit = round == 0 ? max(3 * line.rmsPx, 1.5) : 1.5
            kept = kept.filter { abs($0.1 - line.at($0.0)) <= limit }
            guard let refit = leastSquares(kept) else { return nil }
            line = refit
        }
        return line
    }

    /// Where a lane edge (x = a + b·y) meets a cross line (y = a + b·x).
    static func intersect(edge: Line, cross: Line) -> (x: Double, y: Double)? {
        let d = 1 - edge.b * cross.b
        guard abs(d) > 1e-9 else { return nil }
        let x = (edge.a + edge.b * cross.a) / d
        return (x, cross.at(x))
    }

    /// Where two lane edges meet: the vanishing point down the lane.
    static func intersect(_ left: Line, _ right: Line) -> (x: Double, y: Double)? {
        guard abs(left.b - right.b) > 1e-9 else { return nil }
        let y = (right.a - left.a) / (left.b - right.b)
        return (left.at(y), y)
    }

    /// 0 to 1 from how many samples a line rests on (of the `enough` that make it certain) and how well they fit.
    static func quality(_ line: Line, enough: Int = 40) -> Double {
        min(1, Double(line.count) / Double(enough)) * max(0, min(1, (2 - line.rmsPx) / 1.5))
    }

    static func text(_ value: Double) -> String { JSONText.number(value, digits: 2) }
}
