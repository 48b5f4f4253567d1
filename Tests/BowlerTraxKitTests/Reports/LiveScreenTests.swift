import XCTest
@testable import BowlerTraxKit

final class LiveScreenTests: XCTestCase {
    func testTheLastShotsNumbersAndTheSessionsAveragesAreShown() {
        var second = ShotPictureTests.shot()
        second.shotNumber = 4
        second.measurements.averageSpeedMph = 18.71
        second.measurements.revRateRpm = nil
        let page = LiveScreen(sessionName: "Tuesday <league>", state: .saved(shotNumber: 4), shots: [ShotPictureTests.shot(), second]).render()
        XCTAssertTrue(page.contains("<span id=\"state\" class=\"state saved\">Saved shot 4</span>"), page)
        XCTAssertTrue(page.contains("<span id=\"shot-count\">2 shots</span>"))
        XCTAssertTrue(page.contains("Tuesday &lt;league&gt;"))
        XCTAssertTrue(page.contains("<div class=\"number\" data-field=\"average_speed_mph\"><div class=\"value\">18.7 mph</div>"))
        XCTAssertTrue(page.contains("<div class=\"average\" data-field=\"average_speed_mph\"><div class=\"value\">17.7 mph</div>"))
        XCTAssertTrue(page.contains("<div class=\"average\" data-field=\"rev_rate_rpm\"><div class=\"value\">391 rpm</div>"), "the shots that have one")
        XCTAssertEqual(page.components(separatedBy: "class=\"live-path\"").count - 1, 1)
        XCTAssertTrue(page.contains("<meta http-equiv=\"refresh\" content=\"1\">"))
    }

    func testBeforeTheFirstShotItSaysSo() {
        let page = LiveScreen(sessionName: "s", state: .waiting, shots: []).render()
        XCTAssertTrue(page.contains("class=\"state waiting\">Waiting for a ball<"))
        XCTAssertTrue(page.contains("No shot yet"))
        XCTAssertTrue(page.contains("<span id=\"shot-count\">0 shots</span>"))
    }

    func testAClosedSessionsPageStopsReloading() {
        let page = LiveScreen(sessionName: "s", state: .closed, shots: [ShotPictureTests.shot()]).render()
        XCTAssertFalse(page.contains("http-equiv=\"refresh\""))
        XCTAssertTrue(page.contains(">Session closed<"))
    }
}
