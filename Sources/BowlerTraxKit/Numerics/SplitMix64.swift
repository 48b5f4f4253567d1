import Glibc

/// SplitMix64 (Steele, Lea & Flood, "Fast splittable pseudorandom number generators", OOPSLA 2014):
/// a tiny seeded generator, so the same seed gives the same samples (Monte Carlo, sensor noise, tests) on every platform.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform double in [0, 1) from the top 53 bits.
    public mutating func nextUnit() -> Double { Double(next() >> 11) / 9_007_199_254_740_992.0 }

    /// A uniform double in the open interval (0, 1) from the top 53 bits (safe for a logarithm).
    public mutating func nextUnitInterval() -> Double {
        (Double(next() >> 11) + 0.5) / 9_007_199_254_740_992.0
    }

    /// A standard normal deviate (Box–Muller); one of the pair is dropped to keep the state simple.
    public mutating func nextGaussian() -> Double {
        let radius = (-2 * log(nextUnitInterval())).squareRoot()
        return radius * cos(2 * Double.pi * nextUnitInterval())
    }
}
