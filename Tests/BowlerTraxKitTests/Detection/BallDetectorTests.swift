import XCTest
@testable import BowlerTraxKit

/// A size model that expects the same radius everywhere.
private struct ConstantSize: BallSizeModel {
    var radiusPx: Double
    func expectedRadiusPx(atX x: Double, y: Double) -> Double? { radiusPx }
}

final class BallDetectorTests: XCTestCase {
    private let lane = TestRGB(TestColors.maple)
    private let ball = TestRGB(TestColors.blueBall)
    private let centerX = 100.37, centerY = 80.71, radius = 12.3

    /// The ball lit from above: full brightness at the top, 55 % at the bottom.
    private func shaded(_ dy: Double) -> TestRGB { ball.scaled(0.775 - 0.225 * dy) }

    /// A 4:2:0 frame (as decoders give) with the shaded, anti-aliased ball on the bright lane; `reflection` adds
    /// the lane's dimmer mirror image touching it from below.
    private func frame(reflection: Bool = false) -> VideoFrame {
        let canvas = TestCanvas(width: 200, height: 160, background: lane, chromaShift: 1)
        if reflection {
            // Mirror image: the dark bottom of the ball nearest the contact point, at 60 % of its brightness.
            canvas.disc(centerX: centerX, centerY: centerY + 2 * radius, radius: radius) { self.shaded(-$0).scaled(0.6) }
        }
        canvas.disc(centerX: centerX, centerY: centerY, radius: radius, shade: shaded)
        return canvas.frame
    }

    private func detector(sizeModel: BallSizeModel?) -> BallDetector {
        BallDetector(profile: TestColors.blueProfile, region: SearchRegion(width: 200, height: 160), sizeModel: sizeModel)
    }

    func testShadedDiscIsFoundWithinASeventhOfAPixel() throws {
        let found = try XCTUnwrap(detector(sizeModel: nil).detect(in: frame()).first)
        XCTAssertEqual(found.xPx, centerX, accuracy: 0.15)
        XCTAssertEqual(found.yPx, centerY, accuracy: 0.15)
        XCTAssertEqual(found.radiusPx, radius, accuracy: 0.3)
    }

    func testShadedDiscIsFoundWithinASeventhOfAPixelWithItsKnownSize() throws {
        let found = try XCTUnwrap(detector(sizeModel: ConstantSize(radiusPx: radius)).detect(in: frame()).first)
        XCTAssertEqual(found.xPx, centerX, accuracy: 0.15)
        XCTAssertEqual(found.yPx, centerY, accuracy: 0.15)
    }

    func testReflectionBelowDoesNotMoveTheCentre() throws {
        let clean = try XCTUnwrap(detector(sizeModel: ConstantSize(radiusPx: radius)).detect(in: frame()).first)
        let mirrored = try XCTUnwrap(detector(sizeModel: ConstantSize(radiusPx: radius)).detect(in: frame(reflection: true)).first)
        XCTAssertEqual(mirrored.xPx, clean.xPx, accuracy: 0.2)
        XCTAssertEqual(mirrored.yPx, clean.yPx, accuracy: 0.2)
    }

    func testReflectionBelowDoesNotMoveTheCentreWithoutASizeModel() throws {
        let clean = try XCTUnwrap(detector(sizeModel: nil).detect(in: frame()).first)
        let mirrored = try XCTUnwrap(detector(sizeModel: nil).detect(in: frame(reflection: true)).first)
        XCTAssertEqual(mirrored.xPx, clean.xPx, accuracy: 0.2)
        XCTAssertEqual(mirrored.yPx, clean.yPx, accuracy: 0.2)
    }

    func testLongRectangleIsRejected() {
        // A shirt sleeve in the ball's colour: 14 px wide, 70 px tall.
        let canvas = TestCanvas(width: 200, height: 160, background: lane, chromaShift: 1)
        canvas.fill(ball) { (90..<104).contains($0) && (40..<110).contains($1) }
        XCTAssertEqual(detector(sizeModel: nil).detect(in: canvas.frame), [])
    }

    func testWideRectangleIsRejected() {
        let canvas = TestCanvas(width: 200, height: 160, background: lane, chromaShift: 1)
        canvas.fill(ball) { (40..<150).contains($0) && (70..<84).contains($1) }
        XCTAssertEqual(detector(sizeModel: nil).detect(in: canvas.frame), [])
    }

    func testRingIsRejected() {
        // A ring (say a logo's outline) has the ball's outline but little of its area.
        let canvas = TestCanvas(width: 200, height: 160, background: lane, chromaShift: 1)
        canvas.fill(ball) { x, y in
            let dx = Double(x) + 0.5 - 100, dy = Double(y) + 0.5 - 80, r = (dx * dx + dy * dy).squareRoot()
            return r <= 20 && r >= 18
        }
        XCTAssertEqual(detector(sizeModel: nil).detect(in: canvas.frame), [])
    }

    func testBlobTooSmallForTheSizeModelIsRejected() {
        XCTAssertEqual(detector(sizeModel: ConstantSize(radiusPx: 2.5 * radius)).detect(in: frame()), [])
    }

    func testBlobTooLargeForTheSizeModelIsRejected() {
        XCTAssertEqual(detector(sizeModel: ConstantSize(radiusPx: radius / 2)).detect(in: frame()), [])
    }

    func testBlobWhereNoBallCanBeIsRejected() {
        struct Nowhere: BallSizeModel { func expectedRadiusPx(atX x: Double, y: Double) -> Double? { nil } }
        XCTAssertEqual(detector(sizeModel: Nowhere()).detect(in: frame()), [])
    }

    func testCandidatesComeBestFirst() throws {
        let canvas = TestCanvas(width: 200, height: 160, background: lane, chromaShift: 1)
        canvas.disc(centerX: 50.5, centerY: 60.5, radius: 12, shade: shaded)
        // A squashed ellipse, still accepted but less ball-like.
        canvas.fill(ball) { x, y in
            let dx = (Double(x) + 0.5 - 150) / 15, dy = (Double(y) + 0.5 - 100) / 11
            return dx * dx + dy * dy <= 1
        }
        let found = detector(sizeModel: nil).detect(in: canvas.frame)
        XCTAssertEqual(found.count, 2)
        XCTAssertEqual(found.first?.xPx ?? 0, 50.5, accuracy: 0.5)
        XCTAssertLessThanOrEqual(found.first?.score ?? .infinity, found.last?.score ?? -.infinity)
    }
}
