import Foundation
import XCTest

/// scripts/crash-test with a small count: `analyze`, and `live` on the emulated camera, killed with SIGKILL at
/// random moments lose no shot they reported as saved and leave none half-written (the script checks; the full
/// runs use 20 kills: `scripts/crash-test 20`, `scripts/crash-test --live 20`).
final class CrashTests: XCTestCase {
    private func assertNothingLost(_ arguments: [String], timeoutS: Double) throws {
        let script = FaultsCLI.packageRoot.appendingPathComponent("scripts/crash-test")
        var environment = ProcessInfo.processInfo.environment
        environment["BOWLERTRAX"] = FaultsCLI.binary.path
        environment["CRASH_SEED"] = "7"
        let outcome = try FaultsCLI.run(script, arguments, timeoutS: timeoutS, environment: environment)
        XCTAssertFalse(outcome.timedOut)
        XCTAssertEqual(outcome.status, 0, outcome.stdout + outcome.stderr)
        XCTAssertTrue(outcome.stdout.contains("0 lost, 0 half-written"), outcome.stdout)
    }

    func testKilledAnalyzeLosesNoReportedShot() throws { try assertNothingLost(["6"], timeoutS: 90) }

    func testKilledLiveSessionLosesNoReportedShot() throws { try assertNothingLost(["--live", "3"], timeoutS: 120) }
}
