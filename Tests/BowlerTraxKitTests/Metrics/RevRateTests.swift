import XCTest
@testable import BowlerTraxKit

/// Rev rate measured end to end on clips rendered at run time, and on the committed fixture clips.
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

    func testMarkerRevRateWithinFivePercentAt60Fps() throws {
        try assertWithin(0.05, [
            RevRateClip(revRateRpm: 150, axisRotationDeg: 0, axisTiltDeg: 0, fps: 60, face: .marker),
            RevRateClip(revRateRpm: 300, axisRotationDeg: 45, axisTiltDeg: 15, fps: 60, face: .marker),
            RevRateClip(revRateRpm: 450, axisRotationDeg: 90, axisTiltDeg: 30, fps: 60, face: .marker),
            RevRateClip(revRateRpm: 600, axisRotationDeg: 30, axisTiltDeg: 10, fps: 60, face: .marker),
        ])
    }

    func testMarkerRevRateWithinFivePercentAt120Fps() throws {
        try assertWithin(0.05, [
            RevRateClip(revRateRpm: 200, axisRotationDeg: 60, axisTiltDeg: 20, fps: 120, face: .marker),
            RevRateClip(revRateRpm: 500, axisRotationDeg: 15, axisTiltDeg: 5, fps: 120, face: .marker),
        ])
    }

    func testMarkerRevRateAt30Fps() throws {
        try assertWithin(0.05, [
            RevRateClip(revRateRpm: 350, axisRotationDeg: 45, axisTiltDeg: 10, fps: 30, face: .marker),
            RevRateClip(revRateRpm: 600, axisRotationDeg: 75, axisTiltDeg: 25, fps: 30, face: .marker),
        ])
    }

    func testHolesAndLogoRevRateWithinEightPercent() throws {
        try assertWithin(0.08, [
            RevRateClip(revRateRpm: 250, axisRotationDeg: 30, axisTiltDeg: 10, fps: 60, face: .holesAndLogo),
            RevRateClip(revRateRpm: 450, axisRotationDeg: 60, axisTiltDeg: 20, fps: 60, face: .holesAndLogo),
            RevRateClip(revRateRpm: 550, axisRotationDeg: 45, axisTiltDeg: 0, fps: 120, face: .holesAndLogo),
        ])
    }

    func testPlainBallHasNoRevRate() throws {
        let (_, measured) = try RevRateClip(revRateRpm: 350, axisRotationDeg: 45, axisTiltDeg: 10, fps: 60, face: .plain).measure()
        XCTAssertNil(measured)
    }

    func testCommittedClipsMatchTheirTruth() throws {
        for name in ["right-720p60", "left-720p60", "right-1080p30", "right-720p120", "right-480p30-mjpeg", "right-720p60-mpeg4",
                     "multi-720p60", "holes-720p60", "plain-720p60"] {
            let (truth, result) = try FixtureTruth.analyze(name)
            for (shot, expected) in zip(result.shots, truth.shots) {
                let measured = shot.measurements.revRateRpm
                print("rev rate \(name) shot \(shot.shotNumber): true \(expected.rev_rate_rpm.map { String(format: "%.1f", $0) } ?? "nil"), measured \(measured.map { String(format: "%.1f", $0) } ?? "nil"), confidence \(shot.measurements.revRateConfidence.map { String(format: "%.2f", $0) } ?? "nil")")
                guard let trueRpm = expected.rev_rate_rpm, truth.marker_hsv != nil || name.hasPrefix("holes") else {
                    XCTAssertNil(measured, "\(name) shot \(shot.shotNumber): a plain ball has no rev rate")
                    continue
                }
                let tolerance = truth.marker_hsv != nil ? 0.05 : 0.08
                XCTAssertEqual(measured ?? 0, trueRpm, accuracy: tolerance * trueRpm, "\(name) shot \(shot.shotNumber)")
            }
        }
    }
}
