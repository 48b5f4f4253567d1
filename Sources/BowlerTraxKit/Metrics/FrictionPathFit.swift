import Glibc

/// The ball's path as Coulomb friction draws it (DOMAIN.md's ball motion), fitted to its sightings.
///
/// While the ball slides, friction acts against the contact point's slip velocity, and that slip only
/// shrinks along its own direction: the acceleration keeps one direction until the ball rolls, with a
/// constant size in each stretch of uniform friction (the oil, then the dry boards), and is zero once
/// the ball rolls. So board and distance against time are each `a + b·t + α·q₁(t) + β·q₂(t)`: α the
/// acceleration before the first knot (where the friction changes, the end of the oil), β between the
/// knots, none after the second (where the ball starts to roll), value and speed continuous. The two
/// coordinates share the knots, so the slowing down-lane and the bending across it tell the fit together
/// where the ball stopped hooking. Knots are searched on a grid, then on a finer one around the best.
struct FrictionPathFit {
    /// Standard gravity, ft/s².
    static let gravityFtS2 = 32.174
    /// Friction on a lane stays under about 0.2 on dry boards (DOMAIN.md); a fit needing more than 0.35 g
    /// of pull (or the ball speeding up down-lane by more than noise) is bending to noise, not physics.
    static let maxAccelerationFtS2 = 0.35 * gravityFtS2
    static let maxDownLaneGainFtS2 = 0.5
    static let knotSteps = 20
    static let knotEvidence = 4.0
    static let refineSteps = 6

    /// Time of the first sighting; the fit's own clock starts there.
    let originS: Double
    /// Seconds from the first sighting to the last.
    let spanS: Double
    /// The knots, on the fit's clock: where the friction changes and where the ball rolls.
    let oilEndS: Double
    let rollS: Double
    /// `a, b, α, β` for the board (boards, seconds) and for the distance (feet, seconds).
    private(set) var boardCoefficients: [Double]
    let distanceCoefficients: [Double]

    /// Nil with fewer than 8 sightings or when no knots give a physical fit.
    init?(samples: [PathSample]) {
        guard samples.count >= 8, let first = samples.first, let last = samples.last, last.timeS > first.timeS else { return nil }
        let data = FitData(samples: samples, originS: first.timeS)
        guard let cubic = data.cubicSummary() else { return nil }
        let span = last.timeS - first.timeS
        let step = span * 1.25 / Double(Self.knotSteps)
        let coarseKnots = (0...Self.knotSteps).flatMap { i in (i...Self.knotSteps).map { (Double(i) * step, Double($0) * step) } }
        let rows = data.jointRows(cubic)
        // Knots and direction are searched with the outliers the cubic found left out, in one least-squares
        // round each (hundreds of fits); the chosen one is then refitted dropping its own outliers.
        let on = { (k1: Double, k2: Double, turn: Double) in
            data.oneDirectionCandidate(oilEndS: k1, rollS: k2, directionRad: cubic.directionRad + turn, rows: rows, rounds: 1)
        }
        let latestS = data.ts.max() ?? span
        guard let coarse = Self.search(coarseKnots, span: span, latestS: latestS, samples: samples.count, parameters: 7, { on($0, $1, 0) }) else { return nil }
        // The direction turned a little at the coarse knots, then the knots refined on the best direction.
        var turn = 0.0, turned = coarse
        // No turn is the coarse fit itself, which an equal objective would not replace.
        for candidateTurn in Self.directionTurnsRad where candidateTurn != 0 {
            if let candidate = on(coarse.oilEndS, coarse.rollS, candidateTurn), candidate.objective < turned.objective { (turn, turned) = (candidateTurn, candidate) }
        }
        let fine = step / Double(Self.refineSteps)
        let offsets = (-Self.refineSteps...Self.refineSteps).map { Double($0) * fine }
        let fineKnots = offsets.flatMap { i in offsets.map { (coarse.oilEndS + i, coarse.rollS + $0) } }
            .filter { $0.0 >= 0 && $0.1 >= $0.0 && Shape($0.0, $0.1, span: span) == Shape(coarse.oilEndS, coarse.rollS, span: span) }
        let chosen = Self.search(fineKnots, span: span, latestS: latestS, samples: samples.count, parameters: 7, { on($0, $1, turn) }) ?? turned
        let best = data.oneDirectionCandidate(oilEndS: chosen.oilEndS, rollS: chosen.rollS,
                                              directionRad: cubic.directionRad + turn, rows: rows, rounds: 4) ?? chosen
        originS = first.timeS
        spanS = span
        oilEndS = best.oilEndS
        rollS = best.rollS
        boardCoefficients = best.board
        distanceCoefficients = best.distance
    }

    /// Small turns of the pull's direction tried around the one the cubic found, radians.
    static let directionTurnsRad = stride(from: -6.0, through: 6.0, by: 2.0).map { $0 * .pi / 180 }

    /// Which knots a fit uses: a change of friction with sightings on both sides of it, a roll in view.
    struct Shape: Hashable {
        let split: Bool
        let roll: Bool
        var knots: Int { (split ? 1 : 0) + (roll ? 1 : 0) }

        init(_ k1: Double, _ k2: Double, span: Double) {
            let (oil, dry) = FrictionPathFit.phases(k1, k2, span: span)
            split = oil && dry
            roll = k2 < span
        }
    }

    /// Which phases sightings from 0 to `span` reach: a phase they do not reach has nothing to fix its
    /// acceleration, so it is left out of a fit (zero).
    static func phases(_ k1: Double, _ k2: Double, span: Double) -> (oil: Bool, dry: Bool) {
        (k1 > 0, k1 < span && k2 > k1)
    }

    /// The best of `knots`, where every knot in view must earn its place: noise near the pins, where a pixel
    /// spans a foot, can always be fitted a little better by one more, at one of many places. A fit with more
    /// knots is kept only when it lowers the misfit by `knotEvidence` times the misfit per sighting
    /// coordinate for each knot it adds (a likelihood-ratio test at about 2 sigma).
    /// `latestS` is the time of the last sighting on the fit's clock.
    private static func search(_ knots: [(Double, Double)], span: Double, latestS: Double, samples: Int, parameters: Int,
                               _ fit: (Double, Double) -> Candidate?) -> Candidate? {
        var best: [Shape: Candidate] = [:]
        // A roll after the last sighting is one no sighting reaches: with the same k1, every such k2 gives the same
        // basis values, phases and shape, so the same fit; only the first is fitted (the later ones, equal in
        // objective, could not replace it below).
        var lateRollTried = Set<Double>()
        for (k1, k2) in knots {
            if k2 > latestS, !lateRollTried.insert(k1).inserted { continue }
            guard let candidate = fit(k1, k2) else { continue }
            let shape = Shape(k1, k2, span: span)
            if candidate.objective < best[shape]?.objective ?? .infinity { best[shape] = candidate }
        }
        var chosen: (shape: Shape, fit: Candidate)?
        for (shape, candidate) in best.sorted(by: { $0.key.knots < $1.key.knots }) {
            guard let current = chosen else { chosen = (shape, candidate); continue }
            let misfitPerCoordinate = candidate.objective / Double(max(1, 2 * samples - parameters - shape.knots))
            let required = knotEvidence * Double(max(0, shape.knots - current.shape.knots)) * misfitPerCoordinate
            if current.fit.objective - candidate.objective > required { chosen = (shape, candidate) }
        }
        return chosen?.fit
    }

    /// The same path with the board refitted on its own (its own pulls, the same knots and clock): where
    /// the ball drifted across then no longer depends on how well the calibration placed it down-lane.
    func withBoardFittedAlone(to samples: [PathSample]) -> FrictionPathFit? {
        let ts = samples.map { $0.timeS - originS }
        let (hasOil, hasDry) = Self.phases(oilEndS, rollS, span: spanS)
        let width = 2 + (hasOil ? 1 : 0) + (hasDry ? 1 : 0)
        var design = [Double]()
        design.reserveCapacity(ts.count * width)
        for t in ts {
            let (q1, q2) = Self.basis(t, oilEndS, rollS)
            design.append(1)
            design.append(t)
            if hasOil { design.append(q1) }
            if hasDry { design.append(q2) }
        }
        guard let fit = RobustLeastSquares(design: design, width: width, ys: samples.map(\.board), sigmas: samples.map(\.boardSigma)) else { return nil }
        let c = fit.coefficients
        var refitted = self
        refitted.boardCoefficients = [c[0], c[1], hasOil ? c[2] : 0, hasDry ? c[width - 1] : 0]
        return refitted
    }

    func board(atS timeS: Double) -> Double { Self.value(boardCoefficients, timeS - originS, oilEndS, rollS) }
    func distanceFt(atS timeS: Double) -> Double { Self.value(distanceCoefficients, timeS - originS, oilEndS, rollS) }
    /// Boards per second across, feet per second down the lane.
    func boardRate(atS timeS: Double) -> Double { Self.rate(boardCoefficients, timeS - originS, oilEndS, rollS) }
    func speedFtS(atS timeS: Double) -> Double { Self.rate(distanceCoefficients, timeS - originS, oilEndS, rollS) }

    /// When the fitted ball passes `distanceFt`, from the first sighting to `extrapolationS` past the last; nil if it does not.
    func time(atFt distanceFt: Double, extrapolationS: Double = 1) -> Double? {
        Bisection.root(in: originS...(originS + spanS + extrapolationS)) { self.distanceFt(atS: $0) - distanceFt }
    }

    /// The basis at `t`: 1, t, q₁, q₂ (q's second derivatives are 1 in their phase, 0 elsewhere).
    static func basis(_ t: Double, _ k1: Double, _ k2: Double) -> (q1: Double, q2: Double) {
        let q1 = t < k1 ? (t - k1) * (t - k1) / 2 : 0
        let q2: Double
        if t < k1 { q2 = 0 } else if t < k2 { q2 = (t - k1) * (t - k1) / 2 } else { q2 = (k2 - k1) * (k2 - k1) / 2 + (k2 - k1) * (t - k2) }
        return (q1, q2)
    }

    private static func value(_ c: [Double], _ t: Double, _ k1: Double, _ k2: Double) -> Double {
        let (q1, q2) = basis(t, k1, k2)
        return c[0] + c[1] * t + c[2] * q1 + c[3] * q2
    }

    private static func rate(_ c: [Double], _ t: Double, _ k1: Double, _ k2: Double) -> Double {
        c[1] + c[2] * min(t - k1, 0) + c[3] * max(0, min(t, k2) - k1)
    }
}

/// One pair of knots tried, with its fit.
private struct Candidate {
    let objective: Double
    let oilEndS: Double
    let rollS: Double
    let board: [Double]
    let distance: [Double]
}

/// What a free cubic through the sightings tells the friction fit before it starts.
private struct CubicSummary {
    /// Each coordinate's scatter about the cubic, in its claimed sigmas: dividing by it puts the two
    /// coordinates' misfits on one footing whatever the pixel noise really was.
    let boardScale: Double
    let distanceScale: Double
    /// The direction of the pull, radians from straight back up the lane toward higher boards: every pull is
    /// along it, so it is the direction in which the velocity changed from the first sighting to the last.
    let directionRad: Double
    /// The sightings the cubic did not reject, per coordinate.
    let boardKept: [Bool]
    let distanceKept: [Bool]
}

/// The joint fit's rows: board and distance of each sighting in turn, scaled sigmas, outliers left out.
private struct JointRows {
    let ys: [Double]
    let sigmas: [Double]
    let keep: [Bool]
}

/// The sightings on the fit's clock, and the fit for one pair of knots.
private struct FitData {
    let ts: [Double]
    let boards: [Double]
    let distances: [Double]
    let boardSigmas: [Double]
    let distanceSigmas: [Double]

    init(samples: [PathSample], originS: Double) {
        ts = samples.map { $0.timeS - originS }
        boards = samples.map(\.board)
        distances = samples.map(\.distanceFt)
        boardSigmas = samples.map(\.boardSigma)
        distanceSigmas = samples.map(\.distanceSigmaFt)
    }

    /// A free cubic through each coordinate, robust to outliers (see `CubicSummary`).
    func cubicSummary() -> CubicSummary? {
        let design = ts.flatMap { t -> [Double] in [1, t, t * t, t * t * t] }
        guard let end = ts.last,
              let board = RobustLeastSquares(design: design, width: 4, ys: boards, sigmas: boardSigmas),
              let distance = RobustLeastSquares(design: design, width: 4, ys: distances, sigmas: distanceSigmas) else { return nil }
        let change = { (c: [Double]) in 2 * c[2] * end + 3 * c[3] * end * end }
        let acrossFtS = change(board.coefficients) * Lane.boardWidthFt, downFtS = change(distance.coefficients)
        return CubicSummary(boardScale: board.scatter, distanceScale: distance.scatter, directionRad: atan2(acrossFtS, -downFtS),
                            boardKept: board.kept, distanceKept: distance.kept)
    }

    /// Board and distance of each sighting in turn, with their sigmas scaled by the cubic's scatter and the
    /// cubic's outliers marked: the rows of the joint fit.
    func jointRows(_ cubic: CubicSummary) -> JointRows {
        JointRows(ys: ts.indices.flatMap { [boards[$0], distances[$0]] },
                  sigmas: ts.indices.flatMap { [boardSigmas[$0] * cubic.boardScale, distanceSigmas[$0] * cubic.distanceScale] },
                  keep: ts.indices.flatMap { [cubic.boardKept[$0], cubic.distanceKept[$0]] })
    }

    /// Both coordinates together (`rows` from `jointRows`), both pulls along one direction (`directionRad` from
    /// straight back up the lane toward higher boards), as Coulomb friction has them: 7 coefficients with the direction.
    func oneDirectionCandidate(oilEndS k1: Double, rollS k2: Double, directionRad: Double, rows: JointRows, rounds: Int) -> Candidate? {
        let (hasOil, hasDry) = FrictionPathFit.phases(k1, k2, span: ts.last ?? 0)
        let acrossBoards = sin(directionRad) / Lane.boardWidthFt, down = -cos(directionRad)
        let width = 4 + (hasOil ? 1 : 0) + (hasDry ? 1 : 0)
        // Board rows: a, b, 0, 0, pulls across; distance rows: 0, 0, c, d, pulls down-lane.
        var design = [Double](repeating: 0, count: 2 * ts.count * width)
        for (i, t) in ts.enumerated() {
            let (q1, q2) = FrictionPathFit.basis(t, k1, k2)
            let boardRow = 2 * i * width, distanceRow = boardRow + width
            design[boardRow] = 1
            design[boardRow + 1] = t
            design[distanceRow + 2] = 1
            design[distanceRow + 3] = t
            var column = 4
            if hasOil {
                design[boardRow + column] = acrossBoards * q1
                design[distanceRow + column] = down * q1
                column += 1
            }
            if hasDry {
                design[boardRow + column] = acrossBoards * q2
                design[distanceRow + column] = down * q2
            }
        }
        guard let fit = RobustLeastSquares(design: design, width: width, ys: rows.ys, sigmas: rows.sigmas, keep: rows.keep, maxRounds: rounds) else { return nil }
        let c = fit.coefficients
        let oil = hasOil ? c[4] : 0, dry = hasDry ? c[width - 1] : 0
        // Friction only slows the ball along the pull (noise aside) and never pulls harder than it can.
        for pull in [oil, dry] {
            guard pull >= -FrictionPathFit.maxDownLaneGainFtS2, pull <= FrictionPathFit.maxAccelerationFtS2 else { return nil }
        }
        return Candidate(objective: fit.cappedChiSquare, oilEndS: k1, rollS: k2,
                         board: [c[0], c[1], acrossBoards * oil, acrossBoards * dry], distance: [c[2], c[3], down * oil, down * dry])
    }
}
