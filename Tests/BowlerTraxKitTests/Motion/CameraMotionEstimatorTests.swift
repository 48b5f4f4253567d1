import XCTest
@testable import BowlerTraxKit

/// The camera's frame-to-frame map is recovered from rendered textures under known maps: translations, zoom,
/// perspective, a fixed view with things moving in it, broadcast graphics, a big moving ball, cuts and blank frames.
final class CameraMotionEstimatorTests: XCTestCase {
    private typealias Scene = MotionTestScene
    private static let texture = MotionTexture(seed: 7)

    /// Feeds the texture seen straight, then seen through `toPrevious`, and returns the second frame's motion.
    private func motion(for toPrevious: Homography, overlays: [(Double, Double) -> Double?] = [{ _, _ in nil }, { _, _ in nil }],
                        exclude: [[PixelRect]] = [[], []]) -> FrameMotion {
        let estimator = CameraMotionEstimator()
        let first = Scene.frame(Self.texture, view: { ($0, $1) }, overlay: overlays[0])
        XCTAssertNil(estimator.next(first, exclude: exclude[0]).toPrevious)
        return estimator.next(Scene.frame(Self.texture, view: Scene.view(toPrevious), overlay: overlays[1]), exclude: exclude[1])
    }

    private func assertRecovered(_ motion: FrameMotion, _ truth: Homography, within tolerancePx: Double,
                                 file: StaticString = #filePath, line: UInt = #line) {
        guard let map = motion.toPrevious else { return XCTFail("not registered: \(motion)", file: file, line: line) }
        XCTAssertLessThan(Scene.cornerError(map, truth), tolerancePx, "\(motion)", file: file, line: line)
    }

    func testPureTranslationIsRecoveredToATenthOfAPixelAtTheCorners() {
        let truth = Scene.translation(3.4, -2.1)
        let motion = motion(for: truth)
        assertRecovered(motion, truth, within: 0.1)
        XCTAssertFalse(motion.isStatic)
        XCTAssertFalse(motion.isCut)
        XCTAssertGreaterThanOrEqual(motion.tracked, 100)
        XCTAssertGreaterThan(Double(motion.inliers), 0.9 * Double(motion.tracked))
    }

    func testZoomWithPanIsRecoveredToAQuarterPixel() {
        let truth = Scene.similarity(scale: 1.03, rollDeg: 0.3, shiftX: 5, shiftY: -1)
        assertRecovered(motion(for: truth), truth, within: 0.25)
    }

    func testSmallPerspectiveChangeIsRecoveredToAQuarterPixel() {
        // About 1 px of keystone at the far corners on top of a pan and a slight zoom.
        let truth = Homography([1.01, 0.002, 2.5, -0.003, 1.008, 1.5, 2e-6, -3e-6, 1])
        assertRecovered(motion(for: truth), truth, within: 0.25)
    }

    func testIdenticalFramesAreStaticAndTheCheapTestGivesTheIdentity() throws {
        let estimator = CameraMotionEstimator()
        let frame = Scene.frame(Self.texture, view: { ($0, $1) })
        _ = estimator.next(frame)
        // The second frame is registered in full (no probes yet), the third passes the cheap test.
        let second = estimator.next(frame)
        XCTAssertTrue(second.isStatic)
        assertRecovered(second, Homography.identity, within: 0.02)
        let third = estimator.next(frame)
        XCTAssertTrue(third.isStatic)
        XCTAssertEqual(try XCTUnwrap(third.toPrevious), Homography.identity)
        XCTAssertGreaterThanOrEqual(third.inliers, CameraMotionEstimator.minStaticProbes)
    }

    func testBowlerWalkingThroughAFixedViewLeavesItStatic() throws {
        let estimator = CameraMotionEstimator()
        let bowler = MotionTexture(seed: 99, mean: 60, spread: 0.5)
        for step in 0..<6 {
            // A dark figure, 70×200 px, walking 25 px a frame across the fixed view.
            let left = 150.0 + 25 * Double(step)
            let frame = Scene.frame(Self.texture, view: { ($0, $1) }) { x, y in
                x >= left && x < left + 70 && y >= 120 && y < 320 ? bowler.luma(x - left, y) : nil
            }
            let motion = estimator.next(frame)
            guard step > 0 else { continue }
            XCTAssertTrue(motion.isStatic, "frame \(step): \(motion)")
            assertRecovered(motion, Homography.identity, within: 0.1)
            if step > 1 { XCTAssertEqual(try XCTUnwrap(motion.toPrevious), Homography.identity, "frame \(step)") }
        }
    }

    func testSlowPanIsMeasuredNotCalledStatic() {
        let estimator = CameraMotionEstimator()
        for step in 0..<5 {
            // Half a pixel a frame to the right: the picture slides left.
            let frame = Scene.frame(Self.texture, view: { ($0 + 0.5 * Double(step), $1) })
            let motion = estimator.next(frame)
            guard step > 0 else { continue }
            XCTAssertFalse(motion.isStatic, "frame \(step): \(motion)")
            assertRecovered(motion, Scene.translation(0.5, 0), within: 0.1)
        }
    }

    func testBroadcastGraphicsOverHalfThePictureDoNotHoldASlowPanBack() {
        // A score bar over the bottom third and a panel down the right, as on broadcast bowling: fixed on the
        // screen while the camera pans 0.8 px a frame, too slow for their features to miss a compromise fit.
        let graphics = MotionTexture(seed: 555, mean: 150, spread: 0.9)
        let estimator = CameraMotionEstimator()
        for step in 0..<6 {
            let frame = Scene.frame(Self.texture, view: { ($0 + 0.8 * Double(step), $1) }) { x, y in
                y >= 240 || x >= 500 ? graphics.luma(x, y) : nil
            }
            let motion = estimator.next(frame)
            guard step > 0 else { continue }
            XCTAssertFalse(motion.isStatic, "frame \(step): \(motion)")
            assertRecovered(motion, Scene.translation(0.8, 0), within: 0.1)
        }
    }

    func testBallCoveringATenthOfTheFrameDoesNotBiasTheMap() {
        let truth = Scene.similarity(scale: 1.01, shiftX: 3.4, shiftY: -2.1)
        let ball = MotionTexture(seed: 1234, mean: 90, spread: 0.8)
        let radius = 86.0, centres = [(300.0, 170.0), (320.0, 170.0)]
        let overlays: [(Double, Double) -> Double?] = centres.map { centre in
            { x, y in
                let dx = x - centre.0, dy = y - centre.1
                return dx * dx + dy * dy <= radius * radius ? ball.luma(dx * 1.7, dy * 1.7) : nil
            }
        }
        let boxes = centres.map { centre in
            [PixelRect(x0: Int(centre.0 - radius) - 8, y0: Int(centre.1 - radius) - 8, x1: Int(centre.0 + radius) + 8, y1: Int(centre.1 + radius) + 8)]
        }
        let unexcluded = motion(for: truth, overlays: overlays)
        assertRecovered(unexcluded, truth, within: 0.25)
        XCTAssertLessThan(unexcluded.inliers, unexcluded.tracked, "the ball's features are outliers")
        let excluded = motion(for: truth, overlays: overlays, exclude: boxes)
        assertRecovered(excluded, truth, within: 0.25)
        XCTAssertLessThan(excluded.tracked, unexcluded.tracked, "no features on the ball")
    }

    func testCutToAnotherViewIsFlagged() {
        let estimator = CameraMotionEstimator()
        _ = estimator.next(Scene.frame(Self.texture, view: { ($0, $1) }))
        // The pin camera: another scene, darker and flatter.
        let pins = MotionTexture(seed: 4242, mean: 70, spread: 0.6)
        let motion = estimator.next(Scene.frame(pins, view: { ($0, $1) }))
        XCTAssertNil(motion.toPrevious)
        XCTAssertTrue(motion.isCut)
        XCTAssertFalse(motion.isStatic)
    }

    func testCutBetweenViewsWithTheSameLumaSpreadIsOnlyAFailedRegistration() {
        let estimator = CameraMotionEstimator()
        _ = estimator.next(Scene.frame(Self.texture, view: { ($0, $1) }))
        let motion = estimator.next(Scene.frame(MotionTexture(seed: 4242), view: { ($0, $1) }))
        XCTAssertNil(motion.toPrevious)
        XCTAssertFalse(motion.isCut, "the histograms alike, nothing tells it from a pan too fast to follow")
    }

    func testBlankFrameIsUnregisteredAndACutOnlyWhenThePictureWasNotBlank() {
        let estimator = CameraMotionEstimator()
        _ = estimator.next(Scene.frame(Self.texture, view: { ($0, $1) }))
        let blank = estimator.next(Scene.flat(128))
        XCTAssertNil(blank.toPrevious)
        XCTAssertTrue(blank.isCut, "to blank is a wholesale change")
        let stillBlank = estimator.next(Scene.flat(128))
        XCTAssertNil(stillBlank.toPrevious, "nothing to register")
        XCTAssertFalse(stillBlank.isCut)
        XCTAssertFalse(stillBlank.isStatic)
    }

    func testTenFramePanIsRecoveredAtEachStep() {
        let estimator = CameraMotionEstimator()
        for step in 0..<10 {
            let frame = Scene.frame(Self.texture, view: { ($0 + 4 * Double(step), $1 + 0.3 * Double(step)) })
            let motion = estimator.next(frame)
            guard step > 0 else {
                XCTAssertNil(motion.toPrevious)
                XCTAssertFalse(motion.isCut)
                continue
            }
            assertRecovered(motion, Scene.translation(4, 0.3), within: 0.1)
        }
    }

    func testFrameSizeChangeRestartsAsACut() {
        let estimator = CameraMotionEstimator()
        _ = estimator.next(Scene.frame(Self.texture, view: { ($0, $1) }))
        let motion = estimator.next(Scene.frame(Self.texture, width: 320, height: 180, view: { ($0, $1) }))
        XCTAssertNil(motion.toPrevious)
        XCTAssertTrue(motion.isCut)
    }

    func testWorkingImageIsAbout320SamplesAcross() {
        XCTAssertEqual(LumaPyramid.factor(forWidth: 1280), 4)
        XCTAssertEqual(LumaPyramid.factor(forWidth: 1920), 6)
        XCTAssertEqual(LumaPyramid.factor(forWidth: 640), 2)
        XCTAssertEqual(LumaPyramid.factor(forWidth: 200), 1)
    }
}
