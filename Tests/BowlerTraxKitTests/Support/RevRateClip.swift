import Foundation
import XCTest
@testable import BowlerTraxKit
import BowlerTraxFixtures

/// A short clip rendered at run time for the rev-rate tests: 640×360 unless said, only the first ~25 ft of one shot.
struct RevRateClip {
    enum Face { case marker, holesAndLogo, plain }

    var revRateRpm: Double
    var axisRotationDeg: Double
    var axisTiltDeg: Double
    var fps: Double
    var face: Face
    /// 360 or 720 (16:9).
    var heightPx = 360
    var hand: Hand = .right

    var label: String {
        "\(face) \(Int(revRateRpm)) rpm, axis \(Int(axisRotationDeg))°, tilt \(Int(axisTiltDeg))°, \(Int(fps)) fps" + (heightPx == 360 ? "" : ", \(heightPx)p") + (hand == .right ? "" : ", left")
    }

    var spec: ClipSpec {
        let color = HSVColor(hueDeg: 220, saturationPct: 85, valuePct: 75)
        let ball: BowlerTraxFixtures.BallAppearance
        switch face {
        case .marker: ball = BowlerTraxFixtures.BallAppearance(color: color)
        case .holesAndLogo: ball = BowlerTraxFixtures.BallAppearance(color: color, marker: nil, holes: true, logo: true)
        case .plain: ball = BowlerTraxFixtures.BallAppearance(color: color, marker: nil)
        }
        let shot = ShotSpec(speedMph: 18, revRateRpm: revRateRpm, axisRotationDeg: axisRotationDeg, axisTiltDeg: axisTiltDeg)
        // 0.4 s lead, then about 1.1 s of ball: past 25 ft at 18 mph.
        return ClipSpec(name: "revs", widthPx: heightPx * 16 / 9, heightPx: heightPx, fps: fps, crf: 23, x264Preset: "ultrafast", hand: hand,
                        ball: ball, shots: [shot], leadS: 0.4, maxDurationS: 1.5)
    }

    /// Renders the clip into a fresh temporary folder, analyses it and returns the true and measured rates.
    func measure() throws -> (truthRpm: Double, measured: RevRateEstimator.Estimate?) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("revs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FixtureRenderer.render(spec: spec, to: directory)
        let (truth, result) = try FixtureTruth.analyze(spec.name, in: directory)
        let shot = try XCTUnwrap(result.shots.first, "\(label): no shot found")
        let truthRpm = try XCTUnwrap(truth.shots.first?.rev_rate_rpm)
        let measured = shot.measurements.revRateRpm.map { RevRateEstimator.Estimate(rpm: $0, confidence: shot.measurements.revRateConfidence ?? 0) }
        let text = measured.map { String(format: "%.1f rpm (%+.1f %%), confidence %.2f", $0.rpm, 100 * ($0.rpm / truthRpm - 1), $0.confidence) } ?? "nil"
        print("rev rate \(label): true \(String(format: "%.1f", truthRpm)), measured \(text)")
        return (truthRpm, measured)
    }
}
