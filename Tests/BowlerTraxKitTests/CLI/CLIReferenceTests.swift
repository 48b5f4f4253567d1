import XCTest

/// docs/cli.md is the tool's own help for every command (`scripts/cli-reference`): an option added, renamed or dropped
/// without regenerating it fails here, in either direction (issue #21).
final class CLIReferenceTests: XCTestCase {
    func testReferenceIsTheToolsOwnHelp() throws {
        let script = FaultsCLI.packageRoot.appendingPathComponent("scripts/cli-reference")
        let outcome = try FaultsCLI.run(URL(fileURLWithPath: "/bin/bash"), [script.path, FaultsCLI.binary.path])
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        let committed = try String(contentsOf: FaultsCLI.packageRoot.appendingPathComponent("docs/cli.md"), encoding: .utf8)
        XCTAssertEqual(outcome.stdout, committed, "docs/cli.md differs from the tool's help: run scripts/cli-reference > docs/cli.md")
        for command in ["analyze", "calibrate", "live", "shots show", "centers add", "strike-table"] {
            XCTAssertTrue(outcome.stdout.contains("\n## bowlertrax \(command)\n"), "the walk reaches \(command)")
        }
    }
}
