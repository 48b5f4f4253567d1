import XCTest
@testable import BowlerTraxKit

final class ProfileParsingTests: XCTestCase {
    func testColourParses() throws {
        XCTAssertEqual(try HSVColor(parsing: "225, 85,70"), HSVColor(hueDeg: 225, saturationPct: 85, valuePct: 70))
    }

    func testColourWithTwoNumbersIsRefused() {
        XCTAssertThrowsError(try HSVColor(parsing: "225,85")) {
            XCTAssertEqual($0 as? ProfileError, .invalidColor(text: "225,85", reason: "expected three numbers H,S,V"))
        }
    }

    func testHueAbove360IsRefused() {
        XCTAssertThrowsError(try HSVColor(parsing: "400,50,50")) {
            XCTAssertEqual($0 as? ProfileError, .invalidColor(text: "400,50,50", reason: "hue must be 0 to 360 degrees"))
        }
    }

    func testNaNColourIsRefused() {
        XCTAssertThrowsError(try HSVColor(parsing: "nan,50,50"))
    }

    func testBoxParsesInsideTheFrame() throws {
        XCTAssertEqual(try PixelRect(parsing: "1,2,30,40", within: PixelSize(width: 64, height: 48)), PixelRect(x0: 1, y0: 2, x1: 30, y1: 40))
    }

    func testBoxOutsideTheFrameIsRefused() {
        XCTAssertThrowsError(try PixelRect(parsing: "1,2,65,40", within: PixelSize(width: 64, height: 48))) {
            XCTAssertEqual($0 as? ProfileError, .invalidBox(text: "1,2,65,40", reason: "outside the 64x48 frame"))
        }
    }

    func testInvertedBoxIsRefused() {
        XCTAssertThrowsError(try PixelRect(parsing: "30,2,1,40", within: PixelSize(width: 64, height: 48))) {
            XCTAssertEqual($0 as? ProfileError, .invalidBox(text: "30,2,1,40", reason: "X1 and Y1 must exceed X0 and Y0"))
        }
    }

    func testErrorDescriptionsAreOneLine() {
        let errors: [ProfileError] = [
            .invalidColor(text: "t", reason: "r"), .invalidBox(text: "t", reason: "r"), .frameNotFound(index: 3, frames: 2),
            .nothingToLearn(box: "b"), .unknownProfile(name: "n", known: []), .unknownProfile(name: "n", known: ["a", "b"]),
        ]
        for error in errors { XCTAssertFalse(error.description.contains("\n"), error.description) }
    }
}
