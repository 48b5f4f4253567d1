import Dispatch
import Foundation

/// Durations of one repeated step, in nanoseconds, on two clocks, and their summary in milliseconds.
///
/// Wall time counts everything, including time the thread waited while other processes ran;
/// the calling thread's CPU time counts only the work itself, so it holds still on a shared,
/// loaded machine. Single-thread stages are judged on CPU time; decode (multithreaded) on wall time.
struct TimingSamples {
    enum Clock { case wall, threadCPU }

    private(set) var wallNs: [UInt64] = []
    private(set) var cpuNs: [UInt64] = []

    var count: Int { wallNs.count }

    func meanMs(_ clock: Clock) -> Double {
        let samples = clock == .wall ? wallNs : cpuNs
        return samples.isEmpty ? 0 : Double(samples.reduce(0, +)) / Double(samples.count) / 1e6
    }

    /// The `fraction` quantile (nearest rank), in milliseconds; 0 with no samples.
    func quantileMs(_ fraction: Double, _ clock: Clock) -> Double {
        let sorted = (clock == .wall ? wallNs : cpuNs).sorted()
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((fraction * Double(sorted.count)).rounded(.up))
        return Double(sorted[max(0, min(sorted.count, rank) - 1)]) / 1e6
    }

    /// The most recent sample on both clocks, ns (zeros before the first).
    var last: (wall: UInt64, cpu: UInt64) { (wallNs.last ?? 0, cpuNs.last ?? 0) }

    /// Adds a sample timed elsewhere.
    mutating func record(_ sample: (wall: UInt64, cpu: UInt64)) {
        wallNs.append(sample.wall)
        cpuNs.append(sample.cpu)
    }

    /// Runs `body`, records how long it took on both clocks and passes its result on.
    mutating func time<T>(_ body: () throws -> T) rethrows -> T {
        let wallStart = DispatchTime.now().uptimeNanoseconds, cpuStart = Self.threadCPUNs()
        let result = try body()
        cpuNs.append(Self.threadCPUNs() - cpuStart)
        wallNs.append(DispatchTime.now().uptimeNanoseconds - wallStart)
        return result
    }

    /// CPU time the calling thread has used, ns.
    static func threadCPUNs() -> UInt64 {
        var spec = timespec()
        // Fails only for an unknown clock id, which this constant is not.
        precondition(clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec) == 0, "clock_gettime(CLOCK_THREAD_CPUTIME_ID) failed, errno \(errno)")
        return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
    }
}

/// Seconds `body` took on the monotonic clock, with its result.
func measureS<T>(_ body: () throws -> T) rethrows -> (seconds: Double, result: T) {
    let start = DispatchTime.now().uptimeNanoseconds
    let result = try body()
    return (Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9, result)
}
