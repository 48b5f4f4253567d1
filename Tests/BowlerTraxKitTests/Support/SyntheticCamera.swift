import Foundation
@testable import BowlerTraxKit

/// A known pinhole camera behind the foul line, looking down-lane, to make exact calibrations from.
///
/// World axes: lateral ft from the lane centre (positive toward higher boards, i.e. to the camera's
/// left), distance ft down-lane, height ft above the lane. Square pixels, principal point at the
/// image centre (what `CameraModel` assumes).
struct SyntheticCamera {
    var imageSize = PixelSize(width: 1280, height: 720)
    var focalPx = 800.0
    var positionFt = Vector3(0, -6, 5)
    /// Tilt below the horizon.
    var pitchDeg = 20.0

    /// Camera axes in world coordinates: image right (toward lower boards), image down, forward.
    var axes: (right: Vector3, down: Vector3, forward: Vector3) {
        let pitch = pitchDeg * .pi / 180
        return (Vector3(-1, 0, 0), Vector3(0, -sin(pitch), -cos(pitch)), Vector3(0, cos(pitch), -sin(pitch)))
    }

    /// Camera-space coordinates of a world point.
    func cameraPoint(lateralFt: Double, distanceFt: Double, heightFt: Double) -> Vector3 {
        let offset = Vector3(lateralFt, distanceFt, heightFt) - positionFt
        return Vector3(axes.right.dot(offset), axes.down.dot(offset), axes.forward.dot(offset))
    }

    func pixel(lateralFt: Double, distanceFt: Double, heightFt: Double = 0) -> (x: Double, y: Double) {
        let p = cameraPoint(lateralFt: lateralFt, distanceFt: distanceFt, heightFt: heightFt)
        return (Double(imageSize.width) / 2 + focalPx * p.x / p.z, Double(imageSize.height) / 2 + focalPx * p.y / p.z)
    }

    func pixel(board: Double, distanceFt: Double, heightFt: Double = 0) -> (x: Double, y: Double) {
        pixel(lateralFt: Lane.lateralFt(board: board), distanceFt: distanceFt, heightFt: heightFt)
    }

    /// The lane-surface homography K·[r1 r2 t], scaled so m[8] = 1.
    var homography: Homography {
        let k = [focalPx, 0, Double(imageSize.width) / 2, 0, focalPx, Double(imageSize.height) / 2, 0, 0, 1]
        let r1 = cameraPoint(lateralFt: 1, distanceFt: 0, heightFt: 0) - cameraPoint(lateralFt: 0, distanceFt: 0, heightFt: 0)
        let r2 = cameraPoint(lateralFt: 0, distanceFt: 1, heightFt: 0) - cameraPoint(lateralFt: 0, distanceFt: 0, heightFt: 0)
        let t = cameraPoint(lateralFt: 0, distanceFt: 0, heightFt: 0)
        let columns = [r1, r2, t]
        var m = [Double](repeating: 0, count: 9)
        for row in 0..<3 {
            for column in 0..<3 {
                let c = columns[column]
                m[row * 3 + column] = k[row * 3] * c.x + k[row * 3 + 1] * c.y + k[row * 3 + 2] * c.z
            }
        }
        return Homography(m.map { $0 / m[8] })
    }

    /// Twelve landmarks: the foul line's edges, the seven arrows, the far edges at 60 ft and the head pin.
    var landmarks: [LandmarkPoint] {
        var lane: [(String, Double, Double)] = [("foul line right edge", 0.5, 0), ("foul line left edge", 39.5, 0)]
        for board in Lane.arrowBoards {
            // The arrows' V: the centre one deepest at 16 ft, a foot shallower per arrow outward.
            lane.append(("arrow \(Int(board))", board, 16 - abs(board - 20) / 5))
        }
        lane += [("far right edge", 0.5, 60), ("far left edge", 39.5, 60), ("head pin", 20, 60)]
        return lane.map { name, board, distance in
            let p = pixel(board: board, distanceFt: distance)
            return LandmarkPoint(name: name, xPx: p.x, yPx: p.y, board: board, distanceFt: distance)
        }
    }

    var calibrationFile: CalibrationFile { CalibrationFile(imageSize: imageSize, points: landmarks) }

    /// The calibration fitted to the landmarks (exact pixels).
    func calibration() throws -> LaneCalibration {
        try LaneCalibration(file: calibrationFile, source: "synthetic")
    }
}
