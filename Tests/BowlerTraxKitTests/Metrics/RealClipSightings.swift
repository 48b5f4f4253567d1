@testable import BowlerTraxKit

/// One sighting of a real clip, as `analyze` placed it: its frame, distance and board, and their sigmas.
typealias ClipSighting = (frame: Int, ft: Double, board: Double, ftSigma: Double, boardSigma: Double)

/// Real clips' sightings shared by the measurement tests (numbers, not footage).
enum RealClipSightings {
    /// The path samples `ShotMeasurer` makes of `clip`'s sightings, at `fps` frames a second.
    static func samples(_ clip: [ClipSighting], fps: Double) -> [PathSample] {
        clip.map { PathSample(timeS: Double($0.frame) / fps, board: $0.board, distanceFt: $0.ft, boardSigma: $0.boardSigma, distanceSigmaFt: $0.ftSigma) }
    }

    /// A real phone clip (at chest height behind the bowler, 30 fps), as `analyze` with no ball option read it through
    /// the calibration `calibrate --auto` finds: the release and the swing (frames 125 to 132), then a loft read up to
    /// 11.6 ft (frame 138) coming back to 9.2 where the ball landed (141), then the rolling ball to 26 ft.
    static let phoneClipAutoCalibrated: [ClipSighting] = [
        (125, 10.15, 38.16, 0.034, 0.044), (126, 6.34, 35.04, 0.026, 0.039), (129, 3.0, 32.1, 0.02, 0.034),
        (130, 3.27, 32.37, 0.02, 0.034), (131, 6.17, 33.46, 0.026, 0.038), (132, 7.53, 32.98, 0.029, 0.04),
        (136, 10.96, 27.61, 0.036, 0.045), (137, 11.07, 26.01, 0.036, 0.046), (138, 11.58, 25.24, 0.038, 0.046),
        (139, 10.61, 23.73, 0.035, 0.045), (140, 9.46, 22.02, 0.033, 0.043), (141, 9.23, 21.04, 0.032, 0.043),
        (142, 10.85, 20.52, 0.036, 0.045), (143, 11.81, 19.27, 0.038, 0.047), (144, 12.6, 19.19, 0.04, 0.048),
        (145, 13.57, 18.33, 0.042, 0.049), (146, 13.99, 17.6, 0.044, 0.05), (147, 14.98, 17.0, 0.046, 0.051),
        (148, 15.79, 16.29, 0.048, 0.052), (149, 16.65, 15.44, 0.051, 0.054), (150, 17.44, 15.04, 0.053, 0.055),
        (151, 18.19, 14.44, 0.055, 0.056), (152, 19.11, 13.86, 0.058, 0.057), (153, 20.04, 13.26, 0.06, 0.059),
        (154, 20.98, 12.69, 0.063, 0.06), (155, 21.92, 12.1, 0.066, 0.061), (156, 22.83, 11.53, 0.069, 0.063),
        (157, 23.79, 11.02, 0.072, 0.064), (158, 24.7, 10.46, 0.075, 0.065), (159, 25.56, 9.88, 0.078, 0.067),
        (160, 26.43, 9.27, 0.081, 0.068),
    ]
}
