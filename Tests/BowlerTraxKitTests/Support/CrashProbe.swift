import Foundation
import XCTest

/// Runs code that may trap in a child copy of this test process, so a known crash fails one test
/// instead of ending the whole run.
///
/// The parent starts the test bundle again with `filter` and `probeVariable` set; the probe test
/// (which skips unless that variable is set) runs the dangerous code there.
enum CrashProbe {
    static let probeVariable = "BOWLERTRAX_CRASH_PROBE"

    /// True inside the child process, where the probe test should run its code.
    static var isProbing: Bool { ProcessInfo.processInfo.environment[probeVariable] == "1" }

    /// Runs the test named `filter` (`Module.Class/testMethod`) in a child process; its termination status and reason.
    static func run(filter: String) throws -> (status: Int32, crashed: Bool) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = [filter]
        var environment = ProcessInfo.processInfo.environment
        environment[probeVariable] = "1"
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return (process.terminationStatus, process.terminationReason == .uncaughtSignal)
    }
}
