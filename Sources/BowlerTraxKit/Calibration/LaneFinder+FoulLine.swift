// MARK: - The foul line

extension LaneFinder {
    /// How the foul line shows in the picture: a thin dark line, or, where it is too thin and blurred to stand out
    /// (on TV, train 15's and test 13's are a faint dip on a few columns), the step where the oiled lane gives way to
    /// the lighter approach, with the gutters beside the lane ending on it.
    enum FoulLineMark {
        case darkLine, approachStep
        /// Rows above and below a pixel its mark is judged against: a line up to 5 px thick, or a step blurred over
        /// up to 10 rows.
        var reach: Int { self == .darkLine ? 4 : 6 }
    }

    /// The foul line, when in view, and how it showed: a dark line if one is found, else the approach's step.
    func findFoulLine(left: Line, right: Line, nearRow: Int, vanishing: (x: Double, y: Double)) -> (line: Line, mark: FoulLineMark)? {
        for mark in [FoulLineMark.darkLine, .approachStep] {
            if let line = findFoulLine(left: left, right: right, nearRow: nearRow, vanishing: vanishing, mark: mark) { return (line, mark) }
        }
        return nil
    }

    /// The foul line's straight `mark` with wood above and below it (the lane and the approach) across the lane's
    /// whole width, near where its edges begin. The edges may be followed below it onto the approach (beside a ball
    /// return or a capping), or begin above it (a bowler on the approach hides them), so the rows searched reach
    /// `foulLineAboveFraction` of the lane's height in the picture above `nearRow` and `foulLineBelowFraction` below.
    /// Columns where something else covers the line (a bowler, a ball) are skipped: a line counts when it is marked
    /// on `foulLineCoverage` of the columns where it has wood above and below, and those are at least
    /// `minUncoveredFraction` of the lane's width. Of such lines (Hough voting, Duda and Hart 1972, over slopes up to
    /// `maxFoulLineSlope`, a camera rolled up to about 8°) the one most columns vote for is refitted column by column.
    /// The arrows, dots and a ball return's end are dark on a few columns only; a score overlay or capping is no wood.
    /// An approach's step is taken only where a gutter beside the lane ends on it (`gutterEnds`): a reflection's edge
    /// across the lane does not end the gutters.
    func findFoulLine(left: Line, right: Line, nearRow: Int, vanishing: (x: Double, y: Double), mark: FoulLineMark) -> Line? {
        let depth = Double(nearRow) - vanishing.y
        let top = max(Self.index(Double(nearRow) - Self.foulLineAboveFraction * depth), mark.reach + 1)
        let bottom = min(Self.index(Double(nearRow) + Self.foulLineBelowFraction * depth), image.height - mark.reach - 2)
        guard bottom > top else { return nil }
        let centre = (left.at(Double(nearRow)) + right.at(Double(nearRow))) / 2
        let slopeCount = 2 * Self.index(Self.maxFoulLineSlope / Self.foulLineSlopeStep) + 1
        func slope(_ index: Int) -> Double { (Double(index) - Double(slopeCount / 2)) * Self.foulLineSlopeStep }
        // Votes per slope for the line's row at the centre column, one per column, from offsets a line may take.
        let reach = Self.index(Self.maxFoulLineSlope * Double(image.width)) + 2
        let cells = bottom - top + 2 * reach
        var votes = [Int](repeating: 0, count: slopeCount * cells), lastColumn = [Int](repeating: -1, count: slopeCount * cells)
        let x0 = max(Self.index(min(left.at(Double(top)), left.at(Double(bottom)))), 0)
        let x1 = min(Self.index(max(right.at(Double(top)), right.at(Double(bottom)))), image.width - 1)
        guard x1 > x0 else { return nil }
        for x in x0...x1 {
            for y in top...bottom where isOnLane(x, y, left: left, right: right) && isMarked(x, y, mark) {
                for s in 0..<slopeCount {
                    let row = Self.index((Double(y) + 0.5 - slope(s) * (Double(x) + 0.5 - centre)).rounded()) - top + reach
                    for cell in max(row - 1, 0)...min(row + 1, cells - 1) where lastColumn[s * cells + cell] != x {
                        lastColumn[s * cells + cell] = x
                        votes[s * cells + cell] += 1
                    }
                }
            }
        }
        let ranked = votes.indices.filter { votes[$0] > 0 }.sorted { votes[$0] > votes[$1] }
        for index in ranked.prefix(Self.foulLineCandidates) {
            let b = slope(index / cells), yCentre = Double(index % cells + top - reach)
            let guess = Line(a: yCentre - b * centre, b: b, rmsPx: 0, count: 0)
            let (uncovered, width) = uncoveredColumns(along: guess, left: left, right: right, reach: mark.reach)
            guard Double(uncovered) >= Self.minUncoveredFraction * width, Double(votes[index]) >= Self.foulLineCoverage * Double(uncovered),
                  let line = fitCrossLine(around: guess, left: left, right: right, mark: mark),
                  Double(line.count) >= Self.foulLineCoverage * Double(uncovered), abs(line.b) <= Self.maxFoulLineSlope,
                  mark == .darkLine || gutterEnds(on: line, left: left, right: right) else { continue }
            return line
        }
        return nil
    }

    /// Where a lane edge meets the foul line. The edge fitted over the whole lane can stray a few pixels by its near
    /// end on TV pictures (8 px on train 01); on the `cornerRows` rows just above the foul line, the steepest step
    /// toward the lane near the fitted edge (`steepestStep`, within a twentieth of the lane's width) shifts it, by
    /// the median of those offsets, when at least two thirds of the rows show the step and their offsets agree
    /// within 2 px (a bowler's leg over the corner does not run along the edge). Else the fitted edge's corner.
    func corner(of edge: Line, foul: Line, laneWidth: Double, brighterRight: Bool) -> (x: Double, y: Double)? {
        guard let fitted = Self.intersect(edge: edge, cross: foul) else { return nil }
        let offsets = (2..<2 + Self.cornerRows).compactMap { k -> Double? in
            let y = Self.index(fitted.y) - k, x = edge.at(Double(y) + 0.5)
            return steepestStep(y: y, near: x, within: 0.05 * laneWidth, brighterRight: brighterRight).map { $0 - x }
        }.sorted()
        guard 3 * offsets.count >= 2 * Self.cornerRows, let first = offsets.first, let last = offsets.last, last - first <= 2 else { return fitted }
        let shifted = Line(a: edge.a + offsets[offsets.count / 2], b: edge.b, rmsPx: edge.rmsPx, count: edge.count)
        return Self.intersect(edge: shifted, cross: foul) ?? fitted
    }

    /// Rows just above the foul line its corners are checked on.
    static let cornerRows = 10

    /// How far above and below the lane's near row (as a fraction of its height in the picture, from the vanishing
    /// point) the foul line is looked for: edges followed down the approach beside a ball return ended 0.46 of it
    /// below the foul line on a TV view (train 02).
    static let foulLineAboveFraction = 0.5
    static let foulLineBelowFraction = 0.15
    /// Steepest foul line taken (rise over run in the picture): a camera rolled by up to about 8°.
    static let maxFoulLineSlope = 0.15
    static let foulLineSlopeStep = 0.005
    /// Of the columns with wood above and below a line, the share on which it must be dark to be the foul line.
    static let foulLineCoverage = 0.6
    /// The share of the lane's width that must be uncovered (wood above and below the line) to judge it.
    static let minUncoveredFraction = 0.3
    /// The strongest lines (by votes) tried in turn.
    static let foulLineCandidates = 40

    /// Whether (x, y) lies between the lane's edges, clear of them by 3 px.
    func isOnLane(_ x: Int, _ y: Int, left: Line, right: Line) -> Bool {
        let row = Double(y) + 0.5, column = Double(x) + 0.5
        return column > left.at(row) + 3 && column < right.at(row) - 3
    }

    /// Whether (x, y) lies on the foul line's `mark`.
    func isMarked(_ x: Int, _ y: Int, _ mark: FoulLineMark) -> Bool {
        mark == .darkLine ? isDarkLine(x, y) : isApproachStep(x, y)
    }

    /// A thin dark line through (x, y): darker than wood 3 to 4 rows above and below it, by `foulLineDarkness`.
    func isDarkLine(_ x: Int, _ y: Int) -> Bool {
        let reach = FoulLineMark.darkLine.reach
        guard isWood(x, y - reach), isWood(x, y + reach) else { return false }
        let above = max(brightness(x, y - reach), brightness(x, y - reach + 1)), below = max(brightness(x, y + reach), brightness(x, y + reach - 1))
        return brightness(x, y) < Self.foulLineDarkness * min(above, below)
    }

    /// Wood either side of the foul line: maple (`isMaple`) whose green lies well above its blue, toward its red,
    /// as wood's does (light or dark); a red or pink graphic's (a score overlay) does not.
    func isWood(_ x: Int, _ y: Int) -> Bool {
        let (r, g, b) = rgb(x, y)
        return isMaple(x, y) && g - b > 0.2 * (r - b)
    }

    /// A foul line dims its rows to under this share of the wood's brightness either side (a line thinner than a
    /// pixel, at 480p, less than a full one).
    static let foulLineDarkness = 0.93

    /// Columns between the edges where `line` has wood above and below it (not covered by a bowler, a ball), and
    /// the lane's width along it.
    func uncoveredColumns(along line: Line, left: Line, right: Line, reach: Int) -> (count: Int, width: Double) {
        guard let (x0, x1) = columns(across: line, left: left, right: right) else { return (0, 0) }
        let count = (x0..<x1).filter { x in
            let row = Self.index(line.at(Double(x) + 0.5))
            return isWood(x, row - reach) && isWood(x, row + reach)
        }.count
        return (count, Double(x1 - x0))
    }

    /// The columns a line across the lane crosses it on, 3 px clear of the edges; nil when it misses the lane.
    func columns(across line: Line, left: Line, right: Line) -> (Int, Int)? {
        guard let l = Self.intersect(edge: left, cross: line), let r = Self.intersect(edge: right, cross: line) else { return nil }
        let x0 = Self.index(l.x) + 3, x1 = Self.index(r.x) - 3
        return x1 > x0 ? (x0, x1) : nil
    }

    /// A line across the lane (y = a + b·x) through the foul line's `mark` near `guess`, column by column, on each
    /// column where it is marked within a row of the guess: a dark line's centre (the mean row of the two rows either
    /// side of the darkest, weighted by how much darker than the wood either side each is), or the approach step's
    /// (the rows' boundaries a few rows either side of its steepest, weighted by how much each brightens).
    func fitCrossLine(around guess: Line, left: Line, right: Line, mark: FoulLineMark) -> Line? {
        guard let (x0, x1) = columns(across: guess, left: left, right: right), x1 > x0 + 10 else { return nil }
        var samples: [(Double, Double)] = []
        for x in x0..<x1 {
            let row = Self.index(guess.at(Double(x) + 0.5))
            if let centre = mark == .darkLine ? darkLineCentre(x, near: row) : approachStepCentre(x, near: row) {
                samples.append((Double(x) + 0.5, centre))
            }
        }
        return Self.robustLine(samples)
    }

    /// The dark line's centre on column x within a row of `row`, nil where it is not dark there.
    func darkLineCentre(_ x: Int, near row: Int) -> Double? {
        guard let darkest = (row - 1...row + 1).min(by: { brightness(x, $0) < brightness(x, $1) }), isDarkLine(x, darkest) else { return nil }
        let reach = FoulLineMark.darkLine.reach
        let reference = min(brightness(x, darkest - reach), brightness(x, darkest + reach))
        var weight = 0.0, sum = 0.0
        for y in darkest - 2...darkest + 2 {
            let d = max(0, reference - brightness(x, y))
            weight += d
            sum += d * (Double(y) + 0.5)
        }
        return weight > 0 ? sum / weight : nil
    }

    /// The approach step's centre on column x within a row of `row`, nil where there is none.
    func approachStepCentre(_ x: Int, near row: Int) -> Double? {
        guard let steepest = (row - 1...row + 1).max(by: { rise(x, $0) < rise(x, $1) }), isApproachStep(x, steepest) else { return nil }
        var weight = 0.0, sum = 0.0
        for y in steepest - 4...steepest + 3 {
            // The step from row y to row y + 1 lies on their boundary.
            let d = max(0, brightness(x, y + 1) - brightness(x, y))
            weight += d
            sum += d * Double(y + 1)
        }
        return weight > 0 ? sum / weight : nil
    }

    /// How much brighter the row below (x, y) is than the row above.
    func rise(_ x: Int, _ y: Int) -> Double { brightness(x, y + 1) - brightness(x, y - 1) }

    /// The approach's step through (x, y): wood above and below, the wood `reach` rows below lighter than above by
    /// `approachLightness`, and y the steepest of its neighbours.
    func isApproachStep(_ x: Int, _ y: Int) -> Bool {
        let reach = FoulLineMark.approachStep.reach
        guard isWood(x, y - reach), isWood(x, y + reach), brightness(x, y + reach) > Self.approachLightness * brightness(x, y - reach) else { return false }
        let here = rise(x, y)
        return here > 0 && here >= rise(x, y - 1) && here >= rise(x, y + 1)
    }

    /// How much lighter the approach is than the oiled lane, at least, for a step between them to count (train 15's
    /// is 1.2).
    static let approachLightness = 1.1

    /// Whether a gutter beside the lane ends on `line` on either side: just outside an edge, a run of rows above
    /// the line that is no wood (the gutter) and one below that is (the approach). A bowler may cover one side, a
    /// ball return stand beside the other.
    func gutterEnds(on line: Line, left: Line, right: Line) -> Bool {
        guard let l = Self.intersect(edge: left, cross: line), let r = Self.intersect(edge: right, cross: line) else { return false }
        let outside = Self.gutterProbeFraction * (r.x - l.x)
        return [(l, -outside), (r, outside)].contains { corner, offset in
            let x = Self.index(corner.x + offset), y = Self.index(corner.y)
            let gutter = (y - 10...y - 5).filter { !isMaple(x, $0) }.count
            let approach = (y + 6...y + 11).filter { isMaple(x, $0) }.count
            return gutter >= 5 && approach >= 5
        }
    }

    /// How far outside an edge its gutter is probed, as a share of the lane's width (a gutter is 9.25 in beside its 41.5).
    static let gutterProbeFraction = 0.08
}
