/// A curve that bends and then runs straight: y = a + b·x + c·g(x) with g(x) = x² before the knot k
/// and its tangent line after it (C¹ at k). The knot is searched on a grid; for each the fit is a
/// weighted linear least squares, made robust like `PolynomialFit.robust`.
///
/// Why: a bowling ball skids and hooks (its path and its speed change steadily) until it rolls, and
/// from then on runs straight at constant speed. Near the pins the ball may be in either phase or
/// change between them; a single quadratic over the last feet then bends the rolling part and
/// misreads the entry angle and speed. With the knot free, the curve follows both phases.
public struct HingeFit: Sendable, Equatable {
    public let a: Double
    public let b: Double
    public let c: Double
    public let knot: Double
    public let weightedSquaredError: Double

    static func basis(_ x: Double, knot: Double) -> Double {
        x < knot ? x * x : knot * knot + 2 * knot * (x - knot)
    }

    public func value(at x: Double) -> Double { a + b * x + c * Self.basis(x, knot: knot) }

    public func slope(at x: Double) -> Double { b + c * 2 * min(x, knot) }

    /// The best fit over knots from `xs`' smallest to a little past its largest (past the end: a plain quadratic).
    public static func fit(xs: [Double], ys: [Double], sigmas: [Double], knotSteps: Int = 40) -> HingeFit? {
        guard xs.count >= 6, let low = xs.min(), let high = xs.max(), high > low else { return nil }
        var best: HingeFit?
        for step in 0...knotSteps {
            let knot = low + (high - low) * 1.25 * Double(step) / Double(knotSteps)
            guard let fit = robustFit(xs: xs, ys: ys, sigmas: sigmas, knot: knot) else { continue }
            if best == nil || fit.weightedSquaredError < best?.weightedSquaredError ?? .infinity { best = fit }
        }
        return best
    }

    /// Weighted least squares for one knot, dropping points beyond 3 scaled sigmas (as `PolynomialFit.robust`).
    static func robustFit(xs: [Double], ys: [Double], sigmas: [Double], knot: Double) -> HingeFit? {
        var keep = Array(repeating: true, count: xs.count)
        var fit: HingeFit?
        for _ in 0..<4 {
            let indices = xs.indices.filter { keep[$0] }
            guard indices.count >= 6, let current = solve(indices: indices, xs: xs, ys: ys, sigmas: sigmas, knot: knot) else { return fit }
            fit = current
            let normalized = indices.map { abs(ys[$0] - current.value(at: xs[$0])) / sigmas[$0] }
            let scatter = max(1, 1.4826 * normalized.sorted()[normalized.count / 2])
            var dropped = false
            for (position, index) in indices.enumerated() where normalized[position] > 3 * scatter {
                keep[index] = false
                dropped = true
            }
            if !dropped { break }
        }
        // Compare knots on the same footing: the error over every point, outliers capped at 3 sigmas.
        guard let final = fit else { return nil }
        let total = xs.indices.reduce(0.0) { sum, i in
            let r = (ys[i] - final.value(at: xs[i])) / sigmas[i]
            return sum + min(r * r, 9)
        }
        return HingeFit(a: final.a, b: final.b, c: final.c, knot: knot, weightedSquaredError: total)
    }

    private static func solve(indices: [Int], xs: [Double], ys: [Double], sigmas: [Double], knot: Double) -> HingeFit? {
        var normal = [[Double]](repeating: [0, 0, 0], count: 3)
        var rhs = [0.0, 0.0, 0.0]
        for i in indices {
            let row = [1, xs[i], basis(xs[i], knot: knot)]
            let weight = 1 / (sigmas[i] * sigmas[i])
            for r in 0..<3 {
                rhs[r] += weight * row[r] * ys[i]
                for c in 0..<3 { normal[r][c] += weight * row[r] * row[c] }
            }
        }
        guard let solution = LinearSolver.solve(normal, rhs) else { return nil }
        return HingeFit(a: solution[0], b: solution[1], c: solution[2], knot: knot, weightedSquaredError: 0)
    }

    /// The x in `range` where the curve reaches `target`, by bisection; nil if it is not bracketed.
    public func solve(for target: Double, in range: ClosedRange<Double>) -> Double? {
        Bisection.root(in: range) { value(at: $0) - target }
    }
}
