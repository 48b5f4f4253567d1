// MARK: - Guide dots

extension LaneFinder {
    /// A line across the lane in the picture, as the guide dots' search walks it: through the lane's middle at `row`,
    /// with the slope lines across the lane have there; where each board's centre lies on it.
    struct AcrossLane {
        let row: Int
        let middleX: Double, slope: Double
        let leftX: Double, boardPx: Double

        /// The column of `board`'s centre.
        func x(board: Double) -> Double { leftX + (Lane.leftEdgeBoard - board) * boardPx }
        /// The picture row the line crosses at column `x`.
        func row(atX x: Double) -> Int { LaneFinder.index(Double(row) + 0.5 + slope * (x - middleX)) }
    }

    /// The guide dots (DOMAIN.md: 7 ft past the foul line on boards 3, 5, 8, 11, 14 and their mirrors): each a dark
    /// spot about a board across, seen from behind the lane nearly edge-on, a dash a pixel or two tall. They are
    /// sought on the lines across the lane from `nearRow` (where the lane's edges begin in the picture) up to `farRow`,
    /// each sloping as `acrossSlope` says at its row (a camera to one side, or rolled, sees the dots' row slant: two
    /// pixels across `zoom-720p60`'s lane). A dot darkens its row against the same columns a little above and below
    /// it, where a board's seam, the grain or a reflection running down the lane does not; on the dots' line most of
    /// the ten dot boards are darker so, and the boards between them are not (the foul line's blur or a shadow across
    /// the lane darkens both). Each dot found is the centroid of that darkness, and the dots must lie on one straight
    /// line across the lane, within `maxGuideDotLineMissPx`.
    func findGuideDots(left: Line, right: Line, nearRow: Int, farRow: Int, acrossSlope: (Double) -> Double) -> [Proposal] {
        let bottom = min(nearRow - 2, image.height - 2), top = max(farRow + 1, 1)
        guard bottom > top else { return [] }
        func across(_ row: Int) -> AcrossLane? {
            let y = Double(row) + 0.5, boardPx = (right.at(y) - left.at(y)) / Double(Lane.boardCount)
            guard boardPx >= Self.minGuideDotBoardPx else { return nil }
            return AcrossLane(row: row, middleX: (left.at(y) + right.at(y)) / 2, slope: acrossSlope(y), leftX: left.at(y), boardPx: boardPx)
        }
        var best: (line: AcrossLane, score: Double, darkness: [Double])?
        for y in top...bottom {
            guard let line = across(y) else { continue }
            let dots = Lane.guideDotBoards.map { dotDarkness(board: $0, on: line) }
            let between = Self.boardsBetweenGuideDots.map { dotDarkness(board: $0, on: line) }
            guard dots.filter({ $0 >= Self.guideDotDarkness }).count >= Self.minGuideDots,
                  between.filter({ $0 >= Self.guideDotDarkness }).count <= 1 else { continue }
            let score = dots.reduce(0, +) / Double(dots.count) - between.reduce(0, +) / Double(between.count)
            if score > best?.score ?? 0 { best = (line, score, dots) }
        }
        guard let best else { return [] }
        let dots: [(board: Double, x: Double, y: Double)] = zip(Lane.guideDotBoards, best.darkness).compactMap { board, darkness in
            guard darkness >= Self.guideDotDarkness else { return nil }
            return dotCentroid(board: board, on: best.line).map { (board, $0.x, $0.y) }
        }
        // One line across the lane: a dot off it is some other mark, and without the rest the line is not sure.
        guard let fitted = Self.robustLine(dots.map { ($0.x, $0.y) }) else { return [] }
        let onLine = dots.filter { abs($0.y - fitted.at($0.x)) <= Self.maxGuideDotLineMissPx }
        guard onLine.count >= Self.minGuideDots else { return [] }
        let confidence = min(1, best.score / Self.clearGuideDotScore)
        return onLine.map { dot in
            let point = LandmarkPoint(name: "guide dot, board \(Int(dot.board))", xPx: dot.x, yPx: dot.y, board: dot.board, distanceFt: Lane.guideDotDistanceFt)
            return Proposal(point: point, confidence: confidence,
                            evidence: "\(onLine.count) dots darkening one line across the lane (contrast \(Self.text(best.score)) over the boards between them)")
        }
    }

    /// How much darker than the same columns `dotReach` rows above and below the line is, at its darkest within
    /// `guideDotHalfWidth` boards of the board's centre, less the same a dot's width to either side (a person's edge or a
    /// shadow darkens those too); 0 where it is not darker.
    private func dotDarkness(board: Double, on line: AcrossLane) -> Double {
        let centre = line.x(board: board), reach = dotReach(line.boardPx)
        func darkness(_ x: Int) -> Double { darkening(x, line.row(atX: Double(x) + 0.5), reach: reach) }
        let side = Self.index(Self.guideDotSideBoards * line.boardPx)
        var darkest = 0.0
        for x in Self.index(centre - Self.guideDotHalfWidth * line.boardPx)...Self.index(centre + Self.guideDotHalfWidth * line.boardPx) {
            darkest = max(darkest, darkness(x) - max(0, darkness(x - side), darkness(x + side)))
        }
        return darkest
    }

    /// How much darker the pixel is than the same column `reach` rows above and below it, as a share of their
    /// brightness (negative where lighter); 0 where they are black.
    private func darkening(_ x: Int, _ y: Int, reach: Int) -> Double {
        let around = (brightness(x, y - reach) + brightness(x, y + reach)) / 2
        return around > 0 ? 1 - brightness(x, y) / around : 0
    }

    /// Rows above and below a dot's row that the dot does not reach: a dot is never taller in the picture than it is
    /// wide (a board), being seen from above its lane.
    private func dotReach(_ boardPx: Double) -> Int { Self.index(boardPx.rounded(.up)) + 1 }

    /// The dot on `board` near the line: the centroid of how much darker each pixel is than the columns above and
    /// below, over a board across and the rows the dot may reach.
    private func dotCentroid(board: Double, on line: AcrossLane) -> (x: Double, y: Double)? {
        let centre = line.x(board: board), reach = dotReach(line.boardPx), row = line.row(atX: centre)
        var sum = 0.0, sumX = 0.0, sumY = 0.0
        for y in row - reach + 1...row + reach - 1 {
            for x in Self.index(centre - line.boardPx)...Self.index(centre + line.boardPx) {
                let weight = max(0, darkening(x, y, reach: reach) - Self.guideDotDarkness / 2)
                sum += weight
                sumX += weight * (Double(x) + 0.5)
                sumY += weight * (Double(y) + 0.5)
            }
        }
        return sum > 0 ? (sumX / sum, sumY / sum) : nil
    }

    /// Boards halfway between the dots (and across the lane's middle), which their row leaves as they are.
    static let boardsBetweenGuideDots: [Double] = [6.5, 9.5, 12.5, 17, 20, 23, 27.5, 30.5, 33.5]
    /// How much darker than the rows above and below a dot is at least.
    static let guideDotDarkness = 0.15
    /// Dots of the ten that must show on one row.
    static let minGuideDots = 5
    /// Half the width searched for a dot's darkest column, in boards (a dot is about a board across).
    static let guideDotHalfWidth = 0.5
    /// How far to either side of a dot, in boards, the row is compared with (a dot reaches half a board).
    static let guideDotSideBoards = 1.2
    /// Narrower boards than this (pixels) leave a dot a pixel or less: not sought.
    static let minGuideDotBoardPx = 2.0
    /// How far a dot may lie off the line through the others.
    static let maxGuideDotLineMissPx = 1.0
    /// A row contrast (dots less the boards between) that counts as certain.
    static let clearGuideDotScore = 0.3
}
