import BowlerTraxKit
import Foundation

/// A lane-surface landmark and its exact projection. Board counted from the RIGHT edge.
public struct Landmark: Sendable, Codable, Equatable {
    public var name: String
    public var pixel: [Double]
    public var board: Double
    public var distanceFt: Double

    /// The calibration landmarks in view: foul line and lane ends at both edges, the seven arrow tips, the
    /// head-pin spot (a camera above the approach or zoomed in leaves the foul line out).
    static func calibrationSet(camera: PinholeCamera) throws -> [Landmark] {
        var points: [(String, Double, Double)] = [("foul line, right edge", 0.5, 0), ("foul line, left edge", 39.5, 0)]
        for board in Lane.arrowBoards { points.append(("arrow tip, board \(Int(board))", board, LaneScene.arrowTipFt(board: board))) }
        points += [("lane edge at 60 ft, right", 0.5, 60), ("lane edge at 60 ft, left", 39.5, 60), ("head pin spot", 20, 60)]
        let inView = points.compactMap { name, board, distanceFt -> Landmark? in
            guard let p = camera.project(Vector3(Lane.lateralFt(board: board), distanceFt, 0)),
                  p.xPx >= 0, p.yPx >= 0, p.xPx <= Double(camera.widthPx), p.yPx <= Double(camera.heightPx) else { return nil }
            return Landmark(name: name, pixel: [p.xPx, p.yPx], board: board, distanceFt: distanceFt)
        }
        guard inView.count >= 4 else { throw FixtureError.tooFewLandmarksInView(names: inView.map(\.name)) }
        return inView
    }
}

/// The calibration file the analysis reads (`NAME.calibration.json`).
public struct CalibrationFile: Sendable, Codable, Equatable {
    public var imageWidth: Int
    public var imageHeight: Int
    public var points: [Landmark]
}

/// The camera as written into the truth file.
public struct CameraTruth: Sendable, Codable, Equatable {
    public var positionFt: [Double]
    public var lookAtFt: [Double]
    public var rollDeg: Double
    public var verticalFovDeg: Double
    public var k1: Double
    public var focalPx: Double
    public var principalPointPx: [Double]

    init(_ camera: PinholeCamera) {
        let s = camera.spec
        positionFt = [s.positionFt.x, s.positionFt.y, s.positionFt.z]
        lookAtFt = [s.lookAtFt.x, s.lookAtFt.y, s.lookAtFt.z]
        rollDeg = s.rollDeg
        verticalFovDeg = s.verticalFovDeg
        k1 = s.k1
        focalPx = camera.focalPx
        principalPointPx = [Double(camera.widthPx) / 2, Double(camera.heightPx) / 2]
    }
}

/// Everything true about a rendered clip (`NAME.truth.json`).
public struct ClipTruth: Sendable, Codable, Equatable {
    public static let pixelConventionText = "pixel i covers [i,i+1)"
    public var video: String
    public var width: Int
    public var height: Int
    public var fps: Double
    public var frames: Int
    public var codec: String
    public var pixelConvention: String
    public var variableFrameRate: Bool
    /// Each frame's presentation time, seconds.
    public var frameTimesS: [Double]
    /// The first frame's camera, the one the calibration file describes.
    public var camera: CameraTruth
    /// Each frame's camera, indexed by frame, when the camera moves (`ClipSpec.follow`); nil (and left out of the file) when it stands still.
    public var frameCameras: [CameraTruth]?
    public var ballHsv: [Double]
    public var markerHsv: [Double]?
    /// A swirl ball's second colours, as in `ShotTruth.swirlHsv`.
    public var swirlHsv: [[Double]]?
    public var hand: Hand
    /// Shots on the filmed lane, in bowling order.
    public var shots: [ShotTruth]
    /// Balls on neighbouring lanes: distractors the analysis must ignore (boards relative to their own lane).
    public var neighbourLaneShots: [ShotTruth]
    /// People other than the bowler (shirts of the ball's colour in `shirt-*` clips).
    public var extraPeople: Int
    public var landmarks: [Landmark]

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(video, forKey: .video)
        try c.encode(width, forKey: .width)
        try c.encode(height, forKey: .height)
        try c.encode(fps, forKey: .fps)
        try c.encode(frames, forKey: .frames)
        try c.encode(codec, forKey: .codec)
        try c.encode(pixelConvention, forKey: .pixelConvention)
        try c.encode(variableFrameRate, forKey: .variableFrameRate)
        try c.encode(frameTimesS, forKey: .frameTimesS)
        try c.encode(camera, forKey: .camera)
        try c.encodeIfPresent(frameCameras, forKey: .frameCameras)
        try c.encode(ballHsv, forKey: .ballHsv)
        try c.encode(markerHsv, forKey: .markerHsv)
        try c.encodeIfPresent(swirlHsv, forKey: .swirlHsv)
        try c.encode(hand, forKey: .hand)
        try c.encode(shots, forKey: .shots)
        try c.encode(neighbourLaneShots, forKey: .neighbourLaneShots)
        try c.encode(extraPeople, forKey: .extraPeople)
        try c.encode(landmarks, forKey: .landmarks)
    }
}

extension ClipTruth {
    /// A truth file as the renderer writes it (keys in snake case).
    public static func load(contentsOf url: URL) throws -> ClipTruth {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode(ClipTruth.self, from: Data(contentsOf: url))
    }

    /// Each frame's camera (`frameCameras`) bound to the clip's frame size; nil when the camera stands still.
    public var framePinholeCameras: [PinholeCamera]? {
        frameCameras?.map { camera in
            PinholeCamera(spec: CameraSpec(positionFt: Vector3(camera.positionFt[0], camera.positionFt[1], camera.positionFt[2]),
                                           lookAtFt: Vector3(camera.lookAtFt[0], camera.lookAtFt[1], camera.lookAtFt[2]),
                                           rollDeg: camera.rollDeg, verticalFovDeg: camera.verticalFovDeg, k1: camera.k1),
                          widthPx: width, heightPx: height)
        }
    }
}

extension PinholeCamera {
    /// Where `other`'s pixel (continuous) lies in this camera's picture: the point 30 ft along its ray, projected. For
    /// cameras that turn and zoom about one point (a following camera's frames) every depth gives the same pixel.
    public func pixel(seenBy other: PinholeCamera, xPx: Double, yPx: Double) -> (xPx: Double, yPx: Double)? {
        project(other.origin + other.ray(xPx: xPx, yPx: yPx) * 30)
    }
}
