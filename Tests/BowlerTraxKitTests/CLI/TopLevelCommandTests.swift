import XCTest

/// The tool with no subcommand: a newcomer typing `bowlertrax` alone sees what it can do, and `--version` says what
/// runs; a misspelt subcommand or option is answered with the nearest that exists (issue #21).
final class TopLevelCommandTests: XCTestCase {
    func testNoArgumentsShowsTheOverviewHelpAndFails() throws {
        let outcome = try FaultsCLI.bowlertrax([])
        XCTAssertEqual(outcome.status, 64, "no subcommand is still a usage error")
        XCTAssertTrue(outcome.stderr.hasPrefix("OVERVIEW: "), outcome.stderr)
        XCTAssertTrue(outcome.stderr.contains("\nSUBCOMMANDS:\n"), outcome.stderr)
        XCTAssertTrue(outcome.stderr.contains("  analyze "), outcome.stderr)
        XCTAssertEqual(outcome.stdout, "")
        XCTAssertEqual(try FaultsCLI.bowlertrax(["--help"]).stdout, outcome.stderr, "the same help as --help")
    }

    func testVersionNamesTheToolAndTheLibrariesInUse() throws {
        let outcome = try FaultsCLI.bowlertrax(["--version"])
        XCTAssertEqual(outcome.status, 0)
        let lines = outcome.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 3, outcome.stdout)
        XCTAssertNotNil(lines.first?.range(of: #"^bowlertrax \d+\.\d+\.\d+$"#, options: .regularExpression), outcome.stdout)
        XCTAssertNotNil(lines.dropFirst().first?.range(of: #"^FFmpeg \S+, libavcodec \d+\.\d+\.\d+$"#, options: .regularExpression), outcome.stdout)
        XCTAssertNotNil(lines.last?.range(of: #"^SQLite 3\.\d+\.\d+"#, options: .regularExpression), outcome.stdout)
        XCTAssertTrue(try FaultsCLI.bowlertrax(["--help"]).stdout.contains("--version"), "--help lists it")
    }

    func testAnOptionBeforeTheSubcommandIsStillAUsageError() throws {
        let outcome = try FaultsCLI.bowlertrax(["--db", "x.sqlite"])
        XCTAssertEqual(outcome.status, 64)
        XCTAssertEqual(outcome.errorLine, "Error: missing subcommand")
    }

    func testMisspeltSubcommandOrOptionSuggestsTheNearestName() throws {
        XCTAssertEqual(try FaultsCLI.bowlertrax(["analyse"]).errorLine, "Error: unknown subcommand 'analyse'; did you mean 'analyze'?")
        XCTAssertEqual(try FaultsCLI.bowlertrax(["sessions", "lst"]).errorLine, "Error: unknown subcommand 'lst'; did you mean 'list'?")
        let option = try FaultsCLI.bowlertrax(["analyze", "clip.mp4", "--calbration", "lane.json"])
        XCTAssertEqual(option.status, 64)
        XCTAssertEqual(option.errorLine, "Error: unknown option '--calbration'; did you mean '--calibration'?")
        XCTAssertEqual(try FaultsCLI.bowlertrax(["bowl"]).errorLine, "Error: unknown subcommand 'bowl'", "nothing near enough: no guess")
    }
}
