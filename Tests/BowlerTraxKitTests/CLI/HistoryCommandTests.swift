import XCTest
@testable import BowlerTraxKit

/// The history commands run as a subprocess on a database filled by analysing three fixture clips
/// (see `HistoryCLI`): session 1 "week 1" (1 shot, id 1), 2 "week 2" (3 shots, ids 2–4, ball Blue),
/// 3 "left-720p60.mp4" (1 shot, id 5).
final class HistoryCommandTests: XCTestCase {
    private var directory = ""
    private var db = ""

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "bowlertrax-history-cli-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        db = try HistoryCLI.copyOfFilledDatabase(in: directory)
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(atPath: directory)
    }

    private func run(_ arguments: String...) throws -> HistoryCLI.Output {
        try HistoryCLI.run(arguments + ["--db", db])
    }

    /// Runs a command that must succeed and print JSON; returns the parsed value.
    private func json(_ arguments: String...) throws -> Any {
        let output = try HistoryCLI.run(arguments + ["--db", db])
        XCTAssertEqual(output.status, 0, output.stderr)
        return try JSONSerialization.jsonObject(with: Data(output.stdout.utf8))
    }

    private func statsJSON(_ arguments: String...) throws -> [String: Any] {
        let output = try HistoryCLI.run(["stats", "--json", "--db", db] + arguments)
        XCTAssertEqual(output.status, 0, output.stderr)
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
    }

    func testSessionsListHasEverySessionWithItsDetails() throws {
        let sessions = try XCTUnwrap(try json("sessions", "list", "--json") as? [[String: Any]])
        XCTAssertEqual(sessions.map { $0["name"] as? String }, ["week 1", "week 2", "left-720p60.mp4"])
        XCTAssertEqual(sessions.map { $0["shots"] as? Int }, [1, 3, 1])
        XCTAssertEqual(sessions[0]["center"] as? String, "Lucky Lanes")
        XCTAssertEqual(sessions[0]["lane_number"] as? Int, 3)
        XCTAssertEqual(sessions[0]["kind"] as? String, "league")
        XCTAssertEqual(sessions[0]["oil_pattern"] as? String, "House")
        XCTAssertEqual(sessions[1]["ball"] as? String, "Blue")
        XCTAssertEqual(sessions[2]["hand"] as? String, "left")
    }

    func testSessionsShowListsTheSessionsShotIds() throws {
        let session = try XCTUnwrap(try json("sessions", "show", "week 2", "--json") as? [String: Any])
        let shots = try XCTUnwrap(session["shot_list"] as? [[String: Any]])
        XCTAssertEqual(shots.map { $0["shot_id"] as? Int }, [2, 3, 4])
        let text = try run("sessions", "show", "2").stdout
        XCTAssertTrue(text.hasPrefix("Session 2: week 2\n"), text)
        XCTAssertTrue(text.contains("\nid  #  speed mph"), text)
    }

    func testShotsListFiltersAsTheStatisticsDo() throws {
        let all = try XCTUnwrap(try json("shots", "list", "--json") as? [[String: Any]])
        XCTAssertEqual(all.map { $0["shot_id"] as? Int }, [1, 2, 3, 4, 5])
        let ann = try XCTUnwrap(try json("shots", "list", "--bowler", "Ann", "--json") as? [[String: Any]])
        XCTAssertEqual(ann.map { $0["shot_id"] as? Int }, [1, 2, 3, 4])
        XCTAssertEqual(try statsJSON("--bowler", "Ann")["shots"] as? Int, 4, "the statistics take the same filter")
        XCTAssertEqual(try run("shots", "reject", "3").status, 0)
        let kept = try XCTUnwrap(try json("shots", "list", "--session", "week 2", "--json") as? [[String: Any]])
        XCTAssertEqual(kept.map { $0["shot_id"] as? Int }, [2, 4])
        let text = try run("shots", "list", "--session", "week 2", "--include-rejected").stdout
        XCTAssertTrue(text.hasPrefix("id  session"), text)
        XCTAssertEqual(text.split(separator: "\n").filter { $0.hasSuffix("rejected") }.count, 1, text)
        XCTAssertEqual(try run("shots", "list", "--from", "2001-01-01", "--to", "2001-12-31").stdout, "No shots.\n")
    }

    func testShotsShowPrintsEveryFieldAsStored() throws {
        let shot = try XCTUnwrap(try json("shots", "show", "2", "--json") as? [String: Any])
        XCTAssertEqual(shot["shot_id"] as? Int, 2)
        XCTAssertEqual(shot["session"] as? String, "week 2")
        XCTAssertFalse((shot["trajectory"] as? [Any] ?? []).isEmpty, "--json holds the trajectory")
        let text = try run("shots", "show", "2").stdout
        XCTAssertTrue(text.hasPrefix("Shot 2: number 1 of session 2 week 2\n"), text)
        for field in MeasurementField.all {
            let value = field.text(in: ShotMeasurements()) { ShotTable.format($0, 2) }
            XCTAssertNil(value)
            XCTAssertTrue(text.contains("\n" + field.name + " "), field.name)
        }
        let entry = try XCTUnwrap(shot["entry_board"] as? Double)
        XCTAssertTrue(text.contains("\nentry_board ") && text.contains(" " + ShotTable.format(entry, 2) + "\n"), text)
        let missing = try run("shots", "show", "99")
        XCTAssertEqual(missing.status, 65)
        XCTAssertEqual(missing.stderr, "Error: no shot with id 99\n")
    }

    func testSessionsRenameThenFindsItByTheNewName() throws {
        XCTAssertEqual(try run("sessions", "rename", "week 1", "opening night").stdout, "Renamed session 1 from 'week 1' to 'opening night'.\n")
        let session = try XCTUnwrap(try json("sessions", "show", "opening night", "--json") as? [String: Any])
        XCTAssertEqual(session["session_id"] as? Int, 1)
    }

    func testSessionsRenameToATakenNameFails() throws {
        let output = try run("sessions", "rename", "week 1", "week 2")
        XCTAssertEqual(output.status, 65)
        XCTAssertEqual(output.stderr, "Error: a session named \"week 2\" already exists\n")
    }

    func testSessionsDeleteRemovesTheSessionAndItsShots() throws {
        XCTAssertEqual(try run("sessions", "delete", "week 2").stdout, "Deleted session 2 'week 2' and its 3 shots.\n")
        XCTAssertEqual(try statsJSON()["shots"] as? Int, 2)
    }

    func testUnknownSessionIsOneErrorLine() throws {
        let output = try run("sessions", "show", "week 9")
        XCTAssertEqual(output.status, 65)
        XCTAssertEqual(output.stderr, "Error: no session named \"week 9\"\n")
    }

    /// A number is taken as a session id first: when no session has it, the error says so rather than "no session named".
    func testUnknownSessionIdIsNamedAsAnId() throws {
        let output = try run("sessions", "show", "99")
        XCTAssertEqual(output.status, 65)
        XCTAssertEqual(output.stderr, "Error: no session with id 99\n")
    }

    func testRejectedShotLeavesStatisticsUntilRestored() throws {
        XCTAssertEqual(try run("shots", "reject", "3").stdout, "Rejected shot 3: statistics leave it out.\n")
        XCTAssertEqual(try statsJSON()["shots"] as? Int, 4)
        XCTAssertEqual(try statsJSON("--include-rejected")["shots"] as? Int, 5)
        XCTAssertEqual(try run("shots", "restore", "3").stdout, "Restored shot 3: statistics count it again.\n")
        XCTAssertEqual(try statsJSON()["shots"] as? Int, 5)
    }

    func testEnteredResultsGiveTheStrikePercent() throws {
        XCTAssertEqual(try run("shots", "set-result", "1", "strike").stdout, "Shot 1: strike.\n")
        XCTAssertEqual(try run("shots", "set-result", "2", "spare", "--pins", "10").stdout, "Shot 2: spare (10 left).\n")
        // One wording of a result wherever it is shown (it was written three ways).
        XCTAssertTrue(try run("shots", "show", "2").stdout.contains("  result: spare (10 left)\n"))
        XCTAssertTrue(try run("shots", "list").stdout.contains("spare (10 left)"))
        let stats = try statsJSON()
        XCTAssertEqual(stats["results_entered"] as? Int, 2)
        XCTAssertEqual(stats["strike_percent_entered"] as? Double, 50)
    }

    func testStrikeWithPinsIsAUsageError() throws {
        let output = try run("shots", "set-result", "1", "strike", "--pins", "10")
        XCTAssertEqual(output.status, 64)
        XCTAssertEqual(output.stderr, """
            Error: a strike leaves no pins: drop --pins
            Usage: bowlertrax shots set-result <shot-id> <result> [--pins <pins>] [--json] [--db <file|url>]
              See 'bowlertrax shots set-result --help' for more information.

            """)
    }

    /// docs/history.md's exit codes hold for the mistakes it lists there.
    func testSetResultMistakesExitAsDocumented() throws {
        let doc = try String(contentsOf: FaultsCLI.packageRoot.appendingPathComponent("docs/history.md"), encoding: .utf8)
        let section = doc.components(separatedBy: "## Exit codes")[1].components(separatedBy: "\n## ")[0]
        // Each bullet, its wrapped lines joined, starts with its code: "65 (EX_DATAERR): no such session / shot …".
        let bullets = section.components(separatedBy: "\n- ").dropFirst().map { $0.replacingOccurrences(of: "\n  ", with: " ") }
        func documentedCode(_ mistake: String) -> Int32? {
            bullets.first { $0.contains(mistake) }.flatMap { Int32($0.prefix(2)) }
        }
        for (mistake, arguments) in [("strike with pins", ["shots", "set-result", "1", "strike", "--pins", "10"]),
                                     ("invalid pins", ["shots", "set-result", "1", "open", "--pins", "7,11"]),
                                     ("no such session", ["sessions", "show", "week 9"])] {
            let output = try HistoryCLI.run(arguments + ["--db", db])
            XCTAssertEqual(documentedCode(mistake), output.status, "\(mistake): \(output.stderr)")
        }
    }

    func testBadPinIsAUsageError() throws {
        let output = try run("shots", "set-result", "1", "open", "--pins", "7,11")
        XCTAssertEqual(output.status, 64)
        XCTAssertTrue(output.stderr.hasPrefix("Error: --pins takes pin numbers 1 to 10 separated by commas (got '7,11')\n"), output.stderr)
    }

    func testUnknownShotIsOneErrorLine() throws {
        let output = try run("shots", "reject", "99")
        XCTAssertEqual(output.status, 65)
        XCTAssertEqual(output.stderr, "Error: no shot with id 99\n")
    }

    func testStatsFiltersByBallCenterAndSession() throws {
        XCTAssertEqual(try statsJSON("--ball", "Blue")["shots"] as? Int, 3)
        XCTAssertEqual(try statsJSON("--center", "Lucky Lanes")["shots"] as? Int, 1)
        XCTAssertEqual(try statsJSON("--session", "1", "--session", "left-720p60.mp4")["shots"] as? Int, 2)
        XCTAssertEqual(try statsJSON("--session", "1", "--session", "left-720p60.mp4")["sessions"] as? Int, 2)
    }

    func testStatsOutsideTheDateRangeFindsNoShots() throws {
        XCTAssertEqual(try run("stats", "--from", "2000-01-01", "--to", "2000-01-31").stdout, "No shots match.\n")
    }

    func testStatsGivesMeanSpreadAndRangeOfEveryMeasurement() throws {
        let measurements = try XCTUnwrap(try statsJSON("--session", "week 2")["measurements"] as? [String: Any])
        let speed = try XCTUnwrap(measurements["launch_speed_mph"] as? [String: Any])
        XCTAssertEqual(speed["count"] as? Int, 3)
        let mean = try XCTUnwrap(speed["mean"] as? Double), low = try XCTUnwrap(speed["min"] as? Double), high = try XCTUnwrap(speed["max"] as? Double)
        XCTAssertTrue(low < mean && mean < high)
        XCTAssertGreaterThan(try XCTUnwrap(speed["sd"] as? Double), 0)
        XCTAssertEqual(Set(measurements.keys), Set(Measure.all.map(\.key)))
    }

    func testStatsBySessionGivesOneGroupPerSession() throws {
        let groups = try XCTUnwrap(try json("stats", "--by", "session", "--json") as? [[String: Any]])
        XCTAssertEqual(groups.map { $0["session"] as? String }, ["1 week 1", "2 week 2", "3 left-720p60.mp4"])
    }

    func testBadDateIsAUsageError() throws {
        let output = try run("stats", "--from", "2025-02-30")
        XCTAssertEqual(output.status, 64)
        XCTAssertTrue(output.stderr.hasPrefix("Error: --from must be a day as YYYY-MM-DD (got '2025-02-30')\n"), output.stderr)
    }

    func testCompareBallWithDateRangeGivesWelchP() throws {
        let today = String(try XCTUnwrap((try json("sessions", "list", "--json") as? [[String: Any]])?.first?["started_at"] as? String).prefix(10))
        let comparison = try XCTUnwrap(try json("compare", "ball:Blue", "\(today)..\(today)", "--json") as? [String: Any])
        XCTAssertEqual((comparison["a"] as? [String: Any])?["shots"] as? Int, 3)
        XCTAssertEqual((comparison["b"] as? [String: Any])?["shots"] as? Int, 5)
        let rows = try XCTUnwrap(comparison["measurements"] as? [[String: Any]])
        let speed = try XCTUnwrap(rows.first { $0["measurement"] as? String == "launch_speed_mph" })
        let p = try XCTUnwrap(speed["p"] as? Double)
        XCTAssertTrue(p > 0 && p <= 1, "p = \(p)")
        XCTAssertNotNil(speed["t"] as? Double)
    }

    func testCompareSessionsPrintsSideBySide() throws {
        let output = try run("compare", "week 2", "1")
        XCTAssertEqual(output.status, 0, output.stderr)
        XCTAssertTrue(output.stdout.hasPrefix("A: session 2 week 2, 3 shots\nB: session 1 week 1, 1 shot\nmeasurement "), output.stdout)
    }

    func testCompareUnknownSessionIsOneErrorLine() throws {
        let output = try run("compare", "week 9", "1")
        XCTAssertEqual(output.status, 65)
        XCTAssertEqual(output.stderr, "Error: no session named \"week 9\"\n")
    }

    func testExportShotsCSVHasAHeaderWithUnitsAndARowPerShot() throws {
        let output = try run("export", "shots", "--csv")
        XCTAssertEqual(output.status, 0, output.stderr)
        let records = output.stdout.components(separatedBy: "\r\n")
        XCTAssertEqual(records.count, 7, "header, 5 shots and the empty rest after the last CRLF")
        XCTAssertTrue(records[0].hasPrefix("shot_id,session_id,session,session_started_at,"), records[0])
        XCTAssertTrue(records[0].contains(",launch_speed_mph,entry_speed_mph,average_speed_mph,rev_rate_rpm,"), records[0])
        XCTAssertTrue(records[1].hasPrefix("1,1,week 1,"), records[1])
    }

    func testExportSessionsJSONToAFile() throws {
        let path = directory + "/sessions.json"
        XCTAssertEqual(try run("export", "sessions", "--json", "--output", path).status, 0)
        let sessions = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [[String: Any]])
        XCTAssertEqual(sessions.count, 3)
    }

    /// A folder given as the output (`--output ~/reports`) says so rather than "permission denied or not a file".
    func testReportToAFolderSaysItIsAFolder() throws {
        let output = try run("report", "--output", directory)
        XCTAssertEqual(output.status, 73)
        XCTAssertEqual(output.stderr, "Error: cannot write \(directory): it is a folder; give a file name\n")
    }

    /// A report or an export never replaces a file by surprise: without --force it says so and leaves it whole.
    func testReportAndExportKeepAnExistingFileWithoutForce() throws {
        for command in [["report"], ["export", "shots", "--csv"]] {
            let path = directory + "/mine.txt"
            try Data("mine".utf8).write(to: URL(fileURLWithPath: path))
            let refused = try HistoryCLI.run(command + ["--output", path, "--db", db])
            XCTAssertEqual(refused.status, 73, "\(command)")
            XCTAssertEqual(refused.stderr, "Error: cannot write \(path): it exists; give --force to replace it\n")
            XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "mine")
            let forced = try HistoryCLI.run(command + ["--output", path, "--force", "--db", db])
            XCTAssertEqual(forced.status, 0, forced.stderr)
            XCTAssertNotEqual(try String(contentsOfFile: path, encoding: .utf8), "mine")
        }
    }

    func testExportNeedsExactlyOneFormat() throws {
        let output = try run("export", "shots")
        XCTAssertEqual(output.status, 64)
        XCTAssertEqual(output.stderr, """
            Error: give exactly one of --csv and --json
            Usage: bowlertrax export <what> (--csv | --json) [--output <file> [--force]] [--trajectory] [filters: --session, --from, --to, --ball, --center, --bowler, --include-rejected] [--db <file|url>]
              See 'bowlertrax export --help' for more information.

            """)
    }

    func testCentersAddAndList() throws {
        XCTAssertEqual(try run("centers", "add", "Strike Zone").stdout, "Added centre 'Strike Zone' (id 2).\n")
        let centers = try XCTUnwrap(try json("centers", "list", "--json") as? [[String: Any]])
        XCTAssertEqual(centers.map { $0["name"] as? String }, ["Lucky Lanes", "Strike Zone"])
        XCTAssertEqual(centers[0]["calibrated_lanes"] as? [Int], [3])
    }

    func testCentersAddTwiceFails() throws {
        let output = try run("centers", "add", "Lucky Lanes")
        XCTAssertEqual(output.status, 65)
        XCTAssertEqual(output.stderr, "Error: a centre named \"Lucky Lanes\" already exists\n")
    }

    func testCalibrationsListShowsTheOneInUse() throws {
        let calibrations = try XCTUnwrap(try json("calibrations", "list", "--json") as? [[String: Any]])
        XCTAssertEqual(calibrations.count, 1)
        XCTAssertEqual(calibrations[0]["center"] as? String, "Lucky Lanes")
        XCTAssertEqual(calibrations[0]["lane_number"] as? Int, 3)
        XCTAssertEqual(calibrations[0]["in_use"] as? Bool, true)
    }

    func testAnalyzeWithAStoredCalibrationMeasuresOnTheLane() throws {
        // Session 1 was analysed with --center "Lucky Lanes" --lane 3 and no --calibration.
        let truth = try XCTUnwrap(try FixtureTruth.load("right-720p60").shots.first)
        let session = try XCTUnwrap(try json("sessions", "show", "1", "--json") as? [String: Any])
        let shot = try XCTUnwrap((session["shot_list"] as? [[String: Any]])?.first)
        XCTAssertEqual(try XCTUnwrap(shot["entry_board"] as? Double), truth.entry_board, accuracy: 0.5)
        XCTAssertEqual(try XCTUnwrap(shot["arrows_board"] as? Double), truth.arrows_board, accuracy: 0.5)
    }

    func testAnalyzeOnALaneWithoutCalibrationFails() throws {
        let video = FixtureTruth.directory.appendingPathComponent("right-720p60.mp4").path
        let output = try run("analyze", video, "--center", "Lucky Lanes", "--lane", "9", "--ball-hsv", "220,85,75")
        XCTAssertEqual(output.status, 65)
        XCTAssertEqual(output.stderr, "Error: lane 9 at \"Lucky Lanes\" has no stored calibration; calibrate it first or give --calibration\n")
    }

    func testAnalyzeIntoAnExistingSessionNumbersAfterItsShots() throws {
        let truth = try FixtureTruth.load("right-720p60")
        let video = FixtureTruth.directory.appendingPathComponent("right-720p60.mp4").path
        let hsv = truth.ball_hsv.map { String(Int($0.rounded())) }.joined(separator: ",")
        XCTAssertEqual(try run("analyze", video, "--center", "Lucky Lanes", "--lane", "3", "--ball-hsv", hsv, "--session", "week 1").status, 0)
        let session = try XCTUnwrap(try json("sessions", "show", "week 1", "--json") as? [String: Any])
        XCTAssertEqual((session["shot_list"] as? [[String: Any]])?.map { $0["shot_number"] as? Int }, [1, 2])
        XCTAssertEqual(session["kind"] as? String, "league")
    }

    func testEveryHistoryCommandHasHelp() throws {
        let commands = [["sessions"], ["sessions", "list"], ["sessions", "show"], ["sessions", "rename"], ["sessions", "delete"],
                        ["shots"], ["shots", "list"], ["shots", "show"], ["shots", "reject"], ["shots", "restore"], ["shots", "set-result"], ["stats"], ["compare"], ["report"],
                        ["export"], ["centers"], ["centers", "add"], ["centers", "list"], ["calibrations"], ["calibrations", "list"]]
        for command in commands {
            let output = try HistoryCLI.run(command + ["--help"])
            XCTAssertEqual(output.status, 0, command.joined(separator: " "))
            XCTAssertTrue(output.stdout.hasPrefix("OVERVIEW: "), command.joined(separator: " "))
            XCTAssertTrue(output.stdout.contains("\n  -h, --help"), command.joined(separator: " "))
        }
    }

    func testSetResultHelpText() throws {
        XCTAssertEqual(try HistoryCLI.run(["shots", "set-result", "--help"]).stdout, """
            OVERVIEW: Enter what a shot really did.

            USAGE: bowlertrax shots set-result <shot-id> <result> [--pins <pins>] [--json] [--db <file|url>]

            ARGUMENTS:
              <shot-id>   The shot's id, as 'sessions show' lists it.
              <result>    What happened. (values: strike, spare, open)

            OPTIONS:
              --pins <pins>    Pins left standing after the shot, e.g. 10 or 7,10.
              --json           Print JSON.
              --db <file|url>  SQLite file, or postgresql://user@host:port/dbname for a shared server. (default: $BOWLERTRAX_DB, else $XDG_DATA_HOME/bowlertrax/bowlertrax.sqlite)
              -h, --help       Show help information.

            """)
    }

    func testEveryHistoryCommandPrintsJSON() throws {
        let commands = [["sessions", "list"], ["sessions", "show", "1"], ["sessions", "rename", "3", "lefty"], ["shots", "reject", "5"],
                        ["shots", "restore", "5"], ["shots", "set-result", "4", "open", "--pins", "7,10"], ["stats"], ["stats", "--by", "ball"],
                        ["compare", "1", "2"], ["report", "--output", directory + "/r.html"], ["export", "shots"], ["centers", "add", "Bowl"],
                        ["centers", "list"], ["calibrations", "list"], ["sessions", "delete", "lefty"]]
        for command in commands {
            let output = try HistoryCLI.run(command + ["--json", "--db", db])
            XCTAssertEqual(output.status, 0, "\(command): \(output.stderr)")
            XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)), "\(command): \(output.stdout)")
        }
    }
}
