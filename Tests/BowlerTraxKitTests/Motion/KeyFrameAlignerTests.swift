import XCTest
@testable import BowlerTraxKit

/// Frames registered to a key frame across a zoom: the key's corners followed through the predicted zoom, and a new
/// key registered to the last one.
final class KeyFrameAlignerTests: XCTestCase {
    private typealias Scene = MotionTestScene
    private static let texture = MotionTexture(seed: 11)

    func testCornersFollowedThroughThePredictedZoomLandOnTheirPlace() throws {
        // The later frame zoomed in 1.2× about the centre: each key corner is placed where it truly is there and
        // followed; the warp tells the tracker how the key's window looks there.
        let toKey = Scene.similarity(scale: 1 / 1.2, shiftX: 0, shiftY: 0)
        let fromKey = try XCTUnwrap(toKey.inverse)
        let key = LumaPyramid(), later = LumaPyramid()
        key.build(from: Scene.frame(Self.texture, view: { ($0, $1) }))
        later.build(from: Scene.frame(Self.texture, view: Scene.view(toKey)))
        let tracker = FeatureTracker(gridColumns: KeyFrameAligner.gridColumns, gridRows: KeyFrameAligner.gridRows)
        tracker.selectCorners(in: key.levels[0], excluding: [])
        let corners = tracker.features
        XCTAssertGreaterThan(corners.count, 300)
        func medianError(warped: Bool) throws -> Double {
            var placed: [TrackedFeature] = []
            for corner in corners {
                let there = try XCTUnwrap(later.carry(corner.from, by: fromKey))
                guard there.x > 4, there.y > 4, there.x < Float(later.levels[0].width - 5), there.y < Float(later.levels[0].height - 5) else { continue }
                placed.append(TrackedFeature(from: corner.from, to: there, strength: corner.strength,
                                             warp: warped ? SIMD4(1.2, 0, 0, 1.2) : FeatureTracker.unwarped))
            }
            tracker.place(placed)
            tracker.track(from: key, to: later, levels: KeyFrameAligner.trackedLevels, guess: nil, droppingFoundIn: [])
            var errors = try tracker.features.map { feature -> Double in
                let truth = try XCTUnwrap(later.carry(feature.from, by: fromKey))
                return Double(((feature.to.x - truth.x) * (feature.to.x - truth.x) + (feature.to.y - truth.y) * (feature.to.y - truth.y)).squareRoot())
            }
            XCTAssertGreaterThan(errors.count, placed.count / 2, "most corners followed")
            return MotionRansac.median(&errors)
        }
        let warped = try medianError(warped: true), unwarped = try medianError(warped: false)
        print("corners followed across a 1.2× zoom: median error \(String(format: "%.3f", warped)) samples warped, \(String(format: "%.3f", unwarped)) not")
        XCTAssertLessThan(warped, 0.05)
        XCTAssertLessThan(warped, unwarped)
    }

    func testZoomPastTheLimitMakesANewKeyRegisteredToTheLastOne() throws {
        // 1.5 % a frame for 20 frames (1.35× in all): the frame past `maxScaleChange` is registered to frame 0 and
        // becomes the key; the frames after it are registered to it, and the chain of the two stays on the truth.
        let estimator = CameraMotionEstimator()
        let chain = ReferenceChain()
        var starts: [Int] = []
        var toFirst = Homography.identity
        for frame in 0...20 {
            let step = Scene.similarity(scale: 1 / 1.015, shiftX: 0.3, shiftY: -0.2)
            if frame > 0 { toFirst = toFirst.after(step) }
            let picture = Scene.frame(Self.texture, index: frame, view: Scene.view(toFirst))
            let motion = estimator.next(picture)
            let link = try XCTUnwrap(motion.key, "frame \(frame)")
            if link.startsKey {
                XCTAssertEqual(link.frame, starts.last ?? 0, "frame \(frame) registered to the last key")
                starts.append(frame)
            } else if frame > 0 {
                XCTAssertEqual(link.frame, starts.last ?? 0, "frame \(frame) registered to its key")
            }
            chain.advance(frame: frame, toPrevious: motion.toPrevious, key: motion.key)
        }
        XCTAssertEqual(starts.count, 1, "one new key at 1.2×: \(starts)")
        let map = try XCTUnwrap(chain.toFirstFrame(ofFrame: 20))
        let error = Scene.cornerError(map, toFirst)
        print("20 frames of zoom (1.35×) with a key at frame \(starts): frame 20 lands in frame 0 within \(String(format: "%.3f", error)) px at the corners")
        XCTAssertLessThan(error, 0.25)
    }
}
