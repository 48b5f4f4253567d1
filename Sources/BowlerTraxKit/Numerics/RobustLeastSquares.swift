/// Weighted linear least squares y ≈ Σ cⱼ·fⱼ(x) that ignores outliers: fitted once, then again without the
/// points whose residual exceeds 3 times their own sigma (scaled up when the scatter is larger than the
/// sigmas claim), until no point is dropped. A ball half hidden by the bowler or merged with a pin gives
/// such points; they must not bend the path.
struct RobustLeastSquares {
    let coefficients: [Double]
    /// Σ min(r², 9) over every point, r the residual in its sigmas: comparable between models fitted
    /// to the same points, whichever points each of them dropped.
    let cappedChiSquare: Double
    /// The scatter of the kept residuals in units of the claimed sigmas (1.4826 × median), at least 1 (1 after one round).
    let scatter: Double
    /// The points the last round kept.
    let kept: [Bool]

    /// `design` holds the basis values row by row, `width` per point; `keep` the points to start from (all
    /// by default). Nil when the points cannot fix the coefficients.
    init?(design: [Double], width: Int, ys: [Double], sigmas: [Double], keep initial: [Bool]? = nil, maxRounds: Int = 4) {
        precondition(design.count == width * ys.count && sigmas.count == ys.count, "one row and one sigma per point")
        var keep = initial ?? [Bool](repeating: true, count: ys.count)
        var kept = keep
        var residuals = [Double](repeating: 0, count: ys.count)
        var solution: [Double]?
        var scatter = 1.0
        for _ in 0..<maxRounds {
            guard keep.reduce(0, { $0 + ($1 ? 1 : 0) }) >= width + 2,
                  let current = Self.solve(design: design, width: width, ys: ys, sigmas: sigmas, keep: keep) else { break }
            solution = current
            kept = keep
            for i in ys.indices {
                var value = 0.0
                for j in 0..<width { value += current[j] * design[i * width + j] }
                residuals[i] = abs(ys[i] - value) / sigmas[i]
            }
            // One round is a plain fit on the given points: no scatter, nothing dropped.
            guard maxRounds > 1 else { break }
            let keptResiduals = ys.indices.filter { keep[$0] }.map { residuals[$0] }.sorted()
            scatter = max(1, 1.4826 * keptResiduals[keptResiduals.count / 2])
            var dropped = false
            for i in ys.indices where keep[i] && residuals[i] > 3 * scatter {
                keep[i] = false
                dropped = true
            }
            if !dropped { break }
        }
        guard let solution else { return nil }
        coefficients = solution
        cappedChiSquare = residuals.reduce(0) { $0 + min($1 * $1, 9) }
        self.scatter = scatter
        self.kept = kept
    }

    private static func solve(design: [Double], width: Int, ys: [Double], sigmas: [Double], keep: [Bool]) -> [Double]? {
        var normal = [Double](repeating: 0, count: width * width)
        var rhs = [Double](repeating: 0, count: width)
        // Hundreds of these fits run per shot (`FrictionPathFit`): the sums go through buffer pointers, with no
        // bounds or uniqueness checks per term.
        normal.withUnsafeMutableBufferPointer { normal in
            rhs.withUnsafeMutableBufferPointer { rhs in
                design.withUnsafeBufferPointer { design in
                    for i in ys.indices where keep[i] {
                        let weight = 1 / (sigmas[i] * sigmas[i]), row = i * width
                        for r in 0..<width {
                            let wr = weight * design[row + r]
                            guard wr != 0 else { continue }
                            rhs[r] += wr * ys[i]
                            for c in r..<width { normal[r * width + c] += wr * design[row + c] }
                        }
                    }
                }
            }
        }
        let matrix = (0..<width).map { r in (0..<width).map { c in c >= r ? normal[r * width + c] : normal[c * width + r] } }
        return LinearSolver.solve(matrix, rhs)
    }
}
