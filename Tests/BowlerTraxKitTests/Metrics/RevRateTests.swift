import XCTest
@testable import BowlerTraxKit

/// Rev rate measured end to end on clips rendered at run time (640×360, the first ~25 ft), and on the
/// committed fixture clips. Targets (issue 3): within 5 % with a marker at 60 and 120 fps, within 8 % from
/// holes and logo, nil for a plain ball. Shortfalls are reported as skipped with the figures.
final class RevRateTests: XCTestCase {
    private func assertWithin(_ fraction: Double, _ clips: [RevRateClip], file: StaticString = #filePath, line: UInt = #line) throws {
        for clip in clips {
            let (truthRpm, measured) = try clip.measure()
            guard let measured else {
                XCTFail("\(clip.label): no rev rate", file: file, line: line)
                continue
            }
            XCTAssertEqual(measured.rpm, truthRpm, accuracy: fraction * truthRpm, clip.label, file: file, line: line)
        }
    }

    private func assertCommittedClips(_ names: [String], within fraction: Double, file: StaticString = #filePath, line: UInt = #line) throws {
        for name in names {
            let (truth, result) = try FixtureTruth.analyze(name)
            XCTAssertEqual(result.shots.count, truth.shots.count, "\(name): shots found", file: file, line: line)
            for (shot, expected) in zip(result.shots, truth.shots) {
                let trueRpm = try XCTUnwrap(expected.rev_rate_rpm)
                let measured = shot.measurements.revRateRpm
                print("rev rate \(name) shot \(shot.shotNumber): true \(String(format: "%.1f", trueRpm)), measured \(measured.map { String(format: "%.1f", $0) } ?? "nil"), confidence \(shot.measurements.revRateConfidence.map { String(format: "%.2f", $0) } ?? "nil")")
                XCTAssertEqual(measured ?? 0, trueRpm, accuracy: fraction * trueRpm, "\(name) shot \(shot.shotNumber)", file: file, line: line)
            }
        }
    }

    func testMarkerRevRateWithinFivePercentAt60Fps() throws {
        try assertWithin(0.05, [
            RevRateClip(revRateRpm: 300, axisRotationDeg: 45, axisTiltDeg: 15, fps: 60, face: .marker),
            RevRateClip(revRateRpm: 450, axisRotationDeg: 90, axisTiltDeg: 30, fps: 60, face: .marker),
            RevRateClip(revRateRpm: 600, axisRotationDeg: 30, axisTiltDeg: 10, fps: 60, face: .marker),
            RevRateClip(revRateRpm: 300, axisRotationDeg: 45, axisTiltDeg: 15, fps: 60, face: .marker, hand: .left),
        ])
    }

    func testMarkerRevRateWithinFivePercentAt120Fps() throws {
        try assertWithin(0.05, [
            RevRateClip(revRateRpm: 200, axisRotationDeg: 60, axisTiltDeg: 20, fps: 120, face: .marker),
            RevRateClip(revRateRpm: 500, axisRotationDeg: 15, axisTiltDeg: 5, fps: 120, face: .marker),
            RevRateClip(revRateRpm: 450, axisRotationDeg: 30, axisTiltDeg: 20, fps: 120, face: .marker, hand: .left),
        ])
    }

    func testHolesAndLogoRevRateWithinEightPercent() throws {
        try assertWithin(0.08, [RevRateClip(revRateRpm: 450, axisRotationDeg: 60, axisTiltDeg: 20, fps: 60, face: .holesAndLogo)])
    }

    func testPlainBallHasNoRevRate() throws {
        let (_, measured) = try RevRateClip(revRateRpm: 350, axisRotationDeg: 45, axisTiltDeg: 10, fps: 60, face: .plain).measure()
        XCTAssertNil(measured)
    }

    func testCommittedMarkerClipsAt60And120FpsWithinFivePercent() throws {
        try assertCommittedClips(["right-720p60", "left-720p60", "right-720p120", "right-720p60-mpeg4", "multi-720p60"], within: 0.05)
    }

    func testCommittedPlainBallClipHasNoRevRate() throws {
        let (_, result) = try FixtureTruth.analyze("plain-720p60")
        XCTAssertFalse(result.shots.isEmpty)
        XCTAssertTrue(result.shots.allSatisfy { $0.measurements.revRateRpm == nil && $0.measurements.revRateConfidence == nil })
    }

    /// The committed 30 fps clips (1080p h264 and 480p MJPEG): whole-frame lags could read half the rate (257 for 517
    /// rpm); the marker fit reads the spin itself.
    func testCommittedMarkerClipsAt30FpsWithinFivePercent() throws {
        try assertCommittedClips(["right-1080p30", "right-480p30-mjpeg"], within: 0.05)
    }

    /// Axis rotation 0-90 and tilt 0-30 at 60 and 120 fps: a rate is either within target (5 % with a marker,
    /// 8 % from holes and logo) or nil, never a wrong number. Faint holes at 640×360 may be nil (docs/rev-rate.md table).
    func testSweepReportsARateWithinTargetOrNone() throws {
        let clips = [
            RevRateClip(revRateRpm: 200, axisRotationDeg: 90, axisTiltDeg: 30, fps: 60, face: .marker),
            RevRateClip(revRateRpm: 150, axisRotationDeg: 0, axisTiltDeg: 0, fps: 120, face: .marker),
            RevRateClip(revRateRpm: 300, axisRotationDeg: 15, axisTiltDeg: 30, fps: 120, face: .holesAndLogo),
            RevRateClip(revRateRpm: 350, axisRotationDeg: 0, axisTiltDeg: 0, fps: 60, face: .holesAndLogo),
            RevRateClip(revRateRpm: 400, axisRotationDeg: 90, axisTiltDeg: 0, fps: 60, face: .holesAndLogo),
            RevRateClip(revRateRpm: 600, axisRotationDeg: 90, axisTiltDeg: 30, fps: 60, face: .holesAndLogo),
            RevRateClip(revRateRpm: 200, axisRotationDeg: 75, axisTiltDeg: 5, fps: 60, face: .holesAndLogo),
            RevRateClip(revRateRpm: 550, axisRotationDeg: 30, axisTiltDeg: 20, fps: 60, face: .plain),
            // At 720p these read a third of the rate from whole-frame lags (138 for 411, 212 for 624): now null.
            RevRateClip(revRateRpm: 400, axisRotationDeg: 45, axisTiltDeg: 20, fps: 60, face: .holesAndLogo, heightPx: 720),
            RevRateClip(revRateRpm: 600, axisRotationDeg: 15, axisTiltDeg: 30, fps: 60, face: .holesAndLogo, heightPx: 720),
            // And this one a quarter (143 for 570) until four times the rate was folded too.
            RevRateClip(revRateRpm: 550, axisRotationDeg: 20, axisTiltDeg: 15, fps: 60, face: .holesAndLogo, heightPx: 720),
        ]
        for clip in clips {
            let (truthRpm, measured) = try clip.measure()
            switch (clip.face, measured) {
            case (.plain, _): XCTAssertNil(measured, clip.label)
            case (_, nil): continue
            case (.marker, let estimate?): XCTAssertEqual(estimate.rpm, truthRpm, accuracy: 0.05 * truthRpm, clip.label)
            case (.holesAndLogo, let estimate?): XCTAssertEqual(estimate.rpm, truthRpm, accuracy: 0.08 * truthRpm, clip.label)
            }
        }
    }

    /// 30 fps with a marker (`SpotSpinFit`), axis rotation 0-90 and tilt 0-30, both hands, 360p and 720p.
    func testMarkerRevRateAt30FpsWithinFivePercent() throws {
        try assertWithin(0.05, [
            RevRateClip(revRateRpm: 150, axisRotationDeg: 0, axisTiltDeg: 0, fps: 30, face: .marker),
            RevRateClip(revRateRpm: 200, axisRotationDeg: 15, axisTiltDeg: 25, fps: 30, face: .marker),
            RevRateClip(revRateRpm: 600, axisRotationDeg: 90, axisTiltDeg: 30, fps: 30, face: .marker),
            RevRateClip(revRateRpm: 150, axisRotationDeg: 0, axisTiltDeg: 0, fps: 30, face: .marker, heightPx: 720),
            RevRateClip(revRateRpm: 350, axisRotationDeg: 45, axisTiltDeg: 15, fps: 30, face: .marker, heightPx: 720),
            RevRateClip(revRateRpm: 450, axisRotationDeg: 60, axisTiltDeg: 20, fps: 30, face: .marker, heightPx: 720),
            RevRateClip(revRateRpm: 550, axisRotationDeg: 20, axisTiltDeg: 5, fps: 30, face: .marker, heightPx: 720),
            RevRateClip(revRateRpm: 600, axisRotationDeg: 90, axisTiltDeg: 30, fps: 30, face: .marker, heightPx: 720),
            RevRateClip(revRateRpm: 300, axisRotationDeg: 45, axisTiltDeg: 15, fps: 30, face: .marker, heightPx: 720, hand: .left),
            RevRateClip(revRateRpm: 250, axisRotationDeg: 30, axisTiltDeg: 10, fps: 30, face: .marker, heightPx: 720),
            RevRateClip(revRateRpm: 500, axisRotationDeg: 75, axisTiltDeg: 10, fps: 30, face: .marker, heightPx: 720, hand: .left),
        ])
    }

    /// At 30 fps a marker seen too few times, too faintly or fitting two rates alike gives null: a known shortfall
    /// (about 4 in 10 of rendered 30 fps shots, docs/rev-rate.md). The last case read 462 for 410 rpm until a fit
    /// had to reach `SpotSpinFit.minFit`.
    func testMarkerAt30FpsWithoutAClearFitIsAKnownShortfall() throws {
        try expectShortfall(0.05, [
            RevRateClip(revRateRpm: 250, axisRotationDeg: 30, axisTiltDeg: 10, fps: 30, face: .marker),
            RevRateClip(revRateRpm: 450, axisRotationDeg: 60, axisTiltDeg: 20, fps: 30, face: .marker),
            RevRateClip(revRateRpm: 400, axisRotationDeg: 45, axisTiltDeg: 5, fps: 30, face: .marker),
        ])
    }

    /// Known shortfalls, reported as skipped with the figures (never as passed); a case that comes within
    /// its target fails so that it is taken off this list.
    private func expectShortfall(_ fraction: Double, _ clips: [RevRateClip]) throws {
        var misses: [String] = []
        for clip in clips {
            let (truthRpm, measured) = try clip.measure()
            if let rpm = measured?.rpm, abs(rpm - truthRpm) <= fraction * truthRpm { continue }
            misses.append("\(clip.label): true \(String(format: "%.0f", truthRpm)), measured \(measured.map { String(format: "%.0f", $0.rpm) } ?? "nil")")
        }
        XCTAssertFalse(misses.isEmpty, "every case is within target now: make this a plain test")
        if !misses.isEmpty { throw XCTSkip("known shortfall: " + misses.joined(separator: "; ")) }
    }

    /// A forward roller below DOMAIN.md's range (90 rpm at release, 129 rpm true average), about 1.4 turns in view. It
    /// read 122 (-5.8 %, a known shortfall) while the marker fit found two rates alike and whole-frame lags answered;
    /// with a missed frame weighing as much as the gathering (`SpotSpinFit.missPenalty`) the fit is clear.
    func testMarkerRollerBelowTheRangeIsMeasured() throws {
        try assertWithin(0.05, [RevRateClip(revRateRpm: 90, axisRotationDeg: 0, axisTiltDeg: 0, fps: 60, face: .marker)])
    }

    /// A slow forward roller (150 rpm at release, 189 rpm true average, axis 0) reads 183.2 (-3.3 %). It read 197
    /// (+4.0 %) before the spin-up correction (`SpinUp`): friction spins the ball up from release, so the rate while
    /// in view (7-20 ft) is above the 0-20 ft average; and 186.8 (-1.4 %) while the correction took the mean axis.
    func testSlowForwardRollerIsMeasured() throws {
        try assertWithin(0.05, [RevRateClip(revRateRpm: 150, axisRotationDeg: 0, axisTiltDeg: 0, fps: 60, face: .marker)])
    }

    /// Holes and logo without a marker at a low rate (60 fps) and a high one (120 fps); at 720p one that read a third
    /// of the rate (164 for 493) until the one-turn dip beside a three-turn dip was taken (`RevRateEstimator.fundamental`).
    func testHolesAndLogoAtLowAndHighRatesWithinEightPercent() throws {
        try assertWithin(0.08, [
            RevRateClip(revRateRpm: 500, axisRotationDeg: 60, axisTiltDeg: 5, fps: 60, face: .holesAndLogo, heightPx: 720),
            RevRateClip(revRateRpm: 250, axisRotationDeg: 30, axisTiltDeg: 10, fps: 60, face: .holesAndLogo),
            RevRateClip(revRateRpm: 550, axisRotationDeg: 45, axisTiltDeg: 0, fps: 120, face: .holesAndLogo),
        ])
    }

    /// A slow forward roller with holes and logo at 720p read about half its rate with whole-frame lags (123 for 239:
    /// its spin-up while in view smears the fold at the true rate), a known shortfall until the holes were fitted as a
    /// spot (`FingerHoleSpots`, `SpotSpinFit`).
    func testSlowHolesAndLogoRollerAt720pWithinEightPercent() throws {
        try assertWithin(0.08, [RevRateClip(revRateRpm: 200, axisRotationDeg: 0, axisTiltDeg: 0, fps: 60, face: .holesAndLogo, heightPx: 720)])
    }

    /// Holes and logo at 30 fps (`FingerHoleSpots`, `SpotSpinFit`): whole-frame lags cannot serve there, the holes'
    /// spin fit can. 720p: at 360p a 1 in hole is 2 px across at 20 ft.
    func testHolesAndLogoAt30FpsWithinEightPercent() throws {
        try assertWithin(0.08, [
            RevRateClip(revRateRpm: 300, axisRotationDeg: 0, axisTiltDeg: 0, fps: 30, face: .holesAndLogo, heightPx: 720),
            RevRateClip(revRateRpm: 200, axisRotationDeg: 60, axisTiltDeg: 20, fps: 30, face: .holesAndLogo, heightPx: 720),
            RevRateClip(revRateRpm: 450, axisRotationDeg: 45, axisTiltDeg: 15, fps: 30, face: .holesAndLogo, heightPx: 720),
            RevRateClip(revRateRpm: 550, axisRotationDeg: 20, axisTiltDeg: 5, fps: 30, face: .holesAndLogo, heightPx: 720),
            RevRateClip(revRateRpm: 350, axisRotationDeg: 30, axisTiltDeg: 30, fps: 30, face: .holesAndLogo, heightPx: 720, hand: .left),
        ])
    }

    /// Wrong numbers whole-frame lags used to give on rendered sweeps (axis 73-83°, fast), now null:
    /// - a marker at 360p whose spin fit is not clear (best 538 rpm, a rate near a third of it nearly as good): lags
    ///   read 162 for 543, a third. A lag rate far from the marker fit's best rate (or half of it) is not reported
    ///   (`RevRateEstimator.markerAgreement`).
    /// - holes and logo, 237 for 480 at 720p and 236 for 487 at 360p, half the rate, after a holes fit that was not
    ///   clear or not possible. Their sightings fold as tightly at twice the lag rate as at it (0.02 tighter), which
    ///   the fold check now takes as the turn not known (`RevRateEstimator.foldsAsWellFaster`).
    func testLagRatesAtAThirdOrAHalfAreNull() throws {
        for clip in [
            RevRateClip(revRateRpm: 559, axisRotationDeg: 73, axisTiltDeg: 6, fps: 60, face: .marker),
            RevRateClip(revRateRpm: 496, axisRotationDeg: 83, axisTiltDeg: 21, fps: 60, face: .holesAndLogo, heightPx: 720),
            RevRateClip(revRateRpm: 500, axisRotationDeg: 78, axisTiltDeg: 23, fps: 60, face: .holesAndLogo),
        ] {
            XCTAssertNil(try clip.measure().measured, clip.label)
        }
    }

    /// A plain ball at 120 fps with a side-spin axis stays nil too: its shading drifts slowly and shows no dip.
    func testPlainBallAt120FpsHasNoRevRate() throws {
        let (_, measured) = try RevRateClip(revRateRpm: 200, axisRotationDeg: 90, axisTiltDeg: 30, fps: 120, face: .plain).measure()
        XCTAssertNil(measured)
    }

    /// The committed holes-and-logo clip (353 rpm, 720p60).
    func testCommittedHolesAndLogoClipWithinEightPercent() throws {
        let (truth, result) = try FixtureTruth.analyze("holes-720p60")
        let measured = try XCTUnwrap(result.shots.first?.measurements.revRateRpm, "holes-720p60: no rev rate")
        let trueRpm = try XCTUnwrap(truth.shots.first?.rev_rate_rpm)
        print("rev rate holes-720p60: true \(String(format: "%.1f", trueRpm)), measured \(String(format: "%.1f", measured))")
        XCTAssertEqual(measured, trueRpm, accuracy: 0.08 * trueRpm)
    }
}
