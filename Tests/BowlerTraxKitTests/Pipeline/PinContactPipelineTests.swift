import BowlerTraxFixtures
import XCTest
@testable import BowlerTraxKit

/// The rendered pins never fall, so the rendered shot is replayed with its head pin shifted from a chosen frame on,
/// as a knocked pin moves: the pipeline must see that frame as the ball's arrival and time the average speed by it.
final class PinContactPipelineTests: XCTestCase {
    private static let clip = "right-720p60"

    /// The shot's track and measurements, its head pin shifted 3 px from the first frame at or after `knockedAtS`
    /// (nil: left standing).
    private func analyze(knockedAtS: Double?) throws -> (track: TrackedShot, shot: Shot) {
        let directory = FixtureTruth.directory
        let truth = try FixtureTruth.load(Self.clip)
        let calibration = try LaneCalibration.load(path: directory.appendingPathComponent("\(Self.clip).calibration.json").path,
                                                   videoSize: PixelSize(width: truth.width, height: truth.height))
        let decoder = try FrameDecoder(path: directory.appendingPathComponent(truth.video).path, threads: 1)
        let pipeline = ShotPipeline(profile: truth.profile, calibration: calibration, hand: .right,
                                    imageSize: PixelSize(width: decoder.width, height: decoder.height))
        // The head pin in the picture: its axis from the deck to its top, a belly radius either side.
        let base = try XCTUnwrap(calibration.pixel(lateralFt: 0, distanceFt: Lane.headPinDistanceFt, heightFt: 0))
        let top = try XCTUnwrap(calibration.pixel(lateralFt: 0, distanceFt: Lane.headPinDistanceFt, heightFt: 15.0 / 12))
        let side = try XCTUnwrap(calibration.pixel(lateralFt: Lane.pinRadiusFt, distanceFt: Lane.headPinDistanceFt, heightFt: 0))
        let reach = Int(abs(side.x - base.x).rounded(.up)) + 2
        let pin = PixelRect(x0: Int(base.x) - reach, y0: Int(top.y) - 1, x1: Int(base.x) + reach + 1, y1: Int(base.y) + 1)
        var finished: [ShotPipeline.NumberedTrack] = []
        while let decoded = try decoder.nextFrame() {
            let frame = Self.writableCopy(of: decoded)
            if let knockedAtS, frame.timeS >= knockedAtS { Self.shiftRight(pin, of: frame, byPx: 3) }
            if let track = pipeline.track(frame) { finished.append(track) }
        }
        finished += pipeline.finishTracking()
        let track = try XCTUnwrap(finished.max { $0.track.observations.count < $1.track.observations.count })
        return (track.track, pipeline.measure(track))
    }

    /// A frame of its own (the pipeline keeps the last one while it watches the pins) with `frame`'s pixels.
    private static func writableCopy(of frame: VideoFrame) -> VideoFrame {
        let copy = VideoFrame.allocate(width: frame.width, height: frame.height, index: frame.index, timeS: frame.timeS,
                                       chromaShiftX: frame.chromaShiftX, chromaShiftY: frame.chromaShiftY, encoding: frame.encoding)
        for plane in 0..<3 {
            let rows = plane == 0 ? frame.height : (frame.height + (1 << frame.chromaShiftY) - 1) >> frame.chromaShiftY
            for row in 0..<rows {
                (copy.mutablePlane(plane) + row * copy.stride(plane)).update(from: frame.plane(plane) + row * frame.stride(plane), count: min(copy.stride(plane), frame.stride(plane)))
            }
        }
        return copy
    }

    /// Moves the luma inside `box` `px` to the right, as a pin knocked aside.
    private static func shiftRight(_ box: PixelRect, of frame: VideoFrame, byPx px: Int) {
        let luma = frame.mutablePlane(0), rowLength = frame.stride(0)
        for y in box.y0..<box.y1 {
            for x in stride(from: box.x1 - 1, through: box.x0 + px, by: -1) { luma[y * rowLength + x] = luma[y * rowLength + x - px] }
        }
    }

    /// When the rendered ball reached the distance where it meets the front pins.
    private func contactTimeS() throws -> (timeS: Double, distanceFt: Double) {
        let truth = try ClipTruth.load(contentsOf: FixtureTruth.directory.appendingPathComponent("\(Self.clip).truth.json"))
        let shot = try XCTUnwrap(truth.shots.first)
        let distanceFt = try XCTUnwrap(ShotMeasurer.contactDistanceFt(board: shot.entryBoard))
        let after = try XCTUnwrap(shot.path.firstIndex { $0.distanceFt >= distanceFt })
        let a = shot.path[after - 1], b = shot.path[after]
        return (a.timeS + (b.timeS - a.timeS) * (distanceFt - a.distanceFt) / (b.distanceFt - a.distanceFt), distanceFt)
    }

    func testKnockedPinsTimeTheBallsArrival() throws {
        let contact = try contactTimeS()
        let standing = try analyze(knockedAtS: nil)
        XCTAssertNil(standing.track.pinContact, "pins that never move time nothing")
        let knocked = try analyze(knockedAtS: contact.timeS)
        let seen = try XCTUnwrap(knocked.track.pinContact)
        XCTAssertEqual(seen.timeS, contact.timeS, accuracy: 1 / 60.0, "the frame the pin moved in, less half a frame")
        // Timed by the pins, the average is the contact distance over the time from the foul line, within the half
        // frame the contact time may be off.
        let average = try XCTUnwrap(knocked.shot.measurements.averageSpeedMph)
        let expected = contact.distanceFt / (seen.timeS - knocked.shot.releaseTimeS) / 1.4666667
        XCTAssertEqual(average, expected, accuracy: 0.01)
        let truth = try FixtureTruth.load(Self.clip).shots[0].average_speed_mph
        print("right-720p60 average timed by the pins \(String(format: "%.3f", average)) mph, by the sightings \(String(format: "%.3f", standing.shot.measurements.averageSpeedMph ?? .nan)), truth \(String(format: "%.3f", truth))")
        XCTAssertEqual(average, truth, accuracy: 0.15)
    }

    func testPinsKnockedLateSlowTheAverageAsTheyShould() throws {
        // A tenth of a second after the ball arrived (a late frame, a slow pin): the average follows the pins'
        // time, so the pins are what it is timed by, not the sightings.
        let contact = try contactTimeS()
        let late = try analyze(knockedAtS: contact.timeS + 0.1)
        let seen = try XCTUnwrap(late.track.pinContact)
        XCTAssertEqual(seen.timeS, contact.timeS + 0.1, accuracy: 1 / 60.0)
        let truth = try FixtureTruth.load(Self.clip).shots[0].average_speed_mph
        XCTAssertLessThan(try XCTUnwrap(late.shot.measurements.averageSpeedMph), truth - 0.4)
    }
}
