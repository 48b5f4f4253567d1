import BowlerTraxKit
import Foundation

/// Seeded Gaussian sensor noise: xorshift64* drives lookups into a table of Gaussian samples (deterministic, fast).
struct SensorNoise {
    private let table: [Float]
    private var state: UInt64

    init(sigma: Double, seed: UInt64) {
        // Box-Muller from a fixed generator fills the table once; 65536 entries are indexed by 16-bit slices.
        var generator = SplitMix64(seed: 0x5EED)
        var values = [Float](repeating: 0, count: 65536)
        for i in stride(from: 0, to: values.count, by: 2) {
            let u1 = max(generator.nextUnit(), 1e-12), u2 = generator.nextUnit()
            let r = (-2 * log(u1)).squareRoot() * sigma
            values[i] = Float(r * cos(2 * .pi * u2))
            values[i + 1] = Float(r * sin(2 * .pi * u2))
        }
        table = values
        var mixer = SplitMix64(seed: seed)
        state = mixer.next() | 1
    }

    /// Reseeds for one frame so every frame's noise depends only on (seed, frame index).
    mutating func reseed(seed: UInt64, frame: Int) {
        var mixer = SplitMix64(seed: seed &* 0x9E37_79B9_7F4A_7C15 &+ UInt64(frame))
        state = mixer.next() | 1
    }

    /// Adds noise to `canvas` (0-255 floats) and writes clamped bytes into `output`.
    mutating func apply(canvas: UnsafeBufferPointer<Float>, output: UnsafeMutableBufferPointer<UInt8>) {
        precondition(canvas.count == output.count, "canvas and output sizes differ")
        table.withUnsafeBufferPointer { gauss in
            var i = 0
            let n = canvas.count
            while i < n {
                state ^= state >> 12
                state ^= state << 25
                state ^= state >> 27
                var bits = state &* 0x2545_F491_4F6C_DD1D
                var k = 0
                while k < 4, i < n {
                    let v = canvas[i] + gauss[Int(bits & 0xFFFF)] + 0.5
                    output[i] = UInt8(min(255, max(0, v)))
                    bits >>= 16
                    k += 1
                    i += 1
                }
            }
        }
    }
}
