/// Detection, tracking and measurement for one lane, frame by frame: the part `analyze` and `live` share.
///
/// Not thread-safe (hence `@unchecked Sendable`): it is handed to one serial queue, which feeds it frames in order;
/// only `measure(_:)` may run elsewhere.
public final class ShotPipeline: @unchecked Sendable {
    /// A finished shot's track and its number in the input (from 1), before measurement.
    public typealias NumberedTrack = (track: TrackedShot, shotNumber: Int)

    /// The colour detector; nil while the ball's colour is unknown (no ball option: it is learned when the ball is found).
    public private(set) var detector: BallDetector?
    public let tracker: ShotTracker
    public let measurer: ShotMeasurer
    public let predictor = StrikePredictor()
    /// Where the user pointed at the ball, if they did: the ball followed from there by its shape.
    public let seed: BallSeed?
    private let region: SearchRegion
    private let calibration: LaneCalibration?
    private let discDetector = DiscDetector()
    /// On real footage (no colour given, or a box): the camera's motion, the discs that move against the background, and the ball among them.
    private let cameraMotion = CameraMotionEstimator()
    private let movingDiscs = MovingDiscFinder()
    private let ballFinder: BallFinder
    /// Real footage: the last frames, to follow a ball found rolling back to where it came from (`followBack`).
    private let recentFrames = RecentFrames()
    /// The last frame of the last shot: a ball followed back stops after it.
    private var lastShotFrame = -1
    /// Real footage: each frame's place in the reference view, given to the sightings of each shot; the tracker reads
    /// their lane positions through it.
    private let referenceChain = ReferenceChain()
    /// No colour was given: the ball is found by its motion and shape (`findBall`).
    private let findsBallByItself: Bool
    /// The camera's motion is followed (real footage: no colour given, or a box): a cut ends the shot.
    private let watchesCamera: Bool
    /// While no ball followed from the seed has been seen to roll: the seed's sighting and colour. A ball found
    /// rolling elsewhere, of about that size and colour, means the shape search lost the seeded ball to something else
    /// (the bowler's body, a shoe): it is followed instead, on probation; dropped, the next one found is.
    private var doubtedSeed: (sighting: BallSighting, reference: YUVMean?)?
    /// With a calibration: the front pins, for the frame the ball reaches them.
    private let pinWatch: PinWatch?
    /// Finished tracks not handed on yet, oldest first: one whose ball neared the pins waits for their first movement
    /// (at most `PinWatch.waitS` after its last sighting), and any after it wait their turn.
    private var finishedTracks: [TrackedShot] = []
    public private(set) var shotCount = 0
    /// Frames in which some ball candidate was seen.
    public private(set) var framesWithBall = 0
    /// How the calibration read the balls found rolling up the picture that it turned away, on the lane before the
    /// pins (`ShotTracker.judge`).
    public private(set) var turnedAway: [(speedMph: Double, sizeRatio: Double)] = []
    public private(set) var framesProcessed = 0

    /// `profile` nil: the ball is found by itself, as a disc rolling down the lane against the background, and its
    /// colours are learned there.
    public init(profile: BallProfile?, calibration: LaneCalibration?, hand: Hand, imageSize: PixelSize, seed: BallSeed? = nil) {
        self.seed = seed
        self.calibration = calibration
        let region = calibration?.searchRegion() ?? SearchRegion(width: imageSize.width, height: imageSize.height)
        self.region = region
        detector = profile.map { BallDetector(profile: $0, region: region, sizeModel: calibration) }
        ballFinder = BallFinder(imageSize: imageSize)
        findsBallByItself = profile == nil
        watchesCamera = Self.followsCamera(profile: profile, seed: seed)
        tracker = ShotTracker(calibration: calibration, views: watchesCamera ? referenceChain : nil)
        pinWatch = calibration.map(PinWatch.init)
        measurer = ShotMeasurer(calibration: calibration, hand: hand)
    }

    /// Whether the camera's motion is followed, and the lane measured in the first frame's picture: on real footage,
    /// where no colour is given or a box is.
    public static func followsCamera(profile: BallProfile?, seed: BallSeed?) -> Bool { profile == nil || seed != nil }

    /// Detection and tracking of one frame, without measuring: the track of the shot this frame completes and
    /// its number, if it does. `ShotCollector` measures it with `measure(_:)` on another queue, so the next
    /// frames are not held up by the measurement.
    public func track(_ frame: VideoFrame) -> NumberedTrack? {
        framesProcessed += 1
        let motion = watchesCamera ? cameraMotion.next(frame, exclude: tracker.ballExclusion(imageSize: frame.size).map { [$0] } ?? []) : nil
        if let motion {
            recentFrames.append(frame, toPrevious: motion.toPrevious)
            referenceChain.advance(frame: frame.index, toPrevious: motion.toPrevious, key: motion.key)
        }
        // A cut to another view ends the ball being followed: the shot keeps what was seen before it.
        if motion?.isCut == true, tracker.isFollowing {
            finished(tracker.finish())
            return handOn(at: frame, cut: true)
        }
        if let motion { tracker.cameraMoved(toPrevious: motion.toPrevious) }
        let search = tracker.discSearch(frame: frame.index)
        // Real footage: what moved against the background, for finding the ball and for telling it from still clutter.
        // Its discs are searched only when asked for (a followed ball whose motion is known needs none).
        let registersChange = watchesCamera && (search != nil || findsBallByItself || doubtedSeed != nil)
        if registersChange { movingDiscs.register(frame, toPrevious: motion?.toPrevious) }
        lazy var moving = registersChange ? movingDiscs.discs(in: frame) : []
        var candidates: [BallCandidate]
        // What the followed ball's look made of this frame's sighting (`BallLook.judge`), if it judged one.
        var lookVerdict: BallLook.Verdict?
        if let seed, seed.frameIndex == frame.index {
            // The seed's box is this frame's sighting.
            startFollowing(seed, in: frame)
            candidates = []
        } else if let search {
            (candidates, lookVerdict) = seededCandidates(search, moving: moving, in: frame)
        } else if let detector, !findsBallByItself {
            let window = tracker.searchWindow(frame: frame.index, atTimeS: frame.timeS, imageSize: frame.size), view = detectorView(of: frame)
            let found = detector.detect(in: frame, window: window, view: view)
            // A ball lost from its window (a missed prediction) is looked for everywhere before it is given up.
            candidates = found.isEmpty && window != nil ? detector.detect(in: frame, view: view) : found
        } else {
            candidates = []
        }
        let track = tracker.update(frame: frame.index, timeS: frame.timeS, candidates: candidates)
        watchPins(frame, toPrevious: watchesCamera ? motion?.toPrevious : .identity, finished: track)
        finished(track)
        if watchesCamera {
            tracker.refreshLook(inFrame: frame.index, after: lookVerdict) { BallLook(frame: frame, xPx: $0.xPx, yPx: $0.yPx, radiusPx: $0.radiusPx) }
        }
        // Sampled now: the frame's buffers are not kept.
        tracker.annotateSightings(inFrame: frame.index) { appearance(of: $0, in: frame) }
        var ballSeen = !candidates.isEmpty
        if let motion, findsBallByItself ? !tracker.isFollowing || tracker.followedBallStalledBeforeThePins : doubtedSeed != nil {
            findBall(among: moving, in: frame, toPrevious: motion.toPrevious)
            // With no colour given, a moving disc is what may be the ball.
            ballSeen = ballSeen || findsBallByItself && !moving.isEmpty
        }
        if ballSeen { framesWithBall += 1 }
        if track != nil || tracker.followedBallRolledOn { doubtedSeed = nil }
        return handOn(at: frame, cut: false)
    }

    /// Queues a track the tracker finished.
    private func finished(_ track: TrackedShot?) {
        guard let track else { return }
        finishedTracks.append(track)
        lastShotFrame = track.observations.last?.frame ?? lastShotFrame
    }

    /// The oldest finished track, numbered, unless its ball neared the pins and they may still be seen to move (no
    /// cut since, no movement yet, `PinWatch.waitS` not past).
    private func handOn(at frame: VideoFrame, cut: Bool) -> NumberedTrack? {
        guard let first = finishedTracks.first else { return nil }
        if let pinWatch, !cut, pinWatch.contact == nil, let last = first.observations.last, frame.timeS - last.timeS <= PinWatch.waitS,
           PinWatch.isArmed(byFarthestFt: Self.farthestFt(of: first.observations)) {
            return nil
        }
        finishedTracks.removeFirst()
        return numbered(first)
    }

    /// Shows `frame` to the pin watch, with the ball of the oldest track not handed on, else of the one the tracker
    /// finished in this frame, else of the one it follows.
    private func watchPins(_ frame: VideoFrame, toPrevious: Homography?, finished track: TrackedShot?) {
        guard let pinWatch else { return }
        let observations = finishedTracks.first?.observations ?? track?.observations ?? tracker.followedObservations
        let toCalibration = watchesCamera ? referenceChain.toFirstFrame(ofFrame: frame.index) : .identity
        pinWatch.watch(frame, toPrevious: toPrevious, toCalibration: toCalibration,
                       ball: observations.last.flatMap { $0.frame == frame.index ? $0.candidate : nil },
                       farthestFt: Self.farthestFt(of: observations))
    }

    /// The farthest down the lane a ball was seen; nil where none of its sightings is placed on the lane.
    private static func farthestFt(of observations: [Observation]) -> Double? { observations.lazy.compactMap(\.distanceFt).max() }

    /// Looks for a disc rolling down the lane against the background. With no colour and no box, the first one found is
    /// followed by its shape. With a box, one of the seeded ball's size and colour found where the shape search is not
    /// takes its place (the seed's own sighting is kept); found where it is, the seeded ball is no longer doubted.
    private func findBall(among discs: [DiscMatch], in frame: VideoFrame, toPrevious: Homography?) {
        let seed = doubtedSeed
        guard var ball = ballFinder.update(frame: frame.index, timeS: frame.timeS, discs: discs, toPrevious: toPrevious, accepts: { ball in
            let judged = tracker.judge(ball.sightings)
            guard judged.rolls else {
                if let reading = judged.turnedAway { turnedAway.append(reading) }
                return false
            }
            return seed.map { Self.mayBe($0, ball) } != false
        }), let last = ball.sightings.last?.candidate else { return }
        ball.sightings = GapFill(frames: recentFrames, detector: discDetector).filled(ball.sightings, reference: last.inside)
        if let seed {
            switch tracker.verdict(onFinding: ball) {
            case .followedBallRolls:
                // Where the seed's follower was lost (in the backswing) and the colour detector's sightings follow a
                // ball there, it is followed by its shape from now on, as the seed's was: by its colour alone it can be
                // lost again on the lane (test/Task2 14, at 17 ft, where its shape and look hold it to the pins).
                tracker.followByShape(velocityPx: ball.velocityPx, reference: last.inside)
                doubtedSeed = nil
            case .replacesFollowed:
                tracker.refollow(centredOnOutlines(ball.sightings), after: seed.sighting, velocityPx: ball.velocityPx, reference: last.inside)
                followBack(reference: last.inside)
                sampleEarlierSightings()
            case .followedAlready, .ignored:
                break
            }
            return
        }
        // A ball followed that stalled after rolling on, before it could have reached the pins, gives way to one found
        // rolling: it was the bowler, who stops at the line while the ball rolls on.
        let replaces = tracker.isFollowing
        if replaces, !tracker.followedBallStalledBeforeThePins { return }
        // Each ball found lends its colours to the outline fit (a black ball has none to lend: its disc is its centre).
        let box = PixelRect(aroundX: last.xPx, y: last.yPx, reach: last.radiusPx, within: frame.size)
        detector = (try? BallColorLearner.learn(from: frame, box: box)).map { BallDetector(profile: $0, region: region, sizeModel: calibration) }
        let sightings = centredOnOutlines(ball.sightings)
        if replaces {
            tracker.replaceFollowed(with: sightings, velocityPx: ball.velocityPx, reference: last.inside)
        } else {
            tracker.follow(sightings, velocityPx: ball.velocityPx, reference: last.inside, onProbation: true)
        }
        followBack(reference: last.inside)
        sampleEarlierSightings()
    }

    /// How the ball looks in `frame` where `candidate` is, for the rev rate; nil while its colours are not known (no
    /// detector yet: a ball to be found by itself), and, with a calibration, for a sighting not fitted at its size (a
    /// disc no outline centred): the looks are compared cell by cell, so they must all be centred and sized alike. A
    /// disc a quarter radius off the ball, among outline fits, reads its shading as finger holes passing (a phone
    /// clip's 514 rpm for 364).
    private func appearance(of candidate: BallCandidate, in frame: VideoFrame) -> ObservedAppearance? {
        guard let detector, candidate.expectedRadiusPx != nil || calibration == nil else { return nil }
        return ObservedAppearance(frame: frame, candidate: candidate, markerAxis: MarkerColorAxis(profile: detector.profile, encoding: frame.encoding))
    }

    /// Samples the look of the sightings a ball just found rolling, or followed back, brought from frames already
    /// processed (`ShotTracker.annotateEarlierSightings`), from the recent frames still kept: without them the rev
    /// rate's window would start where the ball was found, on TV clips often past the first 20 ft.
    private func sampleEarlierSightings() {
        tracker.annotateEarlierSightings { frameIndex, candidate in
            recentFrames.entry(frame: frameIndex).flatMap { appearance(of: candidate, in: $0.frame) }
        }
    }

    /// Follows the ball just found back through the recent frames (`BackwardSearch`): its release and swing, which
    /// the motion search found too late or not at all, back to the last shot's end at most.
    private func followBack(reference: YUVMean?) {
        guard let start = tracker.followedBallFirstFound else { return }
        let search = BackwardSearch(frames: recentFrames, detector: discDetector)
        tracker.prepend(centredOnOutlines(search.sightings(before: start.first, next: start.next, reference: reference,
                                                           notBefore: max(start.notBefore, lastShotFrame + 1), accepts: tracker.mayPrecede)))
    }

    /// Whether a ball found rolling has the doubted seed's size and colour (`seedSizeRatios`, `seedColourDistance`).
    private static func mayBe(_ seed: (sighting: BallSighting, reference: YUVMean?), _ ball: FoundBall) -> Bool {
        guard let last = ball.sightings.last?.candidate, seedSizeRatios.contains(last.radiusPx / seed.sighting.candidate.radiusPx) else { return false }
        guard let reference = seed.reference, let inside = last.inside else { return true }
        return inside.distance(to: reference) < seedColourDistance
    }

    /// Radius over the seed's that a ball found rolling may have to be the seeded one: it rolled away from the camera
    /// (a fixed one sees it shrink; one that follows it zooms in about as much), and a box drawn by hand is a little
    /// larger than the ball. On the real clips of docs/real-footage.md the seeded balls found again measured 0.6 to 1.1.
    static let seedSizeRatios = 0.55...1.4
    /// Colour distance (`YUVMean.distance`) from the seed's disc that a ball found rolling may have to be the seeded
    /// one (the same balls: 5 to 28, as the light along the lane changes).
    static let seedColourDistance = 35.0

    /// The earliest frame whose ball the pipeline may still change (`ShotTracker.firstUnsettledFrame`; on real footage,
    /// also the earliest recent frame a ball found later may be followed back into); nil when it will change none.
    public var firstUnsettledFrame: Int? {
        [tracker.firstUnsettledFrame, finishedTracks.first?.observations.first?.frame, watchesCamera ? recentFrames.firstFrame : nil].compactMap { $0 }.min()
    }

    /// Where a recent frame lies in the reference view (on a fixed camera, the first frame's, which all its frames
    /// are); nil for a frame long gone.
    public func view(ofFrame frame: Int) -> ReferenceView? {
        watchesCamera ? referenceChain.view(ofFrame: frame) : ReferenceView(frame: 0, toReference: .identity)
    }

    /// The end of the input for `track(_:)`: the tracks still waiting for their pins and of a ball still followed, numbered.
    public func finishTracking() -> [NumberedTrack] {
        finished(tracker.finish())
        defer { finishedTracks.removeAll() }
        return finishedTracks.map(numbered)
    }

    /// Measures a finished track and predicts its pin action. Reads only immutable state, so unlike the rest of
    /// the pipeline it may run on any thread, beside `track(_:)`.
    public func measure(_ finished: NumberedTrack) -> Shot {
        var shot = measurer.measure(finished.track, shotNumber: finished.shotNumber)
        predictor.predict(&shot)
        return shot
    }

    /// Hands the tracker the ball the user pointed at, with its colour when its disc stands out there.
    private func startFollowing(_ seed: BallSeed, in frame: VideoFrame) {
        let search = DiscSearch(centerX: seed.centerX, centerY: seed.centerY, reachPx: seed.radiusPx / 4,
                                radiusPx: seed.radiusPx, reference: nil, distanceWeight: 0)
        let match = discDetector.search(search, in: frame)
        let reference = match.flatMap { $0.contrast >= ShotTracker.minDiscContrast ? $0.inside : nil }
        let sighting = BallSighting(frame: seed.frameIndex, timeS: frame.timeS, candidate: BallCandidate(discAtX: seed.centerX, y: seed.centerY, radiusPx: seed.radiusPx))
        if watchesCamera {
            doubtedSeed = (sighting, reference)
            ballFinder.reset()
        }
        tracker.follow([sighting], reference: reference)
    }

    /// The seeded ball in this frame: the disc the shape search finds if it stands out, or where its look finds it
    /// (`BallLook.judge`), centred on the colour detector's outline when one agrees with it (an outline fit is
    /// sub-pixel; the disc search is not). On real footage, while the ball's motion is still unknown or it was just
    /// missed, a disc that did not move against the background (a logo on the bowler's shirt, a shoe) gives way to one
    /// that did, of the ball's size and colour, a little farther from the prediction: a ball in the swing or just
    /// released moves faster than the prediction knows.
    private func seededCandidates(_ search: DiscSearch, moving: @autoclosure () -> [DiscMatch],
                                  in frame: VideoFrame) -> (candidates: [BallCandidate], lookVerdict: BallLook.Verdict?) {
        var disc = discDetector.search(search, in: frame).flatMap { ShotTracker.mayBeFollowedBall($0, reference: search.reference) ? $0 : nil }
        if watchesCamera, tracker.followedBallIsUncertain, disc.map({ movingDiscs.changedShare(of: $0) < Self.stillShare }) ?? true,
           let alternative = moving().filter({ fits($0, search) }).min(by: { offset($0, search) < offset($1, search) }) {
            disc = alternative
        }
        let look = watchesCamera ? tracker.followedBallLook : nil
        let (sighting, verdict) = BallLook.sighting(of: disc, judgedBy: look, for: search, in: frame, seenBefore: !tracker.followedBallMissed)
        guard let found = sighting else { return ([], verdict) }
        return ([onOutline(found, in: frame)], verdict)
    }

    /// Sightings found by their shape alone (rolling, or followed back), each centred on its outline in its kept frame
    /// (`onOutline`), as the ball followed forward is once its colours are known. Those frames were processed already:
    /// the colour detector's background does not learn them again.
    private func centredOnOutlines(_ sightings: [BallSighting]) -> [BallSighting] {
        sightings.map { sighting in
            guard let seen = recentFrames.entry(frame: sighting.frame)?.frame else { return sighting }
            var centred = sighting
            centred.candidate = onOutline(sighting.candidate, in: seen, learning: false)
            return centred
        }
    }

    /// `found` (a disc the shape search found) centred on the colour detector's outline when one agrees with it
    /// (`outlineAgrees`): an outline fit is sub-pixel, the disc search is not, and a disc a little smaller than the
    /// ball slides toward its shaded side and the shadow under it. Unchanged while the ball's colours are not known.
    private func onOutline(_ found: BallCandidate, in frame: VideoFrame, learning: Bool = true) -> BallCandidate {
        let window = PixelRect(aroundX: found.xPx, y: found.yPx, reach: 2 * (found.radiusPx + 1), within: frame.size)
        var candidate = detector?.detect(in: frame, window: window, view: detectorView(of: frame), learning: learning)
            .first { Self.outlineAgrees($0, with: found) } ?? found
        candidate.inside = found.inside
        return candidate
    }

    /// Whether a colour outline is the ball whose disc the shape search found: about its size (`outlineSizeRatios`)
    /// and within `nearOutlineRadii` of it; or up to `farOutlineRadii` off, where the outline is no larger than the
    /// ball should be (the calibration's size, else the disc's) by `mergedOutlineRatio`. A disc found by shape slides
    /// toward the ball's shaded side and the shadow under it: on the rendered phone, 25 fps and panning clips they sat
    /// 0.25 to 0.36 radii off the drawn ball, its outline on it (docs/real-footage.md). An outline that far off and
    /// larger than the ball is the ball merged with something of its colour (the pins it meets; test clip 07), and
    /// the outlines 0.40 to 0.43 radii off on train clip 10 were the ball and the pins behind it.
    static func outlineAgrees(_ outline: BallCandidate, with found: BallCandidate) -> Bool {
        guard outlineSizeRatios.contains(outline.radiusPx / found.radiusPx) else { return false }
        let offset = outline.distance(to: found) / found.radiusPx
        return offset < nearOutlineRadii
            || offset < farOutlineRadii && outline.radiusPx <= mergedOutlineRatio * (outline.expectedRadiusPx ?? found.radiusPx)
    }

    /// An outline's radius over the disc's for it to be the same ball.
    static let outlineSizeRatios = 0.8...1.25
    /// How far off the disc (in its radii) an outline of any likely size may be (`outlineAgrees`).
    static let nearOutlineRadii = 0.25
    /// How far off the disc (in its radii) an outline no larger than the ball may be (`outlineAgrees`).
    static let farOutlineRadii = 0.4
    /// Above this share of the ball's size, an outline over `nearOutlineRadii` off the disc is not taken (`outlineAgrees`).
    static let mergedOutlineRatio = 1.1

    /// The colour detector's lane and ball sizes in this frame's picture when the camera has moved since the first
    /// frame, the calibration's picture (nil: it has not, or there is no calibration); where its motion was lost, the
    /// whole picture and no size, as without a calibration.
    private func detectorView(of frame: VideoFrame) -> BallDetector.View? {
        guard watchesCamera, let calibration else { return nil }
        let toFirstFrame = referenceChain.toFirstFrame(ofFrame: frame.index)
        if toFirstFrame == .identity { return nil }
        guard let toFirstFrame, let fromFirstFrame = toFirstFrame.inverse else {
            return BallDetector.View(region: SearchRegion(width: frame.width, height: frame.height), sizeModel: nil)
        }
        return BallDetector.View(region: calibration.searchRegion(seenThrough: fromFirstFrame),
                                 sizeModel: BallSizeSeenThrough(calibration: calibration, toFirstFrame: toFirstFrame))
    }

    /// Share of a disc's inside that must have changed for it to count as moving (`MovingDiscFinder.changedShare`).
    static let stillShare = 0.3

    /// Whether a moving disc may be the seeded ball: about its size, its colour when known, within a radius and a
    /// half beyond the search's reach.
    private func fits(_ disc: DiscMatch, _ search: DiscSearch) -> Bool {
        (0.7...1.4).contains(disc.radiusPx / search.radiusPx) && ShotTracker.hasBallColour(disc, reference: search.reference)
            && offset(disc, search) <= search.reachPx + 1.5 * search.radiusPx
    }

    private func offset(_ disc: DiscMatch, _ search: DiscSearch) -> Double {
        ((disc.xPx - search.centerX) * (disc.xPx - search.centerX) + (disc.yPx - search.centerY) * (disc.yPx - search.centerY)).squareRoot()
    }

    private func numbered(_ track: TrackedShot) -> NumberedTrack {
        shotCount += 1
        var placed = track
        // The front pins' first movement since this ball was first seen is its arrival; the watch turns to the next ball.
        if let contact = pinWatch?.contact, let first = track.observations.first?.frame, contact.frame > first { placed.pinContact = contact }
        pinWatch?.reset()
        for index in placed.observations.indices {
            placed.observations[index].view = referenceChain.view(ofFrame: placed.observations[index].frame)
        }
        return (placed, shotCount)
    }
}
