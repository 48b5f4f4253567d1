/// Root finding for the monotonic curves the fits produce.
enum Bisection {
    /// A root of `f` in `range` to about 1e-12 of its width; nil when f does not change sign across it.
    static func root(in range: ClosedRange<Double>, _ f: (Double) -> Double) -> Double? {
        var low = range.lowerBound, high = range.upperBound
        var fLow = f(low)
        guard fLow * f(high) <= 0 else { return nil }
        for _ in 0..<60 {
            let mid = (low + high) / 2
            let fMid = f(mid)
            if (fMid <= 0) == (fLow <= 0) { low = mid; fLow = fMid } else { high = mid }
        }
        return (low + high) / 2
    }
}
