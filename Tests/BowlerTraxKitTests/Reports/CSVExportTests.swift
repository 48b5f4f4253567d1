import XCTest
@testable import BowlerTraxKit

final class CSVExportTests: XCTestCase {
    func testFieldWithCommaQuoteOrLineBreakIsQuotedAndQuotesDoubled() {
        XCTAssertEqual(CSVExport.field("plain"), "plain")
        XCTAssertEqual(CSVExport.field("a,b"), "\"a,b\"")
        XCTAssertEqual(CSVExport.field("say \"hi\""), "\"say \"\"hi\"\"\"")
        XCTAssertEqual(CSVExport.field("two\nlines"), "\"two\nlines\"")
        XCTAssertEqual(CSVExport.field("cr\r\nlf"), "\"cr\r\nlf\"")
    }

    func testSessionsCSVHasHeaderAndCRLFRecords() {
        let session = SessionRecord(id: 7, name: "league, week 1", source: "/v/a.mp4", hand: .left, startedAt: "2025-03-01T19:00:00.000Z",
                                    endedAt: nil, notes: "oily \"fresh\"", shotCount: 3, details: SessionDetails(laneNumber: 12, kind: .league), rejectedCount: 1)
        let csv = CSVExport.sessions([session])
        XCTAssertEqual(csv, "session_id,name,source,hand,started_at,ended_at,bowler,center,lane_number,oil_pattern,ball,kind,shots,rejected_shots,notes\r\n"
            + "7,\"league, week 1\",/v/a.mp4,left,2025-03-01T19:00:00.000Z,,,,12,,,league,3,1,\"oily \"\"fresh\"\"\"\r\n")
    }

    func testShotsCSVNamesUnitsAndWritesNumbersInFull() {
        var measurements = ShotMeasurements()
        measurements.averageSpeedMph = 17.123456789
        let shot = StoredShot(id: 1, sessionID: 2, sessionName: "s", sessionStartedAt: "2025-03-01T19:00:00Z", details: SessionDetails(kind: .practice),
                              shot: Shot(shotNumber: 1, releaseTimeS: 0.5, hand: .right, measurements: measurements, trajectory: []),
                              result: .open, pinsLeft: [7, 10], rejected: false)
        let lines = CSVExport.shots([shot]).components(separatedBy: "\r\n")
        let header = lines[0].split(separator: ",").map(String.init)
        for column in ["release_time_s", "arrows_board", "entry_angle_deg", "launch_speed_mph", "average_speed_mph", "rev_rate_rpm", "breakpoint_distance_ft"] {
            XCTAssertTrue(header.contains(column), "missing \(column)")
        }
        let row = lines[1].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(row.count, header.count)
        XCTAssertEqual(row[header.firstIndex(of: "average_speed_mph") ?? 0], "17.123456789")
        XCTAssertEqual(row[header.firstIndex(of: "pins_left") ?? 0], "7 10")
        XCTAssertEqual(row[header.firstIndex(of: "result") ?? 0], "open")
        XCTAssertEqual(lines.last, "")
    }
}
