import XCTest
@testable import BowlerTraxKit

/// Each frame's place in the reference view is the camera's motion since it was last lost: through its key frame
/// when it was registered to one, else chained frame by frame.
final class ReferenceChainTests: XCTestCase {
    private func shift(_ dx: Double, _ dy: Double) -> Homography { Homography([1, 0, dx, 0, 1, dy, 0, 0, 1]) }

    func testMotionIsChainedIntoTheFirstFrame() throws {
        let chain = ReferenceChain()
        XCTAssertEqual(chain.advance(frame: 0, toPrevious: nil).frame, 0)
        // Each frame's pixels lie 2 px right of the previous frame's, and the camera zooms out by 1 % from frame 3.
        for frame in 1...5 {
            let zoom = frame >= 3 ? Homography([1.01, 0, 0, 0, 1.01, 0, 0, 0, 1]) : shift(0, 0)
            chain.advance(frame: frame, toPrevious: zoom.after(shift(2, 0)))
        }
        let view = try XCTUnwrap(chain.view(ofFrame: 5))
        XCTAssertEqual(view.frame, 0)
        // (100, 50) in frame 5 → frame 4 → ... → frame 0: three zooms and five shifts.
        var x = 100.0, y = 50.0
        for frame in stride(from: 5, through: 1, by: -1) {
            let scale = frame >= 3 ? 1.01 : 1
            x = scale * (x + 2); y = scale * y
        }
        let mapped = try XCTUnwrap(view.toReference.apply(100, 50))
        XCTAssertEqual(mapped.x, x, accuracy: 1e-9)
        XCTAssertEqual(mapped.y, y, accuracy: 1e-9)
    }

    func testLostMotionStartsANewReferenceView() throws {
        let chain = ReferenceChain()
        chain.advance(frame: 0, toPrevious: nil)
        chain.advance(frame: 1, toPrevious: shift(5, 0))
        chain.advance(frame: 2, toPrevious: nil)
        chain.advance(frame: 3, toPrevious: shift(5, 0))
        XCTAssertEqual(chain.view(ofFrame: 1)?.frame, 0)
        XCTAssertEqual(chain.view(ofFrame: 3)?.frame, 2)
        XCTAssertEqual(try XCTUnwrap(chain.view(ofFrame: 3)?.toReference.apply(0, 0)).x, 5, accuracy: 1e-12)
        XCTAssertNil(chain.view(ofFrame: 4), "not yet seen")
    }

    func testFixedCameraStaysExactlyTheIdentity() {
        let chain = ReferenceChain()
        let identity = Homography.identity
        for frame in 0..<1000 { chain.advance(frame: frame, toPrevious: frame == 0 ? nil : identity) }
        XCTAssertEqual(chain.view(ofFrame: 999), ReferenceView(frame: 0, toReference: identity))
    }

    func testAKeyFramesMapIsUsedInsteadOfTheChain() throws {
        let chain = ReferenceChain()
        chain.advance(frame: 0, toPrevious: nil, key: KeyFrameLink(frame: 0, toKey: .identity))
        // Frame to frame the camera seems to move 1 px a frame; registered to frame 0, it moved 3 px in all.
        chain.advance(frame: 1, toPrevious: shift(1, 0), key: KeyFrameLink(frame: 0, toKey: shift(1, 0)))
        chain.advance(frame: 2, toPrevious: shift(1, 0), key: KeyFrameLink(frame: 0, toKey: shift(3, 0)))
        XCTAssertEqual(try XCTUnwrap(chain.view(ofFrame: 2)?.toReference.apply(0, 0)).x, 3, accuracy: 1e-12)
        // Frame 3 becomes a key: its view is chained (2 + 1 px), and frame 4, registered to it, follows from there.
        chain.advance(frame: 3, toPrevious: shift(1, 0), key: KeyFrameLink(frame: 3, toKey: .identity))
        chain.advance(frame: 4, toPrevious: shift(1, 0), key: KeyFrameLink(frame: 3, toKey: shift(2, 0)))
        XCTAssertEqual(try XCTUnwrap(chain.view(ofFrame: 3)?.toReference.apply(0, 0)).x, 4, accuracy: 1e-12)
        XCTAssertEqual(try XCTUnwrap(chain.view(ofFrame: 4)?.toReference.apply(0, 0)).x, 6, accuracy: 1e-12)
        XCTAssertEqual(chain.view(ofFrame: 4)?.frame, 0, "still the first frame's view")
    }

    func testAFrameThatStartsAKeyTakesItsViewFromTheLastKey() throws {
        let chain = ReferenceChain()
        chain.advance(frame: 0, toPrevious: nil, key: KeyFrameLink(frame: 0, toKey: .identity))
        chain.advance(frame: 1, toPrevious: shift(1, 0), key: KeyFrameLink(frame: 0, toKey: shift(1, 0)))
        // Frame 2 zoomed past the limit: registered to frame 0 (3 px), not chained (1 + 1 px), it is the next key.
        chain.advance(frame: 2, toPrevious: shift(1, 0), key: KeyFrameLink(frame: 0, toKey: shift(3, 0), startsKey: true))
        chain.advance(frame: 3, toPrevious: shift(1, 0), key: KeyFrameLink(frame: 2, toKey: shift(2, 0)))
        XCTAssertEqual(try XCTUnwrap(chain.view(ofFrame: 2)?.toReference.apply(0, 0)).x, 3, accuracy: 1e-12)
        XCTAssertEqual(try XCTUnwrap(chain.view(ofFrame: 3)?.toReference.apply(0, 0)).x, 5, accuracy: 1e-12)
        XCTAssertEqual(chain.view(ofFrame: 3)?.frame, 0)
    }

    func testALostFrameStartsANewViewWhateverItsKey() {
        let chain = ReferenceChain()
        chain.advance(frame: 0, toPrevious: nil, key: KeyFrameLink(frame: 0, toKey: .identity))
        chain.advance(frame: 1, toPrevious: nil, key: KeyFrameLink(frame: 1, toKey: .identity))
        XCTAssertEqual(chain.view(ofFrame: 1), ReferenceView(frame: 1, toReference: .identity))
        XCTAssertNil(chain.toFirstFrame(ofFrame: 1), "the first frame's view is lost")
        XCTAssertEqual(chain.toFirstFrame(ofFrame: 0), .identity)
    }
}
