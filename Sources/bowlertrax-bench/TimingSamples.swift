import Dispatch

/// Durations of one repeated step, in nanoseconds, and their summary in milliseconds.
struct TimingSamples {
    private(set) var nanoseconds: [UInt64] = []

    var count: Int { nanoseconds.count }
    var totalS: Double { Double(nanoseconds.reduce(0, +)) / 1e9 }
    var meanMs: Double { nanoseconds.isEmpty ? 0 : Double(nanoseconds.reduce(0, +)) / Double(nanoseconds.count) / 1e6 }

    /// The `fraction` quantile (nearest rank), in milliseconds; 0 with no samples.
    func quantileMs(_ fraction: Double) -> Double {
        guard !nanoseconds.isEmpty else { return 0 }
        let sorted = nanoseconds.sorted()
        let rank = Int((fraction * Double(sorted.count)).rounded(.up))
        return Double(sorted[max(0, min(sorted.count, rank) - 1)]) / 1e6
    }

    /// The most recent duration, nanoseconds.
    var last: UInt64 { nanoseconds.last ?? 0 }

    mutating func record(_ durationNs: UInt64) { nanoseconds.append(durationNs) }

    /// Runs `body`, records how long it took and passes its result on.
    mutating func time<T>(_ body: () throws -> T) rethrows -> T {
        let start = DispatchTime.now().uptimeNanoseconds
        let result = try body()
        nanoseconds.append(DispatchTime.now().uptimeNanoseconds - start)
        return result
    }
}

/// Seconds `body` took on the monotonic clock, with its result.
func measureS<T>(_ body: () throws -> T) rethrows -> (seconds: Double, result: T) {
    let start = DispatchTime.now().uptimeNanoseconds
    let result = try body()
    return (Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9, result)
}
