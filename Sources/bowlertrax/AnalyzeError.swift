/// Why `analyze` ran to the end of the video but has nothing trustworthy to report.
enum AnalyzeError: Error, CustomStringConvertible {
    /// Not one pixel of the ball profile's colours was seen in any frame: the colour is wrong for this video.
    case ballColourNotFound(video: String, frames: Int)

    var description: String {
        switch self {
        case let .ballColourNotFound(video, frames):
            return "no pixel of the ball's colour was found in any of the \(frames) frames of \(video): check --ball-hsv, --ball-box or --ball"
        }
    }
}
