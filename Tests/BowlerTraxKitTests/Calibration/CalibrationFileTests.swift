import XCTest
@testable import BowlerTraxKit

final class CalibrationFileTests: XCTestCase {
    private func parse(_ text: String) throws -> CalibrationFile {
        try CalibrationFile.parse(Data(text.utf8), path: "lane.json")
    }

    private func points(_ count: Int) -> String {
        (0..<count).map { "{\"pixel\": [\(100 + 10 * $0), \(500 - 20 * $0)], \"board\": \($0 % 2 == 0 ? 5 : 35), \"distance_ft\": \(10 * $0)}" }
            .joined(separator: ", ")
    }

    private func assertError(_ text: String, is expected: CalibrationError, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try parse(text), file: file, line: line) {
            XCTAssertEqual($0 as? CalibrationError, expected, file: file, line: line)
        }
    }

    func testAValidFileParses() throws {
        let parsed = try parse("{\"image_width\": 640, \"image_height\": 480, \"points\": [\(points(4))]}")
        XCTAssertEqual(parsed.imageSize, PixelSize(width: 640, height: 480))
        XCTAssertEqual(parsed.points.count, 4)
        XCTAssertEqual(parsed.points[1], LandmarkPoint(xPx: 110, yPx: 480, board: 35, distanceFt: 10))
    }

    func testJSONDataParsesBackToTheSameFile() throws {
        let original = SyntheticCamera().calibrationFile
        let parsed = try CalibrationFile.parse(original.jsonData(), path: "round-trip")
        XCTAssertEqual(parsed.imageSize, original.imageSize)
        XCTAssertEqual(parsed.points.map(\.name), original.points.map(\.name))
        for (a, b) in zip(parsed.points, original.points) {
            XCTAssertEqual(a.xPx, b.xPx, accuracy: 1e-5)
            XCTAssertEqual(a.yPx, b.yPx, accuracy: 1e-5)
        }
    }

    func testAPointAboveTheLaneKeepsItsHeight() throws {
        var original = SyntheticCamera().calibrationFile
        original.points[0].heightFt = 1.25
        let parsed = try CalibrationFile.parse(original.jsonData(), path: "round-trip")
        XCTAssertEqual(parsed.points.map(\.heightFt), [1.25] + Array(repeating: 0, count: original.points.count - 1))
        XCTAssertTrue(String(decoding: original.jsonData(), as: UTF8.self).contains("\"height_ft\": 1.25}"))
        // A point above the lane is no lane landmark: three on it are too few.
        assertError("{\"image_width\": 640, \"image_height\": 480, \"points\": [\(points(3)), {\"pixel\": [1, 2], \"board\": 20, \"distance_ft\": 60, \"height_ft\": 1.25}]}",
                    is: .tooFewPoints(path: "lane.json", count: 3))
        assertError("{\"image_width\": 640, \"image_height\": 480, \"points\": [\(points(3)), {\"pixel\": [1, 2], \"board\": 20, \"distance_ft\": 60, \"height_ft\": \"high\"}]}",
                    is: .malformed(path: "lane.json", reason: "points[3].height_ft has the wrong type"))
    }

    func testMalformedJSONIsReportedAsNotValidJSON() {
        assertError("{\"image_width\": 640,", is: .malformed(path: "lane.json", reason: "not valid JSON"))
    }

    func testMissingFieldIsNamed() {
        assertError("{\"image_width\": 640, \"points\": [\(points(4))]}", is: .malformed(path: "lane.json", reason: "missing field \"image_height\""))
    }

    func testMissingFieldInsideAPointIsNamedWithItsIndex() {
        let text = "{\"image_width\": 640, \"image_height\": 480, \"points\": [\(points(4)), {\"pixel\": [1, 2], \"board\": 3}]}"
        assertError(text, is: .malformed(path: "lane.json", reason: "missing field \"points[4].distance_ft\""))
    }

    func testANonNumberIsAWrongType() {
        let text = "{\"image_width\": 640, \"image_height\": 480, \"points\": [{\"pixel\": [1, 2], \"board\": \"ten\", \"distance_ft\": 3}, \(points(4))]}"
        assertError(text, is: .malformed(path: "lane.json", reason: "points[0].board has the wrong type"))
    }

    func testNaNInTheTextIsInvalidJSON() {
        let text = "{\"image_width\": 640, \"image_height\": 480, \"points\": [{\"pixel\": [NaN, 2], \"board\": 3, \"distance_ft\": 3}, \(points(4))]}"
        XCTAssertThrowsError(try parse(text)) { error in
            guard case .malformed(let path, _) = error as? CalibrationError else { return XCTFail("expected malformed, got \(error)") }
            XCTAssertEqual(path, "lane.json")
        }
    }

    func testThreePointsAreTooFew() {
        assertError("{\"image_width\": 640, \"image_height\": 480, \"points\": [\(points(3))]}", is: .tooFewPoints(path: "lane.json", count: 3))
    }

    func testAPixelWithOneCoordinateIsMalformed() {
        let text = "{\"image_width\": 640, \"image_height\": 480, \"points\": [{\"pixel\": [1], \"board\": 3, \"distance_ft\": 3}, \(points(4))]}"
        assertError(text, is: .malformed(path: "lane.json", reason: "points[0].pixel must be [x, y]"))
    }

    func testZeroImageWidthIsAnInvalidValue() {
        assertError("{\"image_width\": 0, \"image_height\": 480, \"points\": [\(points(4))]}",
                    is: .invalidValue(path: "lane.json", field: "image_width", reason: "must be from 1 to 16384 pixels (got 0)"))
    }

    func testAMissingFileIsUnreadable() {
        let path = "/nonexistent/bowlertrax/lane.json"
        XCTAssertThrowsError(try CalibrationFile.load(path: path)) {
            XCTAssertEqual($0 as? CalibrationError, .unreadable(path: path, reason: "no such file"))
        }
    }

    func testEveryErrorDescriptionIsOneLine() {
        let size = PixelSize(width: 1, height: 2)
        let errors: [CalibrationError] = [
            .unreadable(path: "p", reason: "r"), .malformed(path: "p", reason: "r"), .invalidValue(path: "p", field: "f", reason: "r"),
            .tooFewPoints(path: "p", count: 1), .tooFewPoints(path: "p", count: 3), .collinearPoints(path: "p"), .foldedFit(path: "p"),
            .noLens(path: "p", fieldOfViewDeg: 174),
            .imageSizeMismatch(path: "p", calibration: size, video: size),
        ]
        for error in errors {
            XCTAssertFalse(error.description.isEmpty)
            XCTAssertFalse(error.description.contains("\n"), error.description)
        }
        XCTAssertEqual(CalibrationError.tooFewPoints(path: "p", count: 1).description, "calibration p has 1 landmark on the lane; at least 4 are needed")
    }
}
