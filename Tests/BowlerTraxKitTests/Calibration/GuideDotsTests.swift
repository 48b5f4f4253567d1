import XCTest
@testable import BowlerTraxKit

/// The guide dots (7 ft, boards 3 to 14 and 26 to 37) as `--auto` finds them where the foul line is out of view
/// (`zoom-720p60`, the median of 15 frames), against the fixture's exact calibration.
final class GuideDotsTests: XCTestCase {
    static let clip = "zoom-720p60"

    static func truthAndPicture() throws -> (truth: LaneCalibration, image: RGBImage) {
        (try LaneCalibration.load(path: CalibrationCLI.fixture("\(clip).calibration.json"), videoSize: nil),
         try CalibrationFrame(path: CalibrationCLI.fixture("\(clip).mp4"), medianOf: 15).image)
    }

    static func dots(_ proposals: [LaneFinder.Proposal]) -> [LaneFinder.Proposal] {
        proposals.filter { $0.point.name?.hasPrefix("guide dot") == true }
    }

    /// With no foul line in view, at least 5 of the dots in view are found, each within 0.5 px of where the exact
    /// calibration puts its centre, at 7 ft on its own board.
    func testDotsStandInForTheFoulLineWithinHalfAPixel() throws {
        let (truth, image) = try Self.truthAndPicture()
        let proposals = try LaneFinder(image: image).propose()
        XCTAssertFalse(proposals.contains { $0.point.distanceFt == 0 }, "no foul line in view")
        let dots = Self.dots(proposals)
        XCTAssertGreaterThanOrEqual(dots.count, LaneFinder.minGuideDots)
        for dot in dots {
            XCTAssertEqual(dot.point.distanceFt, Lane.guideDotDistanceFt)
            XCTAssertTrue(Lane.guideDotBoards.contains(dot.point.board))
            let expected = try XCTUnwrap(truth.surfacePixel(board: dot.point.board, distanceFt: dot.point.distanceFt))
            let error = ((dot.point.xPx - expected.x) * (dot.point.xPx - expected.x) + (dot.point.yPx - expected.y) * (dot.point.yPx - expected.y)).squareRoot()
            print("\(Self.clip) \(dot.point.name ?? "?"): error \(String(format: "%.2f", error)) px")
            XCTAssertLessThan(error, 0.5, dot.point.name ?? "?")
        }
    }

    /// Painted over with the lane's own wood, no dot is found where there is none, and the lane still calibrates on
    /// its arrows and pins.
    func testNoDotsWhereThereAreNone() throws {
        var (truth, image) = try Self.truthAndPicture()
        try LaneFinderTests.paintOverTheArrows(&image, truth: truth, distancesFt: 5...9)
        let proposals = try LaneFinder(image: image).propose()
        XCTAssertEqual(Self.dots(proposals).count, 0, "\(Self.dots(proposals).compactMap(\.point.name))")
        XCTAssertGreaterThanOrEqual(proposals.filter { $0.point.name?.hasPrefix("arrow tip") == true }.count, 5)
    }

    /// A dark line across the whole lane on the dots' row (a shadow, a seam across): it darkens the boards between the
    /// dots as much as the dots, so no dot is taken from it, and the dots under it are not claimed either.
    func testALineAcrossTheLaneIsNoRowOfDots() throws {
        var (truth, image) = try Self.truthAndPicture()
        let left = try XCTUnwrap(truth.surfacePixel(board: 39.5, distanceFt: Lane.guideDotDistanceFt))
        let right = try XCTUnwrap(truth.surfacePixel(board: 0.5, distanceFt: Lane.guideDotDistanceFt))
        for x in Int(left.x)...Int(right.x) {
            let y = left.y + (right.y - left.y) * (Double(x) - left.x) / (right.x - left.x)
            image.set(x: x, y: Int(y), to: (60, 40, 30))
        }
        XCTAssertEqual(Self.dots(try LaneFinder(image: image).propose()).count, 0)
    }

    /// With the foul line in view the dots are not sought: their distance varies by lane as the arrows' do.
    func testNotSoughtWithTheFoulLineInView() throws {
        let frame = try CalibrationFrame(path: CalibrationCLI.fixture("right-720p60.mp4"), medianOf: 15)
        let proposals = try LaneFinder(image: frame.image).propose()
        XCTAssertTrue(proposals.contains { $0.point.distanceFt == 0 }, "the foul line in view")
        XCTAssertEqual(Self.dots(proposals).count, 0)
    }
}
