import XCTest
@testable import BowlerTraxKit

/// The foul line where no dark line shows (a TV picture, train 15 and test 13: the line a pixel thin, blurred away):
/// the step from the oiled lane to the lighter approach, taken where the gutters end on it. On right-720p60's median
/// with its painted line painted out.
final class ApproachStepTests: XCTestCase {
    /// right-720p60's median with its foul line painted out (the rows about it given the wood above and below it), the
    /// approach lit by `approachGain` and the lane between its edges by `laneGain` from `laneLitFromFt` to the foul line.
    static func picture(approachGain: Double, laneGain: Double = 1, laneLitFromFt: Double = 0) throws -> (image: RGBImage, truth: LaneCalibration) {
        let truth = try LaneCalibration.load(path: CalibrationCLI.fixture("right-720p60.calibration.json"), videoSize: nil)
        var image = try CalibrationFrame(path: CalibrationCLI.fixture("right-720p60.mp4"), medianOf: 15).image
        let left = try XCTUnwrap(truth.surfacePixel(board: 39.5, distanceFt: 0)), right = try XCTUnwrap(truth.surfacePixel(board: 0.5, distanceFt: 0))
        func lit(_ color: (r: UInt8, g: UInt8, b: UInt8), by gain: Double) -> (r: UInt8, g: UInt8, b: UInt8) {
            func scaled(_ value: UInt8) -> UInt8 { UInt8(min(255, (Double(value) * gain).rounded())) }
            return (scaled(color.r), scaled(color.g), scaled(color.b))
        }
        for x in 0..<image.width {
            let row = Int((left.y + (Double(x) - left.x) * (right.y - left.y) / (right.x - left.x)).rounded())
            let above = image.color(x: x, y: row - 4), below = image.color(x: x, y: row + 4)
            for y in row - 3..<row + 4 { image.set(x: x, y: y, to: y < row ? above : below) }
            for y in row..<image.height { image.set(x: x, y: y, to: lit(image.color(x: x, y: y), by: approachGain)) }
        }
        if laneGain != 1 {
            let far = (left: try XCTUnwrap(truth.surfacePixel(board: 39.5, distanceFt: laneLitFromFt)), right: try XCTUnwrap(truth.surfacePixel(board: 0.5, distanceFt: laneLitFromFt)))
            for y in Int(min(far.left.y, far.right.y).rounded())..<Int(max(left.y, right.y).rounded()) {
                let t = (Double(y) - far.left.y) / (left.y - far.left.y)
                let x0 = far.left.x + t * (left.x - far.left.x), x1 = far.right.x + t * (right.x - far.right.x)
                let foulRow = left.y + (x0 - left.x) * (right.y - left.y) / (right.x - left.x)
                for x in Int(x0.rounded())...Int(x1.rounded()) where Double(y) < foulRow { image.set(x: x, y: y, to: lit(image.color(x: x, y: y), by: laneGain)) }
            }
        }
        return (image, truth)
    }

    func testTheStepToALighterApproachIsTheFoulLine() throws {
        let (image, truth) = try Self.picture(approachGain: 1.25)
        let proposals = try LaneFinder(image: image).propose()
        for (name, board) in [("foul line, left edge", Lane.leftEdgeBoard), ("foul line, right edge", Lane.rightEdgeBoard)] {
            let found = try XCTUnwrap(proposals.first { $0.point.name == name }, "\(name) not found in \(proposals.compactMap(\.point.name))").point
            let corner = try XCTUnwrap(truth.surfacePixel(board: board, distanceFt: 0))
            let error = ((found.xPx - corner.x) * (found.xPx - corner.x) + (found.yPx - corner.y) * (found.yPx - corner.y)).squareRoot()
            print("approach step, \(name): error \(String(format: "%.2f", error)) px")
            XCTAssertLessThan(error, 2, name)
        }
    }

    /// A light across the lane from 6 ft down to the foul line (a reflection's edge): lighter below, across the whole
    /// lane, but the gutters run on past it, so it is no foul line; and the approach, darker than the lit lane, shows none.
    func testALightAcrossTheLaneWhereTheGuttersRunOnIsNoFoulLine() throws {
        let (image, _) = try Self.picture(approachGain: 1, laneGain: 1.35, laneLitFromFt: 6)
        let names = try LaneFinder(image: image).propose().compactMap(\.point.name)
        XCTAssertFalse(names.contains { $0.hasPrefix("foul line") }, "\(names)")
    }
}
