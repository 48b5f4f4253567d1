import BowlerTraxKit
import Dispatch
import Foundation

/// Runs another program to completion and hands back what it printed, how long it took and how many threads it ran.
enum ReferenceProcess {
    struct Output {
        var stdout: String
        var stderr: String
        /// Wall time from launch to exit, start-up included.
        var wallS: Double
        /// User plus system CPU time of the process and all its threads.
        var cpuS: Double
        /// The most threads the process had at once (sampled from /proc every few milliseconds).
        var peakThreads: Int
    }

    /// Runs `program` (looked up on PATH unless it holds a slash) with `arguments`, on CPU `core` alone when one is
    /// given (`taskset -c`, which execs the program: the same process); throws unless it exits 0.
    static func run(_ program: String, _ arguments: [String], core: Int? = nil) throws -> Output {
        let process = Process()
        let command = (core.map { ["taskset", "-c", "\($0)"] } ?? []) + [program] + arguments
        if core == nil, program.contains("/") {
            process.executableURL = URL(fileURLWithPath: program)
            process.arguments = arguments
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = command
        }
        let stdout = Pipe(), stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = FileHandle.nullDevice
        let cpuBefore = ResourceUsage(RUSAGE_CHILDREN).cpuS
        let start = DispatchTime.now().uptimeNanoseconds
        do { try process.run() } catch { throw BenchError.cannotLaunch(program: program, reason: "\(error)") }
        let threads = ThreadCountSampler(pid: process.processIdentifier)
        // Drain stderr on another thread so neither pipe can fill up and stall the child.
        let errors = PipeDrain(stderr.fileHandleForReading)
        let out = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let errorText = errors.finish()
        process.waitUntilExit()
        let wallS = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let peakThreads = threads.finish()
        guard process.terminationStatus == 0 else {
            throw BenchError.referenceFailed(program: program, status: process.terminationStatus, stderr: errorText)
        }
        return Output(stdout: out, stderr: errorText, wallS: wallS, cpuS: ResourceUsage(RUSAGE_CHILDREN).cpuS - cpuBefore, peakThreads: peakThreads)
    }
}

/// A child's pipe read to its end on another thread, so it never fills up and stalls the child.
final class PipeDrain: @unchecked Sendable {
    /// Written once by the reading thread, read after the group wait.
    private var text = ""
    private let group = DispatchGroup()

    init(_ handle: FileHandle) {
        DispatchQueue.global().async(group: group) { [self] in text = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self) }
    }

    /// Everything the child wrote, once it has closed the pipe.
    func finish() -> String {
        group.wait()
        return text
    }
}

/// Counts a running process's threads (the entries of /proc/PID/task) every `intervalUs` on another thread, keeping
/// the most seen at once: Linux keeps no peak of its own, and the process is gone by the time its CPU time is known.
final class ThreadCountSampler: @unchecked Sendable {
    static let intervalUs: useconds_t = 3_000
    private let lock = NSLock()
    /// Guarded by `lock`.
    private var peak = 0
    private var stopped = false
    private let group = DispatchGroup()

    init(pid: Int32) {
        DispatchQueue.global().async(group: group) { [self] in
            let tasks = "/proc/\(pid)/task"
            while true {
                let count = (try? FileManager.default.contentsOfDirectory(atPath: tasks).count) ?? 0
                let done = lock.withLock {
                    peak = max(peak, count)
                    return stopped
                }
                if done { return }
                usleep(Self.intervalUs)
            }
        }
    }

    /// Stops sampling (once the process has exited) and gives the peak.
    func finish() -> Int {
        lock.withLock { stopped = true }
        group.wait()
        return lock.withLock { peak }
    }
}
