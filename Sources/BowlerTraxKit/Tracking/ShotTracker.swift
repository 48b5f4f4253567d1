/// Follows the ball frame by frame and cuts the video into shots.
///
/// A shot starts when a ball-sized blob on the lane, near the foul line, moves down-lane like a
/// bowled ball for several frames (a track is confirmed); it ends at the pins, when the ball leaves
/// the lane, or when it stays unseen longer than `maxCoastS` (the bowler or a pin hides it briefly,
/// it is predicted through such gaps). Without a calibration the same happens in pixels: a blob
/// moving steadily up the image and shrinking.
public final class ShotTracker {
    private let calibration: LaneCalibration?
    /// The camera's motion, when it is followed: a sighting's lane position is read in the calibration's picture, the
    /// video's first frame (`ReferenceChain.toFirstFrame`). Nil: the camera is fixed, its frames are that picture.
    private let views: ReferenceChain?
    private var tentative: [Track] = []
    private var active: Track?

    /// How long a confirmed ball may go unseen before its shot is ended.
    static let maxCoastS = 0.3
    /// Observations a track needs before it counts as a bowled ball.
    static let confirmCount = 5
    /// With a calibration, a track not yet confirmed keeps (and is judged on) only its latest observations: a first
    /// sighting spoiled by the bowler's body (part of the ball hidden, its centre found half a foot off) would otherwise
    /// fail the check for good, and the shot would never be found (a rendered 120 fps shot was lost so). Without one
    /// the whole track is judged: rising twice its radius in the image takes a near ball more frames than this.
    static let judgedCount = 8
    /// Where a shot may start: the ball first seen between these distances.
    static let startDistanceFt = -2.0...25.0
    /// Centre boards (from the right edge) of a ball still on the lane: the edges plus a board and a half.
    static let onLaneBoards = -1.0...41.0
    /// Plausible down-lane speed of a bowled ball, ft/s (about 7 to 34 mph).
    public static let speedRangeFtS = 10.0...50.0

    private struct Track {
        var observations: [Observation]
        var misses = 0
        /// Started where the user pointed (`seed`): followed by its round shape, not confirmed by its motion.
        var seeded = false
        /// Sightings it started with (`follow`): a ball lost soon after is no shot.
        var startCount = 0
        /// Sightings kept from before the ball was found (the seed's own, `refollow`): the found ones follow them.
        var keptCount = 0
        /// The ball's colour as the shape search last saw it (seeded tracks only).
        var reference: YUVMean?
        /// What the ball looks like (`refreshLook`; seeded tracks on real footage only).
        var look: BallLook?
        /// Sightings, from the first, in every frame of which the look found the ball (`refreshLook`), until a frame
        /// where it did not (`lookLost`): kept when the ball is found rolling elsewhere (`refollow`).
        var heldByLook = 0
        var lookLost = false
        /// A seeded ball's motion per frame against the background (in the picture, when the camera's motion is not
        /// known), smoothed over its sightings (the seed's own box not counted: a box drawn by hand is not where the
        /// detector would have put the centre).
        var velocityPx = (x: 0.0, y: 0.0)
        /// The last sighting's centre and radius carried into the latest frame's view with the camera's motion
        /// (`cameraMoved`): where the ball would be now had it not moved.
        var carried: (x: Double, y: Double, radius: Double)?
        /// A ball found by its motion (`BallFinder`): how many radii it had risen in the picture against the background
        /// since it was found, at each sighting, counted in its radius when found (the shape search's radius may
        /// drift, and a disc that shrank would rise many radii by going nowhere). Nil for a ball the user pointed at.
        var rises: [(timeS: Double, rise: Double)]?
        var foundRadiusPx = 0.0
        /// Where the calibration placed the found ball when it was found (ft down the lane); nil without one.
        var foundDistanceFt: Double?
        /// Whether the found ball has risen `rolledOnRadii`: until then it is on probation.
        var rolledOn = false
        /// Whether it then stalled sooner after it was first seen than a bowled ball reaches the pins
        /// (`soonestAtThePinsS`): it was the bowler walking up to the line (`followedBallStalledBeforeThePins`).
        var stalledBeforeThePins = false
        /// `carried`, or the last sighting itself while the camera's motion is not known.
        var lastInView: (x: Double, y: Double, radius: Double)? {
            carried ?? observations.last.map { ($0.candidate.xPx, $0.candidate.yPx, $0.candidate.radiusPx) }
        }
        var lastSeenS: Double { observations.last?.timeS ?? 0 }
        /// How far it moves in the picture per frame, against the background (`velocityPx`).
        var speedPx: Double { (velocityPx.x * velocityPx.x + velocityPx.y * velocityPx.y).squareRoot() }
    }

    /// How much a seeded ball's disc must stand out on its least contrasting side (see `DiscDetector`) to count as seen.
    public static let minDiscContrast = 18.0
    /// Colour distance (`YUVMean.distance`) from the followed ball's colour within which a disc may be it.
    public static let sameBallColourDistance = 45.0
    /// Whether a disc the shape search found may be the followed ball: it stands out (`minDiscContrast`), and it has
    /// the ball's colour when that is known (`sameBallColourDistance`; a white pin beside a dark ball stands out more).
    public static func mayBeFollowedBall(_ disc: DiscMatch, reference: YUVMean?) -> Bool {
        disc.contrast >= minDiscContrast && hasBallColour(disc, reference: reference)
    }

    /// Whether a disc has the followed ball's colour (`sameBallColourDistance`); any colour while that is not known.
    public static func hasBallColour(_ disc: DiscMatch, reference: YUVMean?) -> Bool {
        reference.map { disc.inside.distance(to: $0) < sameBallColourDistance } ?? true
    }

    /// Score a disc loses per radius from the prediction; divided by one plus the frames missed, so a ball lost
    /// behind the bowler is looked for ever more widely.
    static let discDistanceWeight = 6.0
    /// Share of each new sighting's colour taken into the reference: a ball darkens and brightens as it rolls.
    static let referenceUpdate = 0.1
    /// Share of each new sighting's look blended into the followed ball's (`refreshLook`).
    static let lookUpdate = 0.2
    /// Radius over the calibration's ball radius there that a ball found without a colour may have (the median of its sightings).
    public static let foundSizeRatios = 0.7...1.4
    /// A ball followed by its shape this far down the lane (ft) that gains less than `stuckProgressFt` over `stuckS`
    /// seconds has been lost among the pins (`stuckAmongThePins`).
    static let pinsNearFt = 55.0
    static let stuckS = 0.15
    static let stuckProgressFt = 0.3
    /// How far back up the lane a ball that reached the pins may read before it is taken to have gone (`stuckAmongThePins`):
    /// more than its distance's noise there.
    static let cameBackFt = 2.0
    /// Sightings after a seed or a finding during which the followed ball's motion is still being learned.
    static let learningSightings = 8
    /// A ball found by its motion is taken for the bowled one once it has risen this many radii (of its size when
    /// found) in the picture against the background while followed. Before that, it was perhaps something else that
    /// moved like a ball for a moment (a knee, a banner the camera's zoom slid across the crowd): one that rises less
    /// than `stalledRiseRadii` over `stalledS` is dropped, no shot, and the ball is looked for again.
    static let rolledOnRadii = 6.0
    /// Or, with a calibration, once it has rolled this far down the lane (`rolledOnDownTheLane`): about what 6 radii
    /// are on the TV clips (a camera 8 ft above the lane and 25 ft behind the foul line, the ball found 10 to 20 ft
    /// out: 13 to 16 ft).
    static let rolledOnFt = 15.0
    static let stalledS = 0.25
    static let stalledRiseRadii = 0.5
    /// A bowled ball takes longer than this from its first sighting to the pins: 60 ft at 34 mph is 1.2 s, and from
    /// a release hidden until 14 ft, 0.9 s.
    static let soonestAtThePinsS = 0.9
    /// How much wider (in radii) a seeded ball's search reaches for each frame it was not seen.
    static let lostReachGrowth = 0.5

    public init(calibration: LaneCalibration?, views: ReferenceChain? = nil) {
        self.calibration = calibration
        self.views = views
    }

    /// Where to look in `frame`: the active ball's predicted neighbourhood, or nil for the whole search region.
    public func searchWindow(frame: Int, atTimeS timeS: Double, imageSize: PixelSize) -> PixelRect? {
        guard let active, let predicted = predictedPixel(of: active, inFrame: frame, atTimeS: timeS) else { return nil }
        let reach = gate(for: active, radius: predicted.radius, atTimeS: timeS) + predicted.radius
        return PixelRect(aroundX: predicted.x, y: predicted.y, reach: reach, within: imageSize)
    }

    /// Starts following a ball from its sightings so far: the one the user pointed at (a seed's box), or one
    /// `BallFinder` found rolling, with its motion per frame against the background; `reference` is its colour when
    /// it stood out. It is then followed by its shape (`discSearch`), not confirmed by its motion; `onProbation` (a
    /// ball found by itself) until it has rolled on. A ball already being followed keeps its shot; these are ignored.
    public func follow(_ sightings: [BallSighting], velocityPx: (x: Double, y: Double) = (0, 0), reference: YUVMean?, onProbation: Bool = false) {
        guard active == nil, let last = sightings.last else { return }
        var track = Track(observations: sightings.map { observation(frame: $0.frame, timeS: $0.timeS, candidate: $0.candidate) },
                          seeded: true, reference: reference)
        track.startCount = sightings.count
        track.velocityPx = velocityPx
        if onProbation {
            track.rises = [(last.timeS, 0)]
            track.foundRadiusPx = last.candidate.radiusPx
            track.foundDistanceFt = track.observations.last?.distanceFt
        }
        active = track
        tentative.removeAll()
    }

    /// The sightings of the seed's follower that its look held (`heldByLook`), as the first `refollow` took them.
    private var heldSinceSeed: [Observation] = []

    /// The followed seeded ball was lost to something else: another ball found rolling (`BallFinder`) is followed in
    /// its place, on probation (it may be the bowler's dark shirt, of the ball's size and colour), after the seed's
    /// own sighting (the user's box) when it came before it, and the sightings that followed it while its look kept
    /// finding it in every frame (`heldByLook`): a ball held in the hand, then lost in the swing.
    public func refollow(_ sightings: [BallSighting], after seed: BallSighting, velocityPx: (x: Double, y: Double), reference: YUVMean?) {
        guard let first = sightings.first else { return }
        // Taken from the seed's own follower when it is first replaced, they outlive every ball that replaces it (one
        // dropped on probation included).
        if heldSinceSeed.first?.frame != seed.frame, let follower = active, follower.observations.first?.frame == seed.frame {
            heldSinceSeed = Array(follower.observations.prefix(follower.heldByLook))
        }
        let held = heldSinceSeed.first?.frame == seed.frame ? heldSinceSeed : []
        let kept = (held.isEmpty ? [observation(frame: seed.frame, timeS: seed.timeS, candidate: seed.candidate)] : held)
            .filter { $0.frame < first.frame }
        active = nil
        follow(sightings, velocityPx: velocityPx, reference: reference, onProbation: true)
        guard !kept.isEmpty else { return }
        active?.observations.insert(contentsOf: kept, at: 0)
        active?.startCount += kept.count
        active?.keptCount = kept.count
    }

    /// The first two sightings of the followed ball as found by its motion, and the earliest frame sightings may be
    /// added before them (`prepend`): after the seed's own sighting, if kept. Nil unless it was found by its motion.
    public var followedBallFirstFound: (first: BallSighting, next: BallSighting?, notBefore: Int)? {
        guard let active, active.rises != nil, active.observations.count > active.keptCount else { return nil }
        let found = active.observations[active.keptCount...].prefix(2).map { BallSighting(frame: $0.frame, timeS: $0.timeS, candidate: $0.candidate) }
        let notBefore = active.keptCount > 0 ? active.observations[active.keptCount - 1].frame + 1 : 0
        return (found[0], found.count > 1 ? found[1] : nil, notBefore)
    }

    /// Adds sightings of the followed ball from before it was found (`BackwardSearch`), earliest first.
    public func prepend(_ sightings: [BallSighting]) {
        guard var track = active, !sightings.isEmpty else { return }
        track.observations.insert(contentsOf: sightings.map { observation(frame: $0.frame, timeS: $0.timeS, candidate: $0.candidate) },
                                  at: track.keptCount)
        track.startCount += sightings.count
        active = track
    }

    /// Whether a sighting from before the ball was found may be its: with a calibration, not behind where a shot may
    /// start (`startDistanceFt`): the ball held in the approach is no part of the shot.
    public func mayPrecede(_ sighting: BallSighting) -> Bool {
        guard calibration != nil else { return true }
        let earlier = observation(frame: sighting.frame, timeS: sighting.timeS, candidate: sighting.candidate)
        guard let distance = earlier.distanceFt, let board = earlier.board else { return false }
        return distance >= Self.startDistanceFt.lowerBound && Self.onLaneBoards.contains(board)
    }

    /// Whether the followed ball is followed by its shape (`discSearch`): a seed's, or one found rolling; not a ball
    /// the colour detector's sightings confirmed.
    public var followsByShape: Bool { active?.seeded == true }

    /// Follows the ball the colour detector's sightings confirmed by its shape from now on (`discSearch`), its
    /// sightings so far kept: `BallFinder` found it rolling where it is, with this motion and colour.
    public func followByShape(velocityPx: (x: Double, y: Double), reference: YUVMean?) {
        guard var track = active, !track.seeded else { return }
        track.seeded = true
        track.velocityPx = velocityPx
        track.reference = reference
        active = track
    }

    /// Whether the followed ball was found by its motion (`BallFinder`) and has not yet rolled on (`rolledOnRadii`).
    public var followedBallIsOnProbation: Bool { active.map { $0.rises != nil && !$0.rolledOn } ?? false }

    /// Whether `ball`, just found rolling, rises faster (in radii per second, against the background) than the
    /// followed ball on probation did over the same time: of two things rising at once, the bowled ball rolls away
    /// from the camera faster than a bowler's head or shoulder bobbing along the approach.
    public func risesFasterThanFollowed(_ ball: FoundBall) -> Bool {
        guard let rises = active?.rises, let latest = rises.last, let since = ball.sightings.first?.timeS else { return false }
        let before = rises.last { $0.timeS <= since } ?? rises[0]
        guard latest.timeS > before.timeS else { return true }
        return ball.riseRadiiPerS > (latest.rise - before.rise) / (latest.timeS - before.timeS)
    }

    /// Whether the followed ball was found by its motion and has rolled on.
    public var followedBallRolledOn: Bool { active?.rolledOn == true }

    /// Whether a found ball's latest sighting `next` lies `rolledOnFt` farther down the lane than where it was found, on
    /// the lane before the pins, as the calibration places them: rolled on, whatever it rose in the picture. A camera
    /// low behind the bowler (a phone at chest height) sees the whole lane rise a few of the ball's radii only: a
    /// real phone clip's ball rose 4.1 radii from where it was found (7 ft) to where it slowed in the picture (40 ft),
    /// and was dropped as no ball.
    private func rolledOnDownTheLane(_ track: Track, to next: Observation) -> Bool {
        guard let found = track.foundDistanceFt, let distance = next.distanceFt, let board = next.board else { return false }
        return distance - found >= Self.rolledOnFt && distance < Lane.headPinDistanceFt && Self.onLaneBoards.contains(board)
    }

    /// Whether a found ball rose less than `stalledRiseRadii` over the last `stalledS` (once followed that long).
    private func stalled(_ track: Track, atTimeS timeS: Double) -> Bool {
        guard let rises = track.rises, let first = rises.first, let latest = rises.last, timeS - first.timeS >= Self.stalledS else { return false }
        let before = rises.last { $0.timeS <= timeS - Self.stalledS } ?? first
        return latest.rise - before.rise < Self.stalledRiseRadii
    }

    /// Whether the followed ball, found by its motion, rolled on and then stalled (`stalled`) sooner after it was
    /// first seen than a bowled ball reaches the pins (`soonestAtThePinsS`): it was the bowler walking up to the line,
    /// and a ball found rolling from now on is the bowled one (`replaceFollowed`).
    public var followedBallStalledBeforeThePins: Bool { active?.stalledBeforeThePins == true }

    /// The followed ball was not the bowled one (see `followedBallStalledBeforeThePins`): this one, found rolling, is
    /// followed instead, on probation, and what was followed is forgotten.
    public func replaceFollowed(with sightings: [BallSighting], velocityPx: (x: Double, y: Double), reference: YUVMean?) {
        active = nil
        follow(sightings, velocityPx: velocityPx, reference: reference, onProbation: true)
    }

    /// What a ball found rolling (`BallFinder`) makes of the seeded ball followed (the user's box), whose follower
    /// may have been lost to something else.
    public enum FindingVerdict: Equatable {
        /// Found where the followed ball is, which was not itself found rolling: the seeded ball rolls.
        case followedBallRolls
        /// Found where the followed ball is, which was itself found rolling and is on probation: the same ball, found
        /// again over its latest frames. Following it afresh would drop what was followed before it (train/Task2 10:
        /// the ball re-found at its 55th frame replaced itself, its sightings back to the box were lost, and the shot
        /// with them).
        case followedAlready
        /// Found elsewhere: it takes the place of the seed's follower, or of a ball on probation rising slower.
        case replacesFollowed
        /// Found elsewhere, rising no faster than the ball on probation followed.
        case ignored
    }

    public func verdict(onFinding ball: FoundBall) -> FindingVerdict {
        if let last = ball.sightings.last?.candidate, isFollowing(at: last) {
            return followedBallIsOnProbation ? .followedAlready : .followedBallRolls
        }
        return !followedBallIsOnProbation || risesFasterThanFollowed(ball) ? .replacesFollowed : .ignored
    }

    /// Whether the followed ball was seen this frame where `candidate` is (within its radius).
    private func isFollowing(at candidate: BallCandidate) -> Bool {
        guard let last = active?.observations.last?.candidate else { return false }
        return last.distance(to: candidate) < candidate.radiusPx
    }

    /// Whether sightings found without a colour (`BallFinder`, which judges them in pixels) also roll like a bowled
    /// ball on the lane, when a calibration tells where it is: on it before the pins (`foundDistanceFt`), at bowling
    /// speed, and the size a ball has there (a bowler's knee or shoe moves as fast, but is not that size).
    public func rollsDownTheLane(_ sightings: [BallSighting]) -> Bool { judge(sightings).rolls }

    /// `rollsDownTheLane`, and for sightings it turns away that begin on the lane before the pins, how the calibration
    /// read them (`turnedAway`): their speed down the lane (mph) and their size over a ball's there (the median).
    /// `BallFinder` saw them roll up the picture like a ball: time after time with no shot, the calibration is likely
    /// wrong (a phone clip's far landmarks taken on the masking unit read its ball at 4 to 5 mph).
    public func judge(_ sightings: [BallSighting]) -> (rolls: Bool, turnedAway: (speedMph: Double, sizeRatio: Double)?) {
        guard calibration != nil else { return (true, nil) }
        let (track, sizeRatio) = placed(sightings)
        guard let sizeRatio else { return (false, nil) }
        if Self.foundSizeRatios.contains(sizeRatio) && rollsLikeABowledBall(track) { return (true, nil) }
        guard let first = track.observations.first, let last = track.observations.last, last.timeS > first.timeS,
              canStart(first, within: Self.foundDistanceFt), let d0 = first.distanceFt, let d1 = last.distanceFt else { return (false, nil) }
        return (false, ((d1 - d0) / (last.timeS - first.timeS) * ShotMeasurer.mphPerFtS, sizeRatio))
    }

    /// The sightings placed on the lane, and the median of their radii over the calibration's ball radius there.
    private func placed(_ sightings: [BallSighting]) -> (track: Track, sizeRatio: Double?) {
        let track = Track(observations: sightings.map { observation(frame: $0.frame, timeS: $0.timeS, candidate: $0.candidate) })
        guard let calibration else { return (track, nil) }
        let sizeRatios = track.observations.compactMap { o in
            o.board.flatMap { board in
                o.distanceFt.map { o.inCalibrationPicture.radiusPx / calibration.radiusPx(lateralFt: Lane.lateralFt(board: board), distanceFt: $0) }
            }
        }.sorted()
        return (track, sizeRatios.isEmpty ? nil : sizeRatios[sizeRatios.count / 2])
    }

    private func rollsLikeABowledBall(_ track: Track) -> Bool {
        track.observations.first.map { canStart($0, within: Self.foundDistanceFt) } == true && isBowledBall(track)
    }

    /// Where a ball found rolling may first be seen: anywhere on the lane before the pins, not only where a shot may
    /// start (`startDistanceFt`). The shape search often finds it only once it is well down the lane (on TV footage
    /// once the camera follows it: train 13 at 28 ft), and it is then followed back to its release (`BackwardSearch`).
    static let foundDistanceFt = startDistanceFt.lowerBound...Lane.headPinDistanceFt

    /// Whether the followed seeded ball's motion is not yet known (its first frames after the seed or finding) or it
    /// was just missed: then it may be farther from the prediction than the shape search reaches.
    public var followedBallIsUncertain: Bool {
        guard let active, active.seeded else { return false }
        return active.misses > 0 || active.observations.count < active.startCount + Self.learningSightings
    }

    /// Whether the followed ball was not seen in the last frame.
    public var followedBallMissed: Bool { (active?.misses ?? 0) > 0 }

    /// Whether a ball is being followed (a shot is under way).
    public var isFollowing: Bool { active != nil }

    /// The followed ball's sightings so far (the shot under way), earliest first; empty while none is followed.
    public var followedObservations: [Observation] { active?.observations ?? [] }

    /// The earliest frame whose sightings may still change, nil when none may: the first of a track not yet confirmed
    /// (it may become a shot), of a ball followed from a seed or a finding (it may yet be dropped, or replaced by
    /// another), or the frame after the followed ball's last sighting (a sighting may still come, or the shot end).
    public var firstUnsettledFrame: Int? {
        guard let active else { return tentative.compactMap { $0.observations.first?.frame }.min() }
        if active.seeded { return active.observations.first?.frame }
        return active.observations.last.map { $0.frame + 1 }
    }

    /// Where and what to look for when the followed ball was seeded: it is found by its shape near the prediction.
    /// Nil when no seeded ball is being followed (then `searchWindow` and the colour detector are used).
    /// The seeded ball's size is taken as last seen, not extrapolated: the camera zooms in and out at will, and a
    /// curve through a few noisy radii, followed out, shrinks the ball to nothing within a few frames.
    public func discSearch(frame: Int) -> DiscSearch? {
        guard let active, active.seeded, let last = active.observations.last, let start = active.lastInView else { return nil }
        // The image motion, not the lane path: the camera may follow the ball, pan and zoom.
        let frames = Double(frame - last.frame)
        var radius = active.observations.suffix(3).reduce(0) { $0 + $1.candidate.radiusPx } / Double(min(3, active.observations.count))
        radius *= start.radius / last.candidate.radiusPx
        // Not the gate, which trusts the colour to single the ball out: a shape search that reached as far would find
        // some other round thing (a shoe, a light) that stands out more than a ball half hidden in the bowler's hand.
        let reach = 0.6 * radius + 0.5 * active.speedPx + 3 + Self.lostReachGrowth * radius * Double(active.misses)
        return DiscSearch(centerX: start.x + frames * active.velocityPx.x, centerY: start.y + frames * active.velocityPx.y,
                          reachPx: reach, radiusPx: radius, reference: active.reference,
                          distanceWeight: Self.discDistanceWeight / Double(1 + active.misses))
    }

    /// Tells a followed seeded ball how the camera moved since the previous frame (`toPrevious` maps this frame's
    /// pixels to the previous frame's), so that it is looked for where the scene under it went, at the size the zoom
    /// gave it. Nil (registration lost) leaves it where it was.
    public func cameraMoved(toPrevious: Homography?) {
        guard var track = active, track.seeded, let from = track.lastInView, let carried = toPrevious?.inverse?.carry(from) else { return }
        track.carried = carried
        active = track
    }

    /// Where the camera's motion must not be measured from: around the followed ball, as far as it may have gone.
    public func ballExclusion(imageSize: PixelSize) -> PixelRect? {
        guard let active, let last = active.observations.last else { return nil }
        let reach = 3 * last.candidate.radiusPx + 2 * active.speedPx
        return PixelRect(aroundX: last.candidate.xPx, y: last.candidate.yPx, reach: reach, within: imageSize)
    }

    /// Feeds one frame's candidates; returns a shot when this frame ends one.
    public func update(frame: Int, timeS: Double, candidates: [BallCandidate]) -> TrackedShot? {
        // A seeded ball was seen in its seed's frame already.
        if active?.observations.last?.frame == frame { return nil }
        let observations = candidates.map { observation(frame: frame, timeS: timeS, candidate: $0) }
        if var track = active {
            if let next = bestMatch(for: track, in: observations, inFrame: frame, atTimeS: timeS) {
                if track.seeded, let last = track.observations.last, let from = track.lastInView {
                    let frames = Double(max(1, next.frame - last.frame))
                    let step = (x: (next.candidate.xPx - from.x) / frames, y: (next.candidate.yPx - from.y) / frames)
                    if track.observations.count >= 2 {
                        track.velocityPx = (0.6 * track.velocityPx.x + 0.4 * step.x, 0.6 * track.velocityPx.y + 0.4 * step.y)
                    }
                    track.carried = nil
                    if let rise = track.rises?.last?.rise {
                        let risen = rise - step.y * frames / track.foundRadiusPx
                        track.rises?.append((timeS, risen))
                        if risen >= Self.rolledOnRadii || rolledOnDownTheLane(track, to: next) { track.rolledOn = true }
                    }
                }
                track.observations.append(next)
                track.misses = 0
                if let inside = next.candidate.inside {
                    track.reference = track.reference?.blended(toward: inside, fraction: Self.referenceUpdate) ?? inside
                }
                if track.seeded, let stuck = stuckAmongThePins(track) ?? heldStillOnTheLane(track) {
                    track.observations.removeLast(stuck)
                    active = track
                    return finishActive()
                }
            } else {
                track.misses += 1
            }
            if stalled(track, atTimeS: timeS) {
                // On probation: not a bowled ball, dropped. Rolled on, but too soon for the pins: the bowler.
                guard track.rolledOn else {
                    active = nil
                    return nil
                }
                if let first = track.observations.first, timeS - first.timeS <= Self.soonestAtThePinsS { track.stalledBeforeThePins = true }
            }
            active = track
            if shotEnded(track, atTimeS: timeS) { return finishActive() }
            return nil
        }
        advanceTentative(with: observations, atTimeS: timeS)
        return nil
    }

    /// What the followed ball looks like, once `refreshLook` has seen it.
    public var followedBallLook: BallLook? { active?.look }

    /// Learns the followed ball's look from its sighting in `frame`, if it was seen there: its first, or one whose disc
    /// the look found right (`verdict`, nil where it was not judged), blended in by `lookUpdate`. A sighting found by its
    /// look alone is not learned from: a look learned from itself drifts off the ball.
    func refreshLook(inFrame frame: Int, after verdict: BallLook.Verdict?, with sample: (BallCandidate) -> BallLook?) {
        guard var track = active, track.seeded else { return }
        if !track.lookLost {
            let seen = track.observations.last?.frame == frame
            if track.observations.count == 1 || seen && verdict?.lookFound == true { track.heldByLook = track.observations.count } else { track.lookLost = true }
            active = track
        }
        guard let last = track.observations.last, last.frame == frame,
              track.look == nil || verdict?.discLooksRight != false, let look = sample(last.candidate) else { return }
        if track.look == nil { track.look = look } else { track.look?.learn(from: look, after: verdict, fraction: Self.lookUpdate) }
        active = track
    }

    /// Attaches what `sample` makes of each sighting in `frame` that extends the followed ball or a track that may
    /// become it, so only those balls are sampled (not every candidate).
    public func annotateSightings(inFrame frame: Int, with sample: (BallCandidate) -> ObservedAppearance?) {
        func annotate(_ track: inout Track) {
            guard track.observations.count >= 2, let last = track.observations.last, last.frame == frame else { return }
            track.observations[track.observations.count - 1].appearance = sample(last.candidate)
        }
        if var track = active {
            annotate(&track)
            active = track
            return
        }
        for index in tentative.indices { annotate(&tentative[index]) }
    }

    /// Attaches what `sample` makes of the followed ball's sightings that have no appearance yet (given each one's frame;
    /// nil for a frame no longer at hand): a ball found rolling or followed back brings sightings from frames that
    /// `annotateSightings` saw before it was followed.
    public func annotateEarlierSightings(with sample: (_ frame: Int, BallCandidate) -> ObservedAppearance?) {
        guard var track = active else { return }
        for index in track.observations.indices where track.observations[index].appearance == nil {
            track.observations[index].appearance = sample(track.observations[index].frame, track.observations[index].candidate)
        }
        active = track
    }

    /// Ends the video: a ball still followed makes a last shot if it went far enough to measure.
    public func finish() -> TrackedShot? {
        tentative.removeAll()
        return active == nil ? nil : finishActive()
    }

    private func finishActive() -> TrackedShot? {
        defer { active = nil; tentative.removeAll() }
        // A ball followed from a seed or a finding and lost before it was seen rolling is no shot (confirmed tracks
        // always have this many). With a calibration, neither is the user's seed followed only through the swing: it
        // was never seen on the lane past where a lofted ball lands (`Landing.anchorFt`); the seed stays doubted and
        // the ball is looked for rolling (`ShotPipeline.findBall`).
        guard let active, active.observations.count >= max(Self.confirmCount, active.startCount + Self.confirmCount - 1) else { return nil }
        if calibration != nil, active.seeded, active.rises == nil, !active.observations.contains(where: Self.isOnTheLanePastALoft) { return nil }
        if calibration != nil, !Self.movesDownTheLane(active.observations) { return nil }
        return TrackedShot(observations: active.observations)
    }

    /// Whether the sightings placed on the lane spread down it as a bowled ball's do (`speedRangeFtS`). A ball-coloured
    /// spot that holds still on the lane reads a couple of feet back and forth, and a few of those may pass for a ball
    /// rolling (a phone clip given the ball's box: a spot at 17 ft, followed for two seconds after the shot); a ball
    /// followed into the gutter that then holds still a while (an overhead camera's) has spread far down the lane first.
    private static func movesDownTheLane(_ observations: [Observation]) -> Bool {
        spreadSpeedFtS(observations).map { $0 >= speedRangeFtS.lowerBound } ?? true
    }

    /// How fast the sightings placed on the lane spread down it, ft/s: a ball rolling at v for T seconds has the middle
    /// 80 % of its distances 0.8·v·T apart. Nil for fewer than `confirmCount` placed, or no time between them.
    private static func spreadSpeedFtS(_ observations: [Observation]) -> Double? {
        let placed = observations.filter { $0.distanceFt != nil }
        guard placed.count >= confirmCount, let first = placed.first?.timeS, let last = placed.last?.timeS, last > first else { return nil }
        let distances = placed.compactMap(\.distanceFt).sorted()
        return (distances[distances.count * 9 / 10] - distances[distances.count / 10]) / (0.8 * (last - first))
    }

    /// With a calibration, the sightings of a ball followed by its shape that, rolled on down the lane past a loft and
    /// before the pins, spread over the last `heldStillS` at less than half a bowled ball's slowest (`spreadSpeedFtS`):
    /// the ball went on (into the gutter, behind something) and the shape search holds a still spot (an overhead
    /// camera's gutter ball: 45 frames at 43 ft beside the gutter). Those after the first are left out. Nil while it
    /// moves, or until it has been followed past where a loft lands for longer than that.
    private func heldStillOnTheLane(_ track: Track) -> Int? {
        guard calibration != nil, let last = track.observations.last, let first = track.observations.first,
              last.timeS - first.timeS > Self.heldStillS else { return nil }
        let recent = track.observations.filter { $0.timeS >= last.timeS - Self.heldStillS }
        guard recent.allSatisfy({ Self.isOnTheLanePastALoft($0) && ($0.distanceFt ?? .infinity) < Self.pinsNearFt }),
              let spread = Self.spreadSpeedFtS(recent), spread < 0.5 * Self.speedRangeFtS.lowerBound else { return nil }
        return recent.count - 1
    }

    /// How long a followed ball on the lane must hold still to have been lost (`heldStillOnTheLane`): a bowled ball rolls
    /// 5 ft or more in that time.
    static let heldStillS = 0.5

    private func observation(frame: Int, timeS: Double, candidate: BallCandidate) -> Observation {
        var observation = Observation(frame: frame, timeS: timeS, candidate: candidate)
        guard let calibration else { return observation }
        if let views {
            guard let carried = views.toFirstFrame(ofFrame: frame)?.carry((candidate.xPx, candidate.yPx, candidate.radiusPx)) else { return observation }
            observation.placed = PlacedBall(xPx: carried.x, yPx: carried.y, radiusPx: carried.radius)
        }
        let picture = observation.inCalibrationPicture
        let lane = calibration.ballPosition(xPx: picture.xPx, yPx: picture.yPx)
        observation.board = lane?.board
        observation.distanceFt = lane?.distanceFt
        return observation
    }

    /// Maps a frame's pixels into the calibration's picture: the identity on a fixed camera (its frames are that
    /// picture); nil where the camera's motion since the first frame was lost.
    private func toCalibration(frame: Int) -> Homography? { views.map { $0.toFirstFrame(ofFrame: frame) } ?? .identity }

    private func advanceTentative(with observations: [Observation], atTimeS timeS: Double) {
        var used = Set<Int>()
        for index in tentative.indices {
            if let match = bestMatch(for: tentative[index], in: observations, inFrame: observations.first?.frame ?? 0, atTimeS: timeS),
               let position = observations.firstIndex(of: match), !used.contains(position) {
                tentative[index].observations.append(match)
                if calibration != nil, tentative[index].observations.count > Self.judgedCount {
                    tentative[index].observations.removeFirst()
                }
                tentative[index].misses = 0
                used.insert(position)
            } else {
                tentative[index].misses += 1
            }
        }
        tentative.removeAll { timeS - $0.lastSeenS > Self.maxCoastS / 2 }
        for (position, observation) in observations.enumerated() where !used.contains(position) && canStart(observation) {
            tentative.append(Track(observations: [observation]))
        }
        if let confirmed = tentative.first(where: isBowledBall) {
            active = confirmed
            tentative.removeAll()
        }
    }

    /// Whether a track may start at this observation: on the lane, `distances` down it.
    private func canStart(_ observation: Observation, within distances: ClosedRange<Double> = startDistanceFt) -> Bool {
        guard let board = observation.board, let distance = observation.distanceFt else { return calibration == nil }
        return distances.contains(distance) && (0...40).contains(board)
    }

    /// Does this track move like a bowled ball: steadily down-lane at bowling speed, mostly straight?
    private func isBowledBall(_ track: Track) -> Bool {
        let points = track.observations
        guard points.count >= Self.confirmCount, let first = points.first, let last = points.last, last.timeS > first.timeS else { return false }
        let duration = last.timeS - first.timeS
        if calibration != nil {
            guard let d0 = first.distanceFt, let d1 = last.distanceFt, let b0 = first.board, let b1 = last.board else { return false }
            let speed = (d1 - d0) / duration
            let lateral = abs(b1 - b0) * Lane.boardWidthFt / duration
            let monotonic = zip(points, points.dropFirst()).allSatisfy { ($1.distanceFt ?? 0) > ($0.distanceFt ?? 0) - 0.3 }
            return Self.speedRangeFtS.contains(speed) && lateral < 0.35 * speed && monotonic
        }
        let rise = first.candidate.yPx - last.candidate.yPx
        let sideways = abs(last.candidate.xPx - first.candidate.xPx)
        let upward = zip(points, points.dropFirst()).allSatisfy { $1.candidate.yPx < $0.candidate.yPx + 0.5 }
        let shrinking = last.candidate.radiusPx <= first.candidate.radiusPx * 1.1
        return upward && shrinking && rise > 2 * first.candidate.radiusPx && sideways < rise
    }

    /// With a calibration, the sightings of a ball followed by its shape that has reached the pins and then made no
    /// progress down-lane for `stuckS`, or came back up the lane by `cameBackFt` (those after its farthest): the ball
    /// went on into the pit and the shape search now holds on to a pin, or to something flying back (train 07, with no
    /// ball option: 61.5 ft, then 59.7, 58.7, 56.8 and 50.3, which left no entry and no average speed). Nil while it
    /// still moves on (or without a calibration, where only the picture is known).
    private func stuckAmongThePins(_ track: Track) -> Int? {
        guard calibration != nil, let last = track.observations.last, let distance = last.distanceFt else { return nil }
        let reached = track.observations.map { $0.distanceFt ?? -.infinity }
        if let farthest = reached.max(), farthest >= Self.pinsNearFt, distance < farthest - Self.cameBackFt, let at = reached.firstIndex(of: farthest) {
            return track.observations.count - 1 - at
        }
        guard distance >= Self.pinsNearFt else { return nil }
        let recent = track.observations.filter { $0.timeS >= last.timeS - Self.stuckS }
        let distances = recent.compactMap(\.distanceFt)
        guard recent.count >= 3, let first = distances.first, let farthest = distances.max(), farthest - first < Self.stuckProgressFt else { return nil }
        return recent.count - 1
    }

    /// A sighting of the ball on the lane past where a lofted ball lands: nearer, or beside the lane, it may be in the
    /// bowler's hand or in the air.
    private static func isOnTheLanePastALoft(_ observation: Observation) -> Bool {
        guard let distance = observation.distanceFt, let board = observation.board else { return false }
        return distance >= Landing.anchorFt && onLaneBoards.contains(board)
    }

    private func shotEnded(_ track: Track, atTimeS timeS: Double) -> Bool {
        if timeS - track.lastSeenS > Self.maxCoastS { return true }
        guard let last = track.observations.last, let distance = last.distanceFt, let board = last.board else { return false }
        if distance >= Lane.pitDistanceFt - 0.5 { return true }
        // Left the lane: the last few sightings all with the centre well past an edge (a ball riding the
        // edge, centre on board 0.5, is still on the lane; past it, it drops into the gutter). Judged only past where
        // a lofted ball lands (`Landing.anchorFt`): nearer, a ball in the bowler's hand or in the air reads beside the
        // lane (a two-handed bowler's swing read 6 boards past the edge on a TV clip, which ended the shot before the
        // release). And only for a ball seen on the lane there before: a ball held high reads farther still (test 13's,
        // in the stance, 13.8 ft out on board 102, which ended the followed box two frames after it was drawn).
        let recent = track.observations.suffix(3)
        return recent.count == 3 && recent.allSatisfy { ($0.distanceFt ?? distance) >= Landing.anchorFt && !Self.onLaneBoards.contains($0.board ?? board) }
            && track.observations.dropLast(3).contains(where: Self.isOnTheLanePastALoft)
    }

    private func bestMatch(for track: Track, in observations: [Observation], inFrame frame: Int, atTimeS timeS: Double) -> Observation? {
        guard let predicted = predictedPixel(of: track, inFrame: frame, atTimeS: timeS) else { return nil }
        let limit = gate(for: track, radius: predicted.radius, atTimeS: timeS)
        var best: (Observation, Double)?
        for observation in observations {
            let dx = observation.candidate.xPx - predicted.x, dy = observation.candidate.yPx - predicted.y
            let distance = (dx * dx + dy * dy).squareRoot()
            let sizeRatio = observation.candidate.radiusPx / max(predicted.radius, 1)
            guard distance <= limit, (0.5...2.0).contains(sizeRatio) else { continue }
            let cost = distance / limit + observation.candidate.score
            if best == nil || cost < best?.1 ?? .infinity { best = (observation, cost) }
        }
        return best?.0
    }

    /// How far (px) from the prediction a sighting may be: tight for a steady track, wider for a new or coasting one.
    private func gate(for track: Track, radius: Double, atTimeS timeS: Double) -> Double {
        let unseenS = max(0, timeS - track.lastSeenS)
        let young = track.observations.count < 3 ? 3.0 : 1.0
        return (1.5 * radius + 4) * young + 60 * radius * unseenS
    }

    /// The ball's predicted centre and radius in `frame`'s pixels: along its path on the lane when that is known
    /// (and, on a camera that moves, where the calibration's picture lies in the frame), else in the picture.
    private func predictedPixel(of track: Track, inFrame frame: Int, atTimeS timeS: Double) -> (x: Double, y: Double, radius: Double)? {
        guard let last = track.observations.last else { return nil }
        let fromCalibration = toCalibration(frame: frame)?.inverse
        if let calibration, last.board != nil, let fromCalibration {
            let samples = track.observations.compactMap { o in o.board.flatMap { b in o.distanceFt.map { (timeS: o.timeS, values: [b, $0]) } } }
            guard let lane = PathPredictor.predict(samples, at: timeS),
                  let pixel = calibration.ballPixel(board: lane[0], distanceFt: lane[1]) else { return nil }
            let radius = calibration.radiusPx(lateralFt: Lane.lateralFt(board: lane[0]), distanceFt: lane[1])
            return fromCalibration.carry((pixel.x, pixel.y, radius))
        }
        let samples = track.observations.map { (timeS: $0.timeS, values: [$0.candidate.xPx, $0.candidate.yPx, $0.candidate.radiusPx]) }
        guard let values = PathPredictor.predict(samples, at: timeS) else { return nil }
        return (values[0], values[1], max(values[2], 1))
    }
}
