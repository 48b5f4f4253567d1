import XCTest
@testable import BowlerTraxKit

/// The "did you mean …?" guess for a misspelt session, centre, ball, option or subcommand.
final class NearestNameTests: XCTestCase {
    /// Two letters typed in the wrong order is the commonest slip: one edit, as near as one wrong letter.
    func testSwappedLettersAreOneSlip() {
        XCTAssertEqual(NearestName.suggestion(for: "Bleu", among: ["Blue", "Red"]), "Blue")
        XCTAssertEqual(NearestName.suggestion(for: "Rde", among: ["Blue", "Red"]), "Red")
        XCTAssertEqual(NearestName.suggestion(for: "anlayze", among: ["analyze", "calibrate"]), "analyze")
    }

    func testAnotherWordIsNoSlip() {
        XCTAssertNil(NearestName.suggestion(for: "bowl", among: ["ball", "live"]))
        XCTAssertNil(NearestName.suggestion(for: "week 9", among: ["week 1", "week 2"]), "as near to both: no guess")
    }
}
