/// The lane's landmarks found over a video whose camera moves, each in the picture of the video's first frame. TV
/// coverage starts on the bowler or wide and then turns and zooms after the ball: its first view often holds 0 to 3
/// landmarks, while the arrows and the pins come clear in later views. Each later view (`LaneFinder` on one frame) is
/// carried back by the camera's motion as the analysis follows it (`CameraMotionEstimator`, `ReferenceChain`), so that
/// one calibration of the first frame, the picture `analyze` measures a moving camera in, is fitted to them all
/// (`LandmarkViews+Fit`). Reading stops where that motion is lost (a cut, a frame that could not be registered):
/// nothing after it can be carried back.
public struct LandmarkViews: Sendable {
    /// What one view showed, carried into the first frame's picture.
    public struct View: Sendable {
        /// The frame the landmarks were found in (0: the first view, the picture `calibrate` made of it).
        public var frame: Int
        /// The landmarks found there; pixels of the first frame.
        public var proposals: [LaneFinder.Proposal]
        /// The lane's edges found there; pixels of the first frame.
        var edges: LaneEdges
    }

    /// The views where a lane was found, in the order read.
    public var views: [View]
    /// The frames looked in, the lane found there or not.
    public var lookedIn: [Int]
    /// Frames read: 0 to `framesRead - 1`.
    public var framesRead: Int
    /// The frame whose motion was lost, where reading stopped; nil when the video (or the read limit) ended first.
    public var lostAt: Int?
    /// The ball's centres in the first frame's picture, over the shot followed longest in the frames read, the ball
    /// found by itself as `analyze` finds it with no ball option (`ShotPipeline`): it tells which lane is bowled.
    public var ballPath: [(x: Double, y: Double)] = []

    /// A frame is a new view when its picture has moved this share of the picture's width from the last view's at some
    /// corner (a pan, or a zoom: the corners move most): more would skip what a pan shows only briefly; less finds
    /// the same landmarks again at the cost of another search, and more chances of a wrong one (half this, train 02's
    /// foul line and three arrow tips of its last views fitted within 0.4 px and read the far lane 11 boards off).
    static let viewSpacing = 0.125

    /// Reads `path` from its start (at most `StillStretch.maxSeconds`) following the camera, and looks for the lane in
    /// `first` (the picture of frame 0, say the median of its still stretch) and in every frame whose view has moved
    /// `viewSpacing` from the last view looked in. When `first` is a median, frame 0 alone is looked in as well and
    /// adds to the first view the landmarks the median did not show: a median of frames where the camera creeps is
    /// softer than any of them (train 06's foul line, about 8 % darker than the wood, is dark enough on 65 to 77 % of its
    /// uncovered columns in frames 0 to 5 but on 57 to 59 % in the median of frames 0 to 13, under the 60 % it is kept at).
    /// The ball is followed over the same frames, found by itself as `analyze` finds it with no ball option
    /// (`ballPath`).
    public static func read(path: String, first: CalibrationFrame, seconds: Double = StillStretch.maxSeconds) throws -> LandmarkViews {
        // The views are looked in once the video is read: by then the graphics over its picture are known.
        var toLookIn: [(image: RGBImage, frame: Int, toFirst: Homography)] = [(first.image, 0, .identity)]
        var frameZeroAlone: RGBImage?, overlay: PictureOverlay.Edges?
        let decoder = try FrameDecoder(path: path)
        let maxFrames = Int((decoder.fps > 0 ? decoder.fps : 60) * seconds)
        let follower = CameraFollower()
        let ball = ShotPipeline(profile: nil, calibration: nil, hand: .right, imageSize: PixelSize(width: decoder.width, height: decoder.height))
        var lastView = Homography.identity, read = 0, lostAt: Int?, shots: [TrackedShot] = []
        while read < maxFrames, let picture = try decoder.nextFrame() {
            read += 1
            if let shot = ball.track(picture) { shots.append(shot.track) }
            guard let toFirst = follower.toFirstFrame(picture) else {
                lostAt = picture.index
                break
            }
            if picture.index == 0 {
                overlay = PictureOverlay.Edges(first: picture, edgeGradient: LaneFinder.edgeGradient)
                if first.stretch != nil { frameZeroAlone = RGBImage(frame: picture) }
            } else {
                overlay?.compare(picture, toFirst: toFirst)
            }
            guard let fromLast = lastView.inverse?.after(toFirst),
                  !fromLast.keepsCorners(width: picture.width, height: picture.height, withinPx: viewSpacing * Double(picture.width)) else { continue }
            lastView = toFirst
            toLookIn.append((RGBImage(frame: picture), picture.index, toFirst))
        }
        func view(of image: RGBImage, frame: Int, toFirst: Homography) -> View? {
            guard let found = try? LaneFinder(image: image, overlay: overlay).find(requiringEnough: false),
                  let edges = found.edges.carried(by: toFirst) else { return nil }
            let proposals = found.proposals.compactMap { proposal -> LaneFinder.Proposal? in
                var carried = proposal
                guard let point = proposal.point.carried(by: toFirst) else { return nil }
                carried.point = point
                return carried
            }
            return View(frame: frame, proposals: proposals, edges: edges)
        }
        var views = toLookIn.compactMap { view(of: $0.image, frame: $0.frame, toFirst: $0.toFirst) }
        if let frameZeroAlone, let alone = view(of: frameZeroAlone, frame: 0, toFirst: .identity) {
            if let median = views.firstIndex(where: { $0.frame == 0 }) {
                let shown = Set(views[median].proposals.map(\.point.name))
                views[median].proposals += alone.proposals.filter { !shown.contains($0.point.name) }
            } else {
                views.insert(alone, at: 0)
            }
        }
        shots += ball.finishTracking().map(\.track)
        let paths = shots.map { shot in shot.observations.compactMap { $0.inReferenceView.flatMap { $0.frame == 0 ? ($0.x, $0.y) : nil } } }
        return LandmarkViews(views: views, lookedIn: toLookIn.map(\.frame), framesRead: read, lostAt: lostAt,
                             ballPath: paths.max { $0.count < $1.count } ?? [])
    }
}

extension LaneEdges {
    /// These edges in the picture `map` takes this one's pixels to (a homography takes lines to lines), from the near
    /// row to the far one as carried; nil where the map sends a point of them nowhere.
    func carried(by map: Homography) -> LaneEdges? {
        // Two rows well apart define each line even when the far row is the near one (no landmark above it).
        let otherY = min(farY, nearY - Self.lineSpanPx)
        func carried(_ edge: LaneFinder.Line) -> (line: LaneFinder.Line, nearY: Double, farY: Double)? {
            guard let near = map.apply(edge.at(nearY), nearY), let other = map.apply(edge.at(otherY), otherY),
                  let far = map.apply(edge.at(farY), farY), abs(near.y - other.y) > 1 else { return nil }
            let slope = (near.x - other.x) / (near.y - other.y)
            return (LaneFinder.Line(a: near.x - slope * near.y, b: slope, rmsPx: edge.rmsPx, count: edge.count), near.y, far.y)
        }
        guard let left = carried(left), let right = carried(right) else { return nil }
        return LaneEdges(left: left.line, right: right.line, nearY: (left.nearY + right.nearY) / 2, farY: (left.farY + right.farY) / 2)
    }

    /// How far apart the rows an edge is carried by are, at the least.
    static let lineSpanPx = 100.0
}
