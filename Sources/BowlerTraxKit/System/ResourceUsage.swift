import Glibc

/// CPU time used so far, and this process's peak memory.
public struct ResourceUsage: Sendable {
    /// CPU time in user space and in the kernel, seconds, over every thread.
    public var userS: Double
    public var systemS: Double
    public var cpuS: Double { userS + systemS }

    /// The CPU time of this process (`RUSAGE_SELF`) or of its children waited for (`RUSAGE_CHILDREN`).
    public init(_ who: __rusage_who) {
        var usage = rusage()
        // Fails only on a bad `who` or pointer, neither of which Swift lets through.
        getrusage(who.rawValue, &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        (userS, systemS) = (seconds(usage.ru_utime), seconds(usage.ru_stime))
    }

    /// This process's peak resident set in kB: VmHWM of /proc/self/status, its own address space. Not getrusage's
    /// ru_maxrss, which Linux carries over exec from the process that spawned this one (a bench hundreds of MB large).
    public static func peakRSSkB() -> Int? {
        guard let status = try? Streams.readAll(path: "/proc/self/status") else { return nil }
        let line = String(decoding: status, as: UTF8.self).split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
        return line?.split(separator: " ").compactMap { Int($0) }.first
    }

    /// ffmpeg's `-benchmark` line for this process, the wall time counted from `start`:
    /// `bench: utime=1.234s stime=0.056s rtime=0.789s maxrss=92036kB`.
    public static func benchmarkLine(since start: ContinuousClock.Instant) -> String {
        let wall = (ContinuousClock.now - start).components
        let wallS = Double(wall.seconds) + Double(wall.attoseconds) / 1e18
        let usage = ResourceUsage(RUSAGE_SELF)
        return "bench: utime=\(String(usage.userS, decimals: 3))s stime=\(String(usage.systemS, decimals: 3))s rtime=\(String(wallS, decimals: 3))s"
            + " maxrss=\(peakRSSkB().map(String.init) ?? "?")kB"
    }
}
