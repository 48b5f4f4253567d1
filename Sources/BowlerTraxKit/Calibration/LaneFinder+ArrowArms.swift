// MARK: - The arrows' V

extension LaneFinder {
    /// The tips that line up on the V's arms. On the lane each arm (boards 5 to 20, 20 to 35) is a straight line, so
    /// it is one in the picture too, with the tips along it in board order and evenly spaced: a dark mark elsewhere
    /// (a shoe, a dot, the grain) is not on it. Each side's arm is the line through two of its candidates that the
    /// most other boards' candidates lie within `armTolerancePx` of; it counts when it holds at least 3 boards. Nil
    /// when no arm counts. Where both arms hold a board-20 tip they must hold the same one, else neither keeps it.
    static func tipsOnArms(_ candidates: [Proposal], maxStepPx: Double) -> [Proposal]? {
        let arms = [candidates.filter { $0.point.board <= Lane.centreBoard }, candidates.filter { $0.point.board >= Lane.centreBoard }]
            .compactMap { bestArm($0, maxStepPx: maxStepPx) }.filter { $0.count >= 3 }
        guard !arms.isEmpty else { return nil }
        let centres = arms.compactMap { $0.first { $0.point.board == Lane.centreBoard } }
        let agreed = zip(centres, centres.dropFirst()).allSatisfy { distance($0.point, $1.point) < 1e-9 }
        return arms.flatMap { $0 }.filter { $0.point.board != Lane.centreBoard } + (agreed ? Array(centres.prefix(1)) : [])
    }

    /// How far a tip may lie from its arm's line: found tips are good to about a pixel.
    static let armTolerancePx = 1.5

    /// The arm on one side with the most boards (then the smallest spread about its line), one tip per board; nil
    /// with fewer than two boards.
    static func bestArm(_ side: [Proposal], maxStepPx: Double) -> [Proposal]? {
        var best: (tips: [Proposal], rms: Double)?
        for (i, a) in side.enumerated() {
            for b in side[(i + 1)...] where a.point.board != b.point.board {
                guard let tips = arm(through: a, b, side, maxStepPx: maxStepPx) else { continue }
                let rms = (tips.reduce(0) { $0 + offLine($1, a, b) * offLine($1, a, b) } / Double(tips.count)).squareRoot()
                if tips.count > best?.tips.count ?? 0 || (tips.count == best?.tips.count && rms < best?.rms ?? .infinity) { best = (tips, rms) }
            }
        }
        return best?.tips
    }

    /// The tips on the line through `a` and `b`, each board's nearest to it, if they run as an arm does: farther
    /// from board 20, lower in the picture but by at most `maxStepPx` per 5 boards (the V is shallow), and evenly
    /// spaced along the line (each step per 5 boards within a factor 1.5 of the others; perspective changes them by
    /// a few per cent).
    static func arm(through a: Proposal, _ b: Proposal, _ side: [Proposal], maxStepPx: Double) -> [Proposal]? {
        var tips: [Proposal] = []
        for board in Set(side.map(\.point.board)).sorted() {
            let onBoard = side.filter { $0.point.board == board && offLine($0, a, b) <= armTolerancePx }
            if let nearest = onBoard.min(by: { offLine($0, a, b) < offLine($1, a, b) }) { tips.append(nearest) }
        }
        // Outward from the centre: down the picture, at an even pace along the line.
        let outward = tips.sorted { abs($0.point.board - Lane.centreBoard) < abs($1.point.board - Lane.centreBoard) }
        let dx = b.point.xPx - a.point.xPx, dy = b.point.yPx - a.point.yPx, length = (dx * dx + dy * dy).squareRoot()
        let steps = zip(outward, outward.dropFirst()).map { near, far -> Double in
            ((far.point.xPx - near.point.xPx) * dx + (far.point.yPx - near.point.yPx) * dy) / length / (abs(far.point.board - near.point.board) / 5)
        }
        guard zip(outward, outward.dropFirst()).allSatisfy({ near, far in
                  far.point.yPx > near.point.yPx && far.point.yPx - near.point.yPx <= maxStepPx * abs(far.point.board - near.point.board) / 5
              }),
              let shortest = steps.map(abs).min(), let longest = steps.map(abs).max(), shortest > 0,
              steps.allSatisfy({ ($0 > 0) == (steps[0] > 0) }), longest < 1.5 * shortest else { return nil }
        return tips
    }

    /// Distance in pixels of `tip` from the line through `a` and `b`.
    static func offLine(_ tip: Proposal, _ a: Proposal, _ b: Proposal) -> Double {
        let dx = b.point.xPx - a.point.xPx, dy = b.point.yPx - a.point.yPx
        return abs((tip.point.xPx - a.point.xPx) * dy - (tip.point.yPx - a.point.yPx) * dx) / (dx * dx + dy * dy).squareRoot()
    }
}
