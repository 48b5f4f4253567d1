import XCTest
@testable import BowlerTraxKit

/// When the ball's colour outline re-centres a disc the shape search found (`ShotPipeline.outlineAgrees`).
final class OutlineAgreementTests: XCTestCase {
    private let disc = BallCandidate(discAtX: 100, y: 200, radiusPx: 12)

    private func outline(offsetPx: Double, radiusPx: Double, expectedRadiusPx: Double? = nil) -> BallCandidate {
        var outline = BallCandidate(discAtX: 100, y: 200 - offsetPx, radiusPx: radiusPx)
        outline.expectedRadiusPx = expectedRadiusPx
        return outline
    }

    func testAnOutlineWithinAQuarterRadiusAgreesAtAnyLikelySize() {
        XCTAssertTrue(ShotPipeline.outlineAgrees(outline(offsetPx: 2.9, radiusPx: 12), with: disc))
        XCTAssertTrue(ShotPipeline.outlineAgrees(outline(offsetPx: 2.9, radiusPx: 14.5), with: disc))
        XCTAssertFalse(ShotPipeline.outlineAgrees(outline(offsetPx: 1, radiusPx: 15.5), with: disc), "a quarter larger than the disc")
        XCTAssertFalse(ShotPipeline.outlineAgrees(outline(offsetPx: 1, radiusPx: 9), with: disc), "a quarter smaller than the disc")
    }

    func testADiscSlidToTheBallsShadowIsCentredOnItsOutline() {
        // The rendered clips' discs sat 0.25 to 0.36 radii off the ball; its outline reads a little small.
        XCTAssertTrue(ShotPipeline.outlineAgrees(outline(offsetPx: 3.5, radiusPx: 11.5), with: disc))
        XCTAssertTrue(ShotPipeline.outlineAgrees(outline(offsetPx: 4.6, radiusPx: 12.5, expectedRadiusPx: 12.5), with: disc))
    }

    func testAnOutlineLargerThanTheBallFarFromTheDiscIsSomethingMergedWithIt() {
        XCTAssertFalse(ShotPipeline.outlineAgrees(outline(offsetPx: 4, radiusPx: 14, expectedRadiusPx: 12), with: disc), "the ball and a pin")
        XCTAssertFalse(ShotPipeline.outlineAgrees(outline(offsetPx: 4, radiusPx: 14), with: disc), "larger than the disc, no calibration")
        XCTAssertTrue(ShotPipeline.outlineAgrees(outline(offsetPx: 4, radiusPx: 14, expectedRadiusPx: 13), with: disc), "the ball's own size")
    }

    func testAnOutlineFarFromTheDiscIsAnotherBlob() {
        XCTAssertFalse(ShotPipeline.outlineAgrees(outline(offsetPx: 5, radiusPx: 12, expectedRadiusPx: 12), with: disc), "0.42 radii off")
    }
}
