import XCTest
@testable import BowlerTraxKit

final class StatisticsTests: XCTestCase {
    private func stored(id: Int64, session: Int64, speedMph: Double?, arrows: Double?, result: ShotResult?) -> StoredShot {
        var measurements = ShotMeasurements()
        measurements.averageSpeedMph = speedMph
        measurements.arrowsBoard = arrows
        measurements.strikeProbability = 0.25
        return StoredShot(id: id, sessionID: session, sessionName: "s\(session)", sessionStartedAt: "2025-03-01T19:00:00Z", details: SessionDetails(),
                          shot: Shot(shotNumber: Int(id), releaseTimeS: 0, hand: .right, measurements: measurements, trajectory: []),
                          result: result, pinsLeft: [], rejected: false)
    }

    func testSummaryHasMeanSampleDeviationAndRange() throws {
        let summary = try XCTUnwrap(SampleSummary([2, 4, 4, 4, 5, 5, 7, 9]))
        XCTAssertEqual(summary.mean, 5)
        XCTAssertEqual(try XCTUnwrap(summary.standardDeviation), (32.0 / 7).squareRoot(), accuracy: 1e-12)
        XCTAssertEqual(summary.minimum, 2)
        XCTAssertEqual(summary.maximum, 9)
    }

    func testSingleValueHasNoDeviationAndNoValuesNoSummary() {
        XCTAssertNil(SampleSummary([3])?.standardDeviation)
        XCTAssertNil(SampleSummary([]))
    }

    func testMissingMeasurementsAreLeftOutNotCountedAsZero() {
        let stats = Statistics([stored(id: 1, session: 1, speedMph: 17, arrows: nil, result: nil),
                                stored(id: 2, session: 1, speedMph: nil, arrows: 10, result: nil)])
        XCTAssertEqual(stats.summary("average_speed_mph")?.count, 1)
        XCTAssertEqual(stats.summary("average_speed_mph")?.mean, 17)
        XCTAssertNil(stats.arrowsBoardSpread)
    }

    func testStrikePercentCountsOnlyEnteredResults() {
        let stats = Statistics([stored(id: 1, session: 1, speedMph: 17, arrows: 10, result: .strike),
                                stored(id: 2, session: 1, speedMph: 18, arrows: 11, result: .spare),
                                stored(id: 3, session: 2, speedMph: 19, arrows: 12, result: nil)])
        XCTAssertEqual(stats.enteredStrikePercent, 50)
        XCTAssertEqual(stats.modelStrikePercent, 25)
        XCTAssertEqual(stats.sessionCount, 2)
        XCTAssertEqual(stats.arrowsBoardSpread, 1)
    }
}
