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
    /// The points lie on (or very near) one line, which fixes no perspective.
    case collinearPoints(path: String)
    /// The fitted mapping folds the lane over (a point behind the camera, or mirrored).
    case foldedFit(path: String)
    /// The calibration was made on frames of another size.
    case imageSizeMismatch(path: String, calibration: PixelSize, video: PixelSize)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): return "cannot read calibration \(path): \(reason)"
        case .malformed(let path, let reason): return "calibration \(path) is malformed: \(reason)"
        case .invalidValue(let path, let field, let reason): return "calibration \(path): \(field) \(reason)"
        case .tooFewPoints(let path, let count): return "calibration \(path) has \(count) point\(count == 1 ? "" : "s"); at least 4 lane landmarks are needed"
        case .collinearPoints(let path): return "calibration \(path): the points lie on one line; add landmarks across and down the lane"
        case .foldedFit(let path): return "calibration \(path): the points do not fit a camera looking at the lane (mislabelled or swapped points?)"
        case .imageSizeMismatch(let path, let calibration, let video):
            return "calibration \(path) was made for \(calibration) frames but the video is \(video)"
        }
    }
}
