/// Why a calibration cannot be read or used.
public enum CalibrationError: Error, CustomStringConvertible, Equatable {
    /// The file cannot be read.
    case unreadable(path: String, reason: String)
    /// The file is not valid JSON, or a field is missing or of the wrong type.
    case malformed(path: String, reason: String)
    /// A number is not finite or out of its range.
    case invalidValue(path: String, field: String, reason: String)
    /// A homography needs at least four points.
    case tooFewPoints(path: String, count: Int)
    /// The points lie on (or very near) one line, or all but one of them do, which fixes no perspective.
    case collinearPoints(path: String)
    /// The points fix a mapping of the lane, but no camera at any plausible focal length sees the lane that way.
    case noCamera(path: String)
    /// The fitted mapping folds the lane over (a point behind the camera, or mirrored).
    case foldedFit(path: String)
    /// The fitted camera sees the picture through a field of view no lens has (`LaneCalibration.lensFieldsOfViewDeg`).
    case noLens(path: String, fieldOfViewDeg: Double)
    /// Two landmarks share a lane position or a pixel.
    case duplicatePoints(path: String, first: String, second: String, samePixel: Bool)
    /// A landmark lies farther from the fitted calibration than allowed.
    case residualTooLarge(path: String, name: String, errorPx: Double, maxErrorPx: Double)
    /// The requested frame is past the end of the video.
    case frameOutOfRange(path: String, frame: Int, frames: Int)
    /// `--auto` found no lane in the frame.
    case laneNotFound(reason: String)
    /// `--auto`'s fit reads the lane's `side` edge, found in the picture at (`xPx`, `yPx`), as `board` (nil: cannot
    /// read it), not as `edgeBoard`: a landmark is wrong.
    case edgesOffFit(side: String, xPx: Double, yPx: Double, board: Double?, edgeBoard: Double)
    /// A calibration of a later frame (`video_frame`) could not be carried into the first frame's picture by the
    /// camera's motion: the motion was lost (a cut, a frame that could not be registered) at `lostAt`, or the video
    /// ended before the frame (`lostAt` nil).
    case frameNotFollowed(path: String, frame: Int, lostAt: Int?)
    /// The calibration was made on frames of another size.
    case imageSizeMismatch(path: String, calibration: PixelSize, video: PixelSize)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): return "cannot read calibration \(path): \(reason)"
        case .malformed(let path, let reason): return "calibration \(path) is malformed: \(reason)"
        case .invalidValue(let path, let field, let reason): return "calibration \(path): \(field) \(reason)"
        case .tooFewPoints(let path, let count): return "calibration \(path) has \(count) landmark\(count == 1 ? "" : "s") on the lane; at least 4 are needed"
        case .collinearPoints(let path): return "calibration \(path): the points lie on one line, or all but one of them do; add landmarks across and down the lane"
        case .noCamera(let path): return "calibration \(path): no camera sees the lane as these points place it (its focal length cannot be recovered from them); check each landmark's board and distance"
        case .foldedFit(let path): return "calibration \(path): the points do not fit a camera looking at the lane (mislabelled or swapped points?)"
        case .noLens(let path, let fieldOfViewDeg):
            let range = LaneCalibration.lensFieldsOfViewDeg
            return "calibration \(path): the points place a camera that sees \(JSONText.number(fieldOfViewDeg, digits: 1))° across the picture, which no lens does (\(JSONText.number(range.lowerBound, digits: 1))° to \(JSONText.number(range.upperBound, digits: 0))°); check each landmark's board and distance"
        case .duplicatePoints(let path, let first, let second, let samePixel):
            return "calibration \(path): \"\(first)\" and \"\(second)\" are \(samePixel ? "on the same pixel" : "the same lane position"); each landmark must be a different point"
        case .residualTooLarge(let path, let name, let errorPx, let maxErrorPx):
            return "calibration \(path): \"\(name)\" is \(JSONText.number(errorPx, digits: 1)) px from the fit (limit \(JSONText.number(maxErrorPx, digits: 1)) px); move it or check its board and distance"
        case .frameOutOfRange(let path, let frame, let frames):
            return "\(path) has \(frames) frame\(frames == 1 ? "" : "s"); frame \(frame) does not exist (frames count from 0)"
        case .laneNotFound(let reason): return "no lane found in the frame: \(reason)"
        case .edgesOffFit(let side, let x, let y, let board, let edgeBoard):
            let read = board.map { "board \(JSONText.number($0, digits: 1))" } ?? "nothing (beyond the fit's horizon)"
            return "calibration auto: the fit reads the lane's \(side) edge, found at \(JSONText.number(x, digits: 1)), \(JSONText.number(y, digits: 1)), as \(read), not \(JSONText.number(edgeBoard, digits: 1)): a landmark is wrong; check them on --overlay, or click them with --html"
        case .frameNotFollowed(let path, let frame, let lostAt?):
            return "calibration \(path) is of frame \(frame), but the camera's motion was lost at frame \(lostAt) (a cut?), so it cannot measure the frames before it; calibrate frame 0 (calibrate --video V)"
        case .frameNotFollowed(let path, let frame, nil):
            return "calibration \(path) is of frame \(frame), which the video does not reach"
        case .imageSizeMismatch(let path, let calibration, let video):
            return "calibration \(path) was made for \(calibration) frames but the video is \(video)"
        }
    }
}
