import BowlerTraxKit

// MARK: - Presets: the committed fixture set (Fixtures/clips), one constructor per name.
extension ClipSpec {
    /// Names accepted by `preset(named:)`, in rendering order.
    public static let presetNames = [
        "right-720p60", "left-720p60", "right-1080p30", "right-720p120", "right-480p30-mjpeg", "right-720p60-mpeg4",
        "multi-720p60", "noshot-720p60", "shirt-720p60", "nextlane-720p60", "plain-720p60", "holes-720p60",
        "dark-720p60", "swirl-720p60", "pan-720p60", "hidden-720p60", "high-720p60", "zoom-720p60", "darkwood-720p60",
        "portrait-720x1280p30", "right-720p25",
    ]

    /// The preset of this name; throws `FixtureError.unknownPreset` for any other name.
    public static func preset(named name: String) throws -> ClipSpec {
        let right = Hand.right
        var spec = ClipSpec(name: name)
        switch name {
        case "right-720p60":
            spec.shots = [ShotSpec(speedMph: 18, foulLineBoard: 12, revRateRpm: 380, axisRotationDeg: 50, axisTiltDeg: 12,
                                   revealDistanceFt: 4).aimed(atEntryBoard: 17.5, hand: right)]
        case "left-720p60":
            spec.hand = .left
            spec.camera = CameraSpec(positionFt: Vector3(-0.8, -15, 5.2), lookAtFt: Vector3(0.2, 19, 0), rollDeg: -1.2)
            spec.ball = BallAppearance(color: HSVColor(hueDeg: 0, saturationPct: 80, valuePct: 70))
            spec.shots = [ShotSpec(speedMph: 17, foulLineBoard: 14, revRateRpm: 300, axisRotationDeg: 40, axisTiltDeg: 8,
                                   oilLengthFt: 38, revealDistanceFt: 6).aimed(atEntryBoard: 17.5, hand: .left)]
        case "right-1080p30":
            spec.widthPx = 1920
            spec.heightPx = 1080
            spec.fps = 30
            spec.crf = 28
            spec.camera = CameraSpec(positionFt: Vector3(1.0, -17, 5.8), lookAtFt: Vector3(-0.3, 20, 0), rollDeg: 0.8, verticalFovDeg: 25)
            spec.shots = [ShotSpec(speedMph: 20.5, foulLineBoard: 15, revRateRpm: 520, axisRotationDeg: 60, axisTiltDeg: 18,
                                   oilLengthFt: 42, revealDistanceFt: 7).aimed(atEntryBoard: 17.5, hand: right)]
        case "right-720p120":
            spec.fps = 120
            spec.camera = CameraSpec(positionFt: Vector3(-0.4, -14, 4.8), lookAtFt: Vector3(0.3, 18, 0), rollDeg: -0.6, verticalFovDeg: 27)
            spec.shots = [ShotSpec(speedMph: 17.5, foulLineBoard: 10, revRateRpm: 250, axisRotationDeg: 45, axisTiltDeg: 5,
                                   oilLengthFt: 41, oilFriction: 0.02, revealDistanceFt: 3).aimed(atEntryBoard: 17.5, hand: right)]
        case "right-480p30-mjpeg":
            spec.widthPx = 854
            spec.heightPx = 480
            spec.fps = 30
            spec.codec = .mjpeg
            spec.container = "avi"
            // MJPEG has no inter-frame coding: coarser quantiser and less noise keep the committed set small.
            spec.qscale = 12
            spec.noiseSigma = 1
            spec.shots = [ShotSpec(speedMph: 19, foulLineBoard: 13, revRateRpm: 420, axisRotationDeg: 55, axisTiltDeg: 15,
                                   oilLengthFt: 41, revealDistanceFt: 5).aimed(atEntryBoard: 18, hand: right)]
        case "right-720p60-mpeg4":
            spec.codec = .mpeg4
            spec.container = "avi"
            spec.qscale = 6
            spec.noiseSigma = 1.5
            spec.camera = CameraSpec(positionFt: Vector3(0.6, -16, 6), lookAtFt: Vector3(0, 21, 0), rollDeg: 1.5)
            spec.shots = [ShotSpec(speedMph: 17.5, foulLineBoard: 9, revRateRpm: 180, axisRotationDeg: 35, axisTiltDeg: 3,
                                   oilLengthFt: 39, oilFriction: 0.02, revealDistanceFt: 2.5).aimed(atEntryBoard: 17, hand: right)]
        case "multi-720p60":
            spec.shots = [
                ShotSpec(speedMph: 18, foulLineBoard: 12, revRateRpm: 400, axisRotationDeg: 50, axisTiltDeg: 10, revealDistanceFt: 4)
                    .aimed(atEntryBoard: 17.5, hand: right),
                ShotSpec(speedMph: 17, foulLineBoard: 15, revRateRpm: 450, axisRotationDeg: 70, axisTiltDeg: 20, revealDistanceFt: 6)
                    .aimed(atEntryBoard: 16.5, hand: right),
                ShotSpec(speedMph: 19.5, foulLineBoard: 14, revRateRpm: 600, axisRotationDeg: 90, axisTiltDeg: 28, oilLengthFt: 44,
                         revealDistanceFt: 8).aimed(atEntryBoard: 19, hand: right),
            ]
        case "noshot-720p60":
            spec.shots = []
            spec.minDurationS = 4
            spec.people = [PersonSpec(waypoints: [.init(timeS: 0, xFt: 0.5, yFt: -10), .init(timeS: 1.2, xFt: -0.4, yFt: -3),
                                                  .init(timeS: 2.2, xFt: -1.5, yFt: -2.5), .init(timeS: 4, xFt: -3, yFt: -9)])]
        case "shirt-720p60":
            spec.shots = []
            spec.minDurationS = 4
            spec.people = [
                PersonSpec(shirt: spec.ball.color, waypoints: [.init(timeS: 0, xFt: -4.5, yFt: -12), .init(timeS: 4, xFt: -0.5, yFt: -3)]),
                PersonSpec(shirt: spec.ball.color, waypoints: [.init(timeS: 0, xFt: 3.8, yFt: -1.5), .init(timeS: 4, xFt: 3.5, yFt: -10)]),
                PersonSpec(shirt: spec.ball.color, waypoints: [.init(timeS: 0, xFt: 8, yFt: -4), .init(timeS: 4, xFt: 1, yFt: -6)]),
            ]
        case "nextlane-720p60":
            spec.shots = [ShotSpec(speedMph: 18.5, foulLineBoard: 12, revRateRpm: 400, axisRotationDeg: 50, axisTiltDeg: 10,
                                   laneIndex: -1).aimed(atEntryBoard: 17.5, hand: right)]
        case "plain-720p60":
            spec.ball = BallAppearance(color: HSVColor(hueDeg: 130, saturationPct: 80, valuePct: 60), marker: nil)
            spec.camera = CameraSpec(positionFt: Vector3(0, -15.5, 5.4), lookAtFt: Vector3(0.1, 19, 0), rollDeg: 0.4)
            spec.shots = [ShotSpec(speedMph: 18.8, foulLineBoard: 12.5, revRateRpm: 350, axisRotationDeg: 45, axisTiltDeg: 12,
                                   revealDistanceFt: 5).aimed(atEntryBoard: 17.5, hand: right)]
        case "holes-720p60":
            spec.ball = BallAppearance(color: HSVColor(hueDeg: 280, saturationPct: 70, valuePct: 65), marker: nil, holes: true, logo: true)
            spec.shots = [ShotSpec(speedMph: 17.8, foulLineBoard: 11, revRateRpm: 330, axisRotationDeg: 35, axisTiltDeg: 6,
                                   oilLengthFt: 43, revealDistanceFt: 4.5).aimed(atEntryBoard: 17.5, hand: right)]
        case "dark-720p60":
            // A near-black ball: little colour against the shadows, the gutters and the bowler's dark clothes; only its finger holes mark it.
            spec.ball = BallAppearance(color: HSVColor(hueDeg: 230, saturationPct: 45, valuePct: 15), marker: nil, holes: true)
            spec.shots = [ShotSpec(speedMph: 17.4, foulLineBoard: 13, revRateRpm: 360, axisRotationDeg: 45, axisTiltDeg: 10,
                                   oilLengthFt: 41, revealDistanceFt: 4.5).aimed(atEntryBoard: 17.5, hand: right)]
        case "swirl-720p60":
            // A pearl with purple, gold and white bands turning with the ball: no single colour to look for.
            spec.ball = BallAppearance(color: HSVColor(hueDeg: 275, saturationPct: 70, valuePct: 55), marker: nil,
                                       swirl: [HSVColor(hueDeg: 45, saturationPct: 80, valuePct: 85), HSVColor(hueDeg: 40, saturationPct: 8, valuePct: 92)])
            spec.shots = [ShotSpec(speedMph: 18.3, foulLineBoard: 11.5, revRateRpm: 420, axisRotationDeg: 55, axisTiltDeg: 14,
                                   revealDistanceFt: 5).aimed(atEntryBoard: 17.5, hand: right)]
        case "pan-720p60":
            // TV coverage: from the standard view behind the bowler the camera turns after the ball and zooms in, 26 degrees to about 13 at the pins.
            spec.follow = CameraFollow(lagS: 0.25, minFovDeg: 12)
            spec.shots = [ShotSpec(speedMph: 18, foulLineBoard: 12, revRateRpm: 380, axisRotationDeg: 50, axisTiltDeg: 12,
                                   revealDistanceFt: 4).aimed(atEntryBoard: 17.5, hand: right)]
        case "hidden-720p60":
            // The bowler stands between the camera and the ball until it is about 14 ft down the lane.
            spec.shots = [ShotSpec(speedMph: 18.2, foulLineBoard: 12, revRateRpm: 370, axisRotationDeg: 50, axisTiltDeg: 10,
                                   revealDistanceFt: 13).aimed(atEntryBoard: 17.5, hand: right)]
        case "high-720p60":
            // The empty lane from a fixed camera high above the approach: the arrows to the pins, no foul line (#17).
            spec.camera = CameraSpec(positionFt: Vector3(0.3, -2, 11), lookAtFt: Vector3(-0.2, 20, 0), rollDeg: 0.7, verticalFovDeg: 40)
            spec.shots = []
            spec.minDurationS = 0.5
        case "zoom-720p60":
            // The empty lane from behind, zoomed past the foul line as TV coverage often is (#17).
            spec.camera = CameraSpec(positionFt: Vector3(-0.5, -16, 5.8), lookAtFt: Vector3(0.3, 24, 0), rollDeg: -0.8, verticalFovDeg: 17)
            spec.shots = []
            spec.minDurationS = 0.5
        case "darkwood-720p60":
            // An empty dark-stained lane, the camera a little to one side of it (#17).
            spec.woodTone = 0.55
            spec.camera = CameraSpec(positionFt: Vector3(1.5, -15, 6), lookAtFt: Vector3(0, 20, 0), rollDeg: 0.5)
            spec.shots = []
            spec.minDurationS = 0.5
        case "portrait-720x1280p30":
            // A phone held upright on a tripod behind the bowler: a portrait picture at 30 fps, a wide lens low down.
            spec.widthPx = 720
            spec.heightPx = 1280
            spec.fps = 30
            spec.camera = CameraSpec(positionFt: Vector3(0.4, -13, 4.6), lookAtFt: Vector3(0, 22, 0), rollDeg: 0.5, verticalFovDeg: 62)
            spec.shots = [ShotSpec(speedMph: 17.8, foulLineBoard: 11, revRateRpm: 350, axisRotationDeg: 45, axisTiltDeg: 12,
                                   oilLengthFt: 40, revealDistanceFt: 5).aimed(atEntryBoard: 17.5, hand: right)]
        case "right-720p25":
            // PAL television and European phones: 25 frames a second, a frame every 40 ms.
            spec.fps = 25
            spec.camera = CameraSpec(positionFt: Vector3(-0.3, -15, 5.4), lookAtFt: Vector3(0.2, 20, 0), rollDeg: 0.4)
            spec.shots = [ShotSpec(speedMph: 18.5, foulLineBoard: 13, revRateRpm: 400, axisRotationDeg: 50, axisTiltDeg: 12,
                                   oilLengthFt: 40, revealDistanceFt: 4).aimed(atEntryBoard: 17.5, hand: right)]
        default:
            throw FixtureError.unknownPreset(name: name)
        }
        return spec
    }
}
