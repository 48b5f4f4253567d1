/// A weighted least-squares polynomial y(x) = c0 + c1 x + c2 x² + …
public struct PolynomialFit: Sendable, Equatable {
    public let coefficients: [Double]

    /// Nil when there are fewer points than coefficients or the points cannot fix them.
    public init?(xs: [Double], ys: [Double], weights: [Double]? = nil, degree: Int) {
        precondition(xs.count == ys.count, "one y per x")
        let n = degree + 1
        guard xs.count >= n else { return nil }
        var normal = Array(repeating: Array(repeating: 0.0, count: n), count: n)
        var rhs = Array(repeating: 0.0, count: n)
        var powers = Array(repeating: 0.0, count: n)
        for index in xs.indices {
            let weight = weights?[index] ?? 1
            var power = 1.0
            for k in 0..<n { powers[k] = power; power *= xs[index] }
            for i in 0..<n {
                rhs[i] += weight * powers[i] * ys[index]
                for j in 0..<n { normal[i][j] += weight * powers[i] * powers[j] }
            }
        }
        guard let solution = LinearSolver.solve(normal, rhs) else { return nil }
        coefficients = solution
    }

    public func value(at x: Double) -> Double {
        coefficients.reversed().reduce(0) { $0 * x + $1 }
    }

    public func slope(at x: Double) -> Double {
        var sum = 0.0, power = 1.0
        for k in 1..<coefficients.count {
            sum += Double(k) * coefficients[k] * power
            power *= x
        }
        return sum
    }

    /// The x in `range` where the polynomial reaches `target`, by bisection; nil if it is not bracketed.
    public func solve(for target: Double, in range: ClosedRange<Double>) -> Double? {
        Bisection.root(in: range) { value(at: $0) - target }
    }
}

extension PolynomialFit {
    /// A fit that ignores outliers (`RobustLeastSquares` on the powers of x): a ball half hidden by the
    /// bowler or merged with a pin gives such points; they must not bend the path.
    public static func robust(xs: [Double], ys: [Double], sigmas: [Double], degree: Int) -> PolynomialFit? {
        robustWithScatter(xs: xs, ys: ys, sigmas: sigmas, degree: degree)?.fit
    }

    /// `robust`, with the scatter of the kept residuals in units of their sigmas (`RobustLeastSquares.scatter`).
    static func robustWithScatter(xs: [Double], ys: [Double], sigmas: [Double], degree: Int) -> (fit: PolynomialFit, scatter: Double)? {
        let width = degree + 1
        var design = [Double]()
        design.reserveCapacity(xs.count * width)
        for x in xs {
            var power = 1.0
            for _ in 0..<width { design.append(power); power *= x }
        }
        return RobustLeastSquares(design: design, width: width, ys: ys, sigmas: sigmas, maxRounds: 6).map { (PolynomialFit(coefficients: $0.coefficients), $0.scatter) }
    }

    /// A robust quadratic whose x² coefficient physics holds within `bend`: where the free fit's lies outside it, bent
    /// by noise, it is held at the nearer bound and the line refitted to what is left (y - c x²).
    static func robustQuadratic(xs: [Double], ys: [Double], sigmas: [Double], bend: ClosedRange<Double>) -> PolynomialFit? {
        guard let fit = robust(xs: xs, ys: ys, sigmas: sigmas, degree: 2) else { return nil }
        guard !bend.contains(fit.coefficients[2]) else { return fit }
        let held = min(max(fit.coefficients[2], bend.lowerBound), bend.upperBound)
        guard let line = robust(xs: xs, ys: zip(xs, ys).map { x, y in y - held * x * x }, sigmas: sigmas, degree: 1) else { return nil }
        return PolynomialFit(coefficients: line.coefficients + [held])
    }

    /// The polynomial with these coefficients, lowest power first.
    init(coefficients: [Double]) { self.coefficients = coefficients }
}
