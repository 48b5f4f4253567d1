import BowlerTraxKit

/// A seeded pseudo-random sequence so noisy tests are repeatable.
struct DeterministicNoise {
    private var generator: SplitMix64
    init(seed: UInt64) { generator = SplitMix64(seed: seed) }

    /// Uniform in [-amplitude, amplitude].
    mutating func uniform(_ amplitude: Double) -> Double {
        (generator.nextUnit() * 2 - 1) * amplitude
    }
}
