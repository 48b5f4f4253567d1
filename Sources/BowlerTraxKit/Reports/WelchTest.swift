import Glibc

/// Welch's unequal-variances t-test of two samples: is the difference of their means real?
/// (B. L. Welch, "The generalization of Student's problem when several different population variances
/// are involved", Biometrika 34, 1947.) Degrees of freedom by the Welch–Satterthwaite equation.
public struct WelchTest: Sendable, Equatable {
    /// mean(B) − mean(A).
    public var meanDifference: Double
    public var t: Double
    public var degreesOfFreedom: Double
    /// Two-sided: the chance of a |t| at least this large if both means were equal.
    public var pValue: Double

    /// Nil when either sample has fewer than two values or both have no spread (the test is undefined).
    public init?(_ a: SampleSummary, _ b: SampleSummary) {
        guard let sdA = a.standardDeviation, let sdB = b.standardDeviation else { return nil }
        let errorA = sdA * sdA / Double(a.count)
        let errorB = sdB * sdB / Double(b.count)
        let standardError = (errorA + errorB).squareRoot()
        guard standardError > 0 else { return nil }
        meanDifference = b.mean - a.mean
        t = meanDifference / standardError
        degreesOfFreedom = (errorA + errorB) * (errorA + errorB)
            / (errorA * errorA / Double(a.count - 1) + errorB * errorB / Double(b.count - 1))
        pValue = Self.twoSidedP(t: t, degreesOfFreedom: degreesOfFreedom)
    }

    /// P(|T| ≥ |t|) for Student's t with `degreesOfFreedom` (not necessarily whole):
    /// I_x(ν/2, 1/2) with x = ν / (ν + t²) (Abramowitz & Stegun 26.7.1 with 26.5.27).
    public static func twoSidedP(t: Double, degreesOfFreedom: Double) -> Double {
        precondition(degreesOfFreedom > 0, "degrees of freedom must be positive")
        guard t.isFinite else { return 0 }
        return regularizedIncompleteBeta(x: degreesOfFreedom / (degreesOfFreedom + t * t), a: degreesOfFreedom / 2, b: 0.5)
    }

    /// I_x(a, b) = B(x; a, b) / B(a, b), for 0 ≤ x ≤ 1 and a, b > 0, to about 1e-14 relative.
    /// Evaluated by its continued fraction (A&S 26.5.8) with the modified Lentz method (Numerical Recipes
    /// 3rd ed. §6.4); the fraction converges fast for x < (a+1)/(a+b+2), so beyond that the symmetry
    /// I_x(a, b) = 1 − I_{1−x}(b, a) is used instead.
    public static func regularizedIncompleteBeta(x: Double, a: Double, b: Double) -> Double {
        precondition(a > 0 && b > 0, "incomplete beta needs a, b > 0")
        precondition((0...1).contains(x), "incomplete beta needs 0 ≤ x ≤ 1")
        if x == 0 || x == 1 { return x }
        // x^a (1−x)^b / (a B(a, b)), in logarithms so large a and b do not overflow.
        let logFront = lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log1p(-x)
        if x < (a + 1) / (a + b + 2) {
            return exp(logFront) * continuedFraction(x: x, a: a, b: b) / a
        }
        return 1 - exp(logFront) * continuedFraction(x: 1 - x, a: b, b: a) / b
    }

    /// The continued fraction 1/(1+ d1/(1+ d2/(1+ …))) of A&S 26.5.8, by modified Lentz.
    private static func continuedFraction(x: Double, a: Double, b: Double) -> Double {
        let tiny = 1e-300
        let epsilon = 1e-15
        var c = 1.0
        var d = 1 - (a + b) * x / (a + 1)
        if abs(d) < tiny { d = tiny }
        d = 1 / d
        var fraction = d
        for m in 1...10_000 {
            let m = Double(m)
            // Even step: d_{2m} = m(b−m)x / ((a+2m−1)(a+2m)).
            var numerator = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m))
            d = 1 + numerator * d
            if abs(d) < tiny { d = tiny }
            c = 1 + numerator / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            fraction *= d * c
            // Odd step: d_{2m+1} = −(a+m)(a+b+m)x / ((a+2m)(a+2m+1)).
            numerator = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))
            d = 1 + numerator * d
            if abs(d) < tiny { d = tiny }
            c = 1 + numerator / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            let step = d * c
            fraction *= step
            if abs(step - 1) < epsilon { break }
        }
        return fraction
    }
}
