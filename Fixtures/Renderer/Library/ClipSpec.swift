import BowlerTraxKit
import Foundation

/// Everything needed to render one clip deterministically. Decodes from snake_case JSON; missing keys take defaults.
public struct ClipSpec: Sendable, Equatable, Codable {
    public var name: String
    public var widthPx: Int
    public var heightPx: Int
    public var fps: Double
    public var codec: VideoEncoder.Codec
    /// File extension, which picks the container: mp4, avi or mkv.
    public var container: String
    public var crf: Int
    public var x264Preset: String
    public var qscale: Int
    /// Variable frame rate: time base 1/90000 and frame intervals jittered by up to this fraction (0 = CFR).
    public var frameIntervalJitter: Double
    /// Gaussian sensor noise, sigma on 0-255.
    public var noiseSigma: Double
    public var seed: UInt64
    public var camera: CameraSpec
    /// A camera that turns and zooms after the ball from `camera`'s view (nil = it stands still).
    public var follow: CameraFollow?
    /// The lanes' wood: 1 light maple, about 0.55 dark wood.
    public var woodTone: Double
    public var hand: Hand
    public var ball: BallAppearance
    public var shots: [ShotSpec]
    /// Extra people walking about (the bowler of this lane's shots is added automatically).
    public var people: [PersonSpec]
    /// Video time before the first release.
    public var leadS: Double
    /// Time between the ball reaching the pit and the next release (the bowler walks back).
    public var walkBackS: Double
    /// Video time after the last ball reaches the pit.
    public var tailS: Double
    /// Minimum clip length (clips without shots on this lane use it as their length).
    public var minDurationS: Double
    /// Cuts the clip after this long (nil = until the last ball reaches the pit): tests that need only the early path render less.
    public var maxDurationS: Double?

    public init(name: String = "clip", widthPx: Int = 1280, heightPx: Int = 720, fps: Double = 60, codec: VideoEncoder.Codec = .h264,
                container: String = "mp4", crf: Int = 26, x264Preset: String = "medium", qscale: Int = 5, frameIntervalJitter: Double = 0,
                noiseSigma: Double = 2, seed: UInt64 = 1, camera: CameraSpec = CameraSpec(), follow: CameraFollow? = nil, woodTone: Double = 1, hand: Hand = .right,
                ball: BallAppearance = BallAppearance(), shots: [ShotSpec] = [ShotSpec()], people: [PersonSpec] = [],
                leadS: Double = 0.6, walkBackS: Double = 3, tailS: Double = 0.3, minDurationS: Double = 0,
                maxDurationS: Double? = nil) {
        self.name = name
        self.widthPx = widthPx
        self.heightPx = heightPx
        self.fps = fps
        self.codec = codec
        self.container = container
        self.crf = crf
        self.x264Preset = x264Preset
        self.qscale = qscale
        self.frameIntervalJitter = frameIntervalJitter
        self.noiseSigma = noiseSigma
        self.seed = seed
        self.camera = camera
        self.follow = follow
        self.woodTone = woodTone
        self.hand = hand
        self.ball = ball
        self.shots = shots
        self.people = people
        self.leadS = leadS
        self.walkBackS = walkBackS
        self.tailS = tailS
        self.minDurationS = minDurationS
        self.maxDurationS = maxDurationS
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = ClipSpec()
        name = try c.decodeIfPresent(String.self, forKey: .name) ?? d.name
        widthPx = try c.decodeIfPresent(Int.self, forKey: .widthPx) ?? d.widthPx
        heightPx = try c.decodeIfPresent(Int.self, forKey: .heightPx) ?? d.heightPx
        fps = try c.decodeIfPresent(Double.self, forKey: .fps) ?? d.fps
        codec = try c.decodeIfPresent(VideoEncoder.Codec.self, forKey: .codec) ?? d.codec
        container = try c.decodeIfPresent(String.self, forKey: .container) ?? d.container
        crf = try c.decodeIfPresent(Int.self, forKey: .crf) ?? d.crf
        x264Preset = try c.decodeIfPresent(String.self, forKey: .x264Preset) ?? d.x264Preset
        qscale = try c.decodeIfPresent(Int.self, forKey: .qscale) ?? d.qscale
        frameIntervalJitter = try c.decodeIfPresent(Double.self, forKey: .frameIntervalJitter) ?? d.frameIntervalJitter
        noiseSigma = try c.decodeIfPresent(Double.self, forKey: .noiseSigma) ?? d.noiseSigma
        seed = try c.decodeIfPresent(UInt64.self, forKey: .seed) ?? d.seed
        camera = try c.decodeIfPresent(CameraSpec.self, forKey: .camera) ?? d.camera
        follow = try c.decodeIfPresent(CameraFollow.self, forKey: .follow)
        woodTone = try c.decodeIfPresent(Double.self, forKey: .woodTone) ?? d.woodTone
        hand = try c.decodeIfPresent(Hand.self, forKey: .hand) ?? d.hand
        ball = try c.decodeIfPresent(BallAppearance.self, forKey: .ball) ?? d.ball
        shots = try c.decodeIfPresent([ShotSpec].self, forKey: .shots) ?? d.shots
        people = try c.decodeIfPresent([PersonSpec].self, forKey: .people) ?? d.people
        leadS = try c.decodeIfPresent(Double.self, forKey: .leadS) ?? d.leadS
        walkBackS = try c.decodeIfPresent(Double.self, forKey: .walkBackS) ?? d.walkBackS
        tailS = try c.decodeIfPresent(Double.self, forKey: .tailS) ?? d.tailS
        minDurationS = try c.decodeIfPresent(Double.self, forKey: .minDurationS) ?? d.minDurationS
        maxDurationS = try c.decodeIfPresent(Double.self, forKey: .maxDurationS)
    }

    /// Checks ranges before rendering, naming the field to fix.
    func validate() throws {
        if widthPx < 16 || heightPx < 16 || widthPx % 2 != 0 || heightPx % 2 != 0 {
            throw FixtureError.invalidSpec(field: "width_px/height_px", reason: "must be even and at least 16")
        }
        if !(fps > 0 && fps <= 1000) { throw FixtureError.invalidSpec(field: "fps", reason: "must be in (0, 1000]") }
        if !["mp4", "avi", "mkv"].contains(container) { throw FixtureError.invalidSpec(field: "container", reason: "must be mp4, avi or mkv") }
        if !(frameIntervalJitter >= 0 && frameIntervalJitter < 0.5) { throw FixtureError.invalidSpec(field: "frame_interval_jitter", reason: "must be in [0, 0.5)") }
        if !(woodTone > 0.2 && woodTone <= 1.2) { throw FixtureError.invalidSpec(field: "wood_tone", reason: "must be in (0.2, 1.2]") }
        if !(noiseSigma >= 0) { throw FixtureError.invalidSpec(field: "noise_sigma", reason: "must be >= 0") }
        if name.isEmpty || name.contains("/") { throw FixtureError.invalidSpec(field: "name", reason: "must be a plain file name") }
        try follow?.validate(home: camera)
        for shot in shots { try shot.validate() }
    }
}
