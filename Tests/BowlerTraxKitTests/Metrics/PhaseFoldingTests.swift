import Foundation
import XCTest
@testable import BowlerTraxKit

/// Phase folding on synthetic signals, and the check that keeps whole-frame lags from reporting a third of the rate.
final class PhaseFoldingTests: XCTestCase {
    /// A marker-like pulse once a turn of `turnFrames` frames, sampled on `frames` frames: high where the phase is near 0.
    private func pulse(turnFrames: Double, frames: Int) -> [[Float]] {
        (0..<frames).map { frame in
            let phase = (Double(frame) / turnFrames).truncatingRemainder(dividingBy: 1)
            let distance = min(phase, 1 - phase)
            return [Float(exp(-0.5 * (distance / 0.1) * (distance / 0.1)))]
        }
    }

    /// 3.5 frames a turn repeats on the same frame phase only every 7 frames; folding still sees the turn at 3.5.
    func testPulseAtThreeAndAHalfFramesFoldsTighterThanAtSeven() throws {
        let fps = 30.0
        let folding = try XCTUnwrap(PhaseFolding(features: pulse(turnFrames: 3.5, frames: 19), timesS: (0..<19).map { Double($0) / fps }))
        XCTAssertLessThan(folding.dispersion(frequencyHz: fps / 3.5), 0.2)
        XCTAssertLessThan(folding.dispersion(frequencyHz: fps / 3.5), folding.dispersion(frequencyHz: fps / 7))
        XCTAssertGreaterThan(folding.dispersion(frequencyHz: fps / 5), 0.8, "a wrong period folds like no period")
    }

    func testConstantSignalHasNoFolding() {
        XCTAssertNil(PhaseFolding(features: Array(repeating: [1, 2, 3], count: 19), timesS: (0..<19).map { Double($0) / 30 }))
    }

    /// A straight-line drift is removed before folding: nothing is left to fold.
    func testLinearDriftHasNoFolding() {
        let timesS = (0..<19).map { Double($0) / 30 }
        XCTAssertNil(PhaseFolding(features: timesS.map { [Float(2 * $0), Float(1 - $0)] }, timesS: timesS))
    }

    /// A turn of 8.76 frames at 60 fps (411 rpm): whole-frame lags may find its repeat after three turns (137 rpm);
    /// the sightings fold as well at three times that rate, so 137 is not reported.
    func testAThirdOfTheRateIsSeenToFoldAsWellFaster() {
        let frames = Array(0..<52)
        let block = pulse(turnFrames: 8.76, frames: 52)
        XCTAssertTrue(RevRateEstimator.foldsAsWellFaster(block, frames: frames, frameS: 1.0 / 60, rpm: 3600 / 8.76 / 3))
    }

    /// At the true rate, two and three times it fold worse: the rate stands.
    func testTheTrueRateDoesNotFoldAsWellFaster() {
        let frames = Array(0..<52)
        let block = pulse(turnFrames: 14.4, frames: 52)
        XCTAssertFalse(RevRateEstimator.foldsAsWellFaster(block, frames: frames, frameS: 1.0 / 60, rpm: 3600 / 14.4))
    }
}
