import Foundation
import XCTest

/// scripts/crash-test with a small count: `analyze` killed with SIGKILL at random moments loses no shot it
/// reported as saved and leaves none half-written (the script checks; the full run uses 20 kills or more).
final class CrashTests: XCTestCase {
    func testKilledAnalyzeLosesNoReportedShot() throws {
        let script = FaultsCLI.packageRoot.appendingPathComponent("scripts/crash-test")
        var environment = ProcessInfo.processInfo.environment
        environment["BOWLERTRAX"] = FaultsCLI.binary.path
        environment["CRASH_SEED"] = "7"
        let outcome = try FaultsCLI.run(script, ["6"], timeoutS: 90, environment: environment)
        XCTAssertFalse(outcome.timedOut)
        XCTAssertEqual(outcome.status, 0, outcome.stdout + outcome.stderr)
        XCTAssertTrue(outcome.stdout.contains("0 lost, 0 half-written"), outcome.stdout)
    }
}
