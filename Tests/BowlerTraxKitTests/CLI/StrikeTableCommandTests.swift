import XCTest

/// `bowlertrax strike-table`: the table of predicted strike probability in docs/measurements.md, from the command line.
final class StrikeTableCommandTests: XCTestCase {
    func testTablePrintsEveryBoardFrom15To20ByEveryAngleFrom2To8() throws {
        let result = try CalibrationCLI.run(["strike-table"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stdout.split(separator: "\n")
        XCTAssertEqual(lines.first, "Strike probability (%) and most likely leave, right-handed, 17.0 mph at the pins, 350 rpm, 200 samples.")
        XCTAssertTrue(lines.contains("| board \\ angle | 2° | 3° | 4° | 5° | 6° | 7° | 8° |"), result.stdout)
        let rows = lines.filter { $0.hasPrefix("| 1") || $0.hasPrefix("| 2") }
        XCTAssertEqual(rows.map { $0.split(separator: "|").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? "" },
                       ["15.0", "15.5", "16.0", "16.5", "17.0", "17.5", "18.0", "18.5", "19.0", "19.5", "20.0"])
    }

    func testNonPositiveSpeedIsAUsageError() throws {
        let result = try CalibrationCLI.run(["strike-table", "--speed", "0"])
        XCTAssertEqual(result.status, 64)
        XCTAssertEqual(result.stderr, "Error: give --speed a value above 0\nUsage: bowlertrax strike-table [--speed <mph>] [--revs <rpm>] [--hand right|left]\n  See 'bowlertrax strike-table --help' for more information.\n")
    }
}
