import Foundation
import XCTest

/// The README's tour run as a newcomer would copy it (issue #21, item 4): each `bowlertrax analyze my-shot.mp4 …` line of
/// "Analyse your own phone video", on the bundled clip with its calibration as `lane.json`, must run.
final class ReadmeTourTests: XCTestCase {
    /// The tour's `analyze` command lines, comments dropped, split into arguments after `bowlertrax`.
    private func tourAnalyzeCommands() throws -> [[String]] {
        let readme = try String(contentsOf: FaultsCLI.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        return readme.split(separator: "\n").filter { $0.hasPrefix("bowlertrax analyze my-shot.mp4") }.map { line in
            let command = line.split(separator: "#", maxSplits: 1)[0]
            return command.split(separator: " ").dropFirst().map(String.init)
        }
    }

    func testEveryTourAnalyzeCommandRunsOnTheBundledClip() throws {
        let clip = try FaultsCLI.fixture("right-720p60")
        let commands = try tourAnalyzeCommands()
        XCTAssertGreaterThanOrEqual(commands.count, 4, "the tour's analyze examples")
        for command in commands {
            let arguments = command.map { $0 == "my-shot.mp4" ? clip.video : $0 == "lane.json" ? clip.calibration : $0 } + ["--no-save"]
            let outcome = try FaultsCLI.bowlertrax(arguments, timeoutS: 120)
            XCTAssertEqual(outcome.status, 0, "bowlertrax \(command.joined(separator: " ")): \(outcome.stderr)")
        }
    }
}
