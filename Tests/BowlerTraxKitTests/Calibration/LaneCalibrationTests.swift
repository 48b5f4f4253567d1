import XCTest
@testable import BowlerTraxKit

final class LaneCalibrationTests: XCTestCase {
    private let camera = SyntheticCamera()

    func testExactLandmarksLeaveNoResidual() throws {
        let calibration = try camera.calibration()
        XCTAssertEqual(calibration.residuals.count, 12)
        for residual in calibration.residuals {
            XCTAssertLessThan(residual.errorPx, 1e-6, residual.name ?? "")
            XCTAssertLessThan(residual.errorBoards, 1e-6, residual.name ?? "")
            XCTAssertLessThan(residual.errorFt, 1e-6, residual.name ?? "")
        }
    }

    /// A camera high above the approach whose picture shows the guide dots and arrows (7 to 15 ft) and, of the far end,
    /// only the head pin's top (its base hidden: `LaneFinder.findPins`). The landmarks, placed within a pixel, fit many
    /// cameras that differ down the lane; the pin's top, a pin's height above its spot, fixes the far end.
    func testAPinsTopAboveTheLaneFixesTheFarEnd() throws {
        let overhead = SyntheticCamera(imageSize: PixelSize(width: 644, height: 1080), focalPx: 1900, positionFt: Vector3(0, -6.3, 9.9), pitchDeg: 21.6)
        let layout = ArrowLayout.shallow
        var band = [3.0, 5, 8, 11, 14, 26, 29, 32, 35, 37].map { (board: $0, distanceFt: 7.0) }
        band += Lane.arrowBoards.map { (board: $0, distanceFt: layout.distanceFt(board: $0)) }
        band += [Lane.rightEdgeBoard, Lane.leftEdgeBoard].map { (board: $0, distanceFt: layout.nearestFt) }
        // Each pixel up to 0.8 px off, as found.
        let placed = band.enumerated().map { i, point in
            let pixel = overhead.pixel(board: point.board, distanceFt: point.distanceFt)
            return LandmarkPoint(xPx: pixel.x + 0.8 * Double(i % 3 - 1), yPx: pixel.y + 0.8 * Double((i / 3) % 3 - 1), board: point.board, distanceFt: point.distanceFt)
        }
        let topPixel = overhead.pixel(board: Lane.centreBoard, distanceFt: Lane.headPinDistanceFt, heightFt: Lane.pinHeightIn / 12)
        let top = LandmarkPoint(name: "head pin, top", xPx: topPixel.x, yPx: topPixel.y, board: Lane.centreBoard, distanceFt: Lane.headPinDistanceFt,
                                heightFt: Lane.pinHeightIn / 12)
        let base = overhead.pixel(board: Lane.centreBoard, distanceFt: Lane.headPinDistanceFt)
        func baseRowError(_ points: [LandmarkPoint]) throws -> Double {
            let fitted = try LaneCalibration(file: CalibrationFile(imageSize: overhead.imageSize, points: points), source: "overhead")
            return try XCTUnwrap(fitted.surfacePixel(board: Lane.centreBoard, distanceFt: Lane.headPinDistanceFt)).y - base.y
        }
        let withTop = try baseRowError(placed + [top]), bandOnly = try baseRowError(placed)
        print("head pin's spot, row off: band only \(bandOnly) px, with the pin's top \(withTop) px")
        XCTAssertLessThan(abs(withTop), 1.5)
        XCTAssertGreaterThan(abs(bandOnly), 3 * abs(withTop), "the band alone leaves the far end loose")
    }

    func testBallPixelMatchesTheTrueCameraAtBallHeight() throws {
        let calibration = try camera.calibration()
        let got = try XCTUnwrap(calibration.ballPixel(board: 10, distanceFt: 40))
        let want = camera.pixel(board: 10, distanceFt: 40, heightFt: Lane.ballRadiusFt)
        XCTAssertEqual(got.x, want.x, accuracy: 1e-6)
        XCTAssertEqual(got.y, want.y, accuracy: 1e-6)
    }

    func testBallPositionRoundTripsBallPixel() throws {
        let calibration = try camera.calibration()
        for (board, distance) in [(1.0, 0.0), (20, 15), (33.3, 45.5), (17.5, 59.5)] {
            let pixel = try XCTUnwrap(calibration.ballPixel(board: board, distanceFt: distance))
            let back = try XCTUnwrap(calibration.ballPosition(xPx: pixel.x, yPx: pixel.y))
            XCTAssertEqual(back.board, board, accuracy: 1e-6)
            XCTAssertEqual(back.distanceFt, distance, accuracy: 1e-6)
        }
    }

    func testExpectedRadiusIsTheBallsProjectedSize() throws {
        let calibration = try camera.calibration()
        let pixel = camera.pixel(board: 20, distanceFt: 30, heightFt: Lane.ballRadiusFt)
        let range = camera.cameraPoint(lateralFt: 0, distanceFt: 30, heightFt: Lane.ballRadiusFt).length
        let radius = try XCTUnwrap(calibration.expectedRadiusPx(atX: pixel.x, y: pixel.y))
        XCTAssertEqual(radius, camera.focalPx * Lane.ballRadiusFt / range, accuracy: 1e-6)
    }

    func testNoBallIsExpectedFarOffTheLane() throws {
        let calibration = try camera.calibration()
        let pixel = camera.pixel(board: 90, distanceFt: 30, heightFt: Lane.ballRadiusFt)
        XCTAssertNil(calibration.expectedRadiusPx(atX: pixel.x, y: pixel.y))
    }

    func testCollinearLandmarksAreRefused() {
        let points = (0..<5).map { i in
            LandmarkPoint(xPx: 600 + Double(i), yPx: 600 - 90 * Double(i), board: 20, distanceFt: 12 * Double(i))
        }
        XCTAssertThrowsError(try LaneCalibration(file: CalibrationFile(imageSize: camera.imageSize, points: points), source: "line.json")) {
            XCTAssertEqual($0 as? CalibrationError, .collinearPoints(path: "line.json"))
        }
    }

    /// Three arrow tips on one arm of the V (on one line down the lane) and the head pin: seven equations for a
    /// homography's eight unknowns, refused as such rather than fitted to noise.
    func testAllButOneLandmarkOnALineIsRefused() {
        let points = [(5.0, 13.0), (15, 15), (20, 16), (20, 59.8)].map { board, distance in
            let pixel = camera.pixel(board: board, distanceFt: distance)
            return LandmarkPoint(xPx: pixel.x + 0.3, yPx: pixel.y - 0.2, board: board, distanceFt: distance)
        }
        XCTAssertThrowsError(try LaneCalibration(file: CalibrationFile(imageSize: camera.imageSize, points: points), source: "arm.json")) {
            XCTAssertEqual($0 as? CalibrationError, .collinearPoints(path: "arm.json"))
        }
    }

    func testLoadingForAnotherVideoSizeIsRefused() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bowlertrax-calibration-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try camera.calibrationFile.jsonData().write(to: url)
        let video = PixelSize(width: 1920, height: 1080)
        XCTAssertThrowsError(try LaneCalibration.load(path: url.path, videoSize: video)) {
            XCTAssertEqual($0 as? CalibrationError, .imageSizeMismatch(path: url.path, calibration: camera.imageSize, video: video))
        }
    }

    func testLoadingForTheRightVideoSizeWorks() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bowlertrax-calibration-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try camera.calibrationFile.jsonData().write(to: url)
        let calibration = try LaneCalibration.load(path: url.path, videoSize: camera.imageSize)
        XCTAssertEqual(calibration.camera.focalPx, camera.focalPx, accuracy: 1e-3)
    }

    func testSearchRegionCoversTheLaneAndNotTheSky() throws {
        // Camera far enough back to see 3 ft behind the foul line (see the known bug below for one that cannot).
        let camera = SyntheticCamera(positionFt: Vector3(0, -10, 5))
        let region = try camera.calibration().searchRegion()
        let near = camera.pixel(board: 20, distanceFt: 3, heightFt: Lane.ballRadiusFt)
        let nearSpan = region.spans[Int(near.y)]
        XCTAssertTrue(nearSpan.start < Int(near.x) && Int(near.x) < nearSpan.end)
        XCTAssertEqual(region.spans[0].end - region.spans[0].start, 0, "the top row is above the pit")
    }

    /// With the near lane (3 ft behind the foul line) below the bottom of the image, the region still builds.
    func testSearchRegionWorksWhenTheNearLaneIsBelowTheFrame() throws {
        let region = try camera.calibration().searchRegion()
        XCTAssertGreaterThan(region.area, 0)
    }
}
