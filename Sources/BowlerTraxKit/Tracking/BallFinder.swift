/// One frame's sighting of a ball: where, when, and what the shape search saw.
public struct BallSighting: Sendable, Equatable {
    public var frame: Int
    public var timeS: Double
    public var candidate: BallCandidate
}

/// A ball `BallFinder` took for the bowled one: its sightings, first to last, and its motion per frame against the
/// background at the last of them.
public struct FoundBall: Sendable {
    public var sightings: [BallSighting]
    public var velocityPx: (x: Double, y: Double)
    /// How far up the picture it went against the background from its first sighting to its last, in its mean radius.
    public var riseRadii: Double

    /// `riseRadii` per second.
    public var riseRadiiPerS: Double {
        guard let first = sightings.first, let last = sightings.last, last.timeS > first.timeS else { return 0 }
        return riseRadii / (last.timeS - first.timeS)
    }
}

/// Finds the bowled ball by itself, with no colour or box from the user: it links the moving discs of successive
/// frames (`MovingDiscFinder`) into tracks, and takes the first that rolls like a bowled ball: a disc of steady size
/// moving away from the camera (up the picture) against the background, frame after frame, and not growing.
///
/// Motion is measured against the background: each disc is brought into the previous frame's view with the camera's
/// motion (`toPrevious`) before it is compared with where its track was, so a camera that pans to follow the ball
/// (which then barely moves in the picture) and a fixed camera (where it crosses it) look alike.
public final class BallFinder {
    /// Sightings a track needs before it can be taken for the ball.
    static let confirmCount = 8
    /// How far up the picture, against the background and in radii, a track must have gone to be a bowled ball.
    static let minRiseRadii = 1.5
    /// Frames a track may go without a sighting before it is dropped.
    static let maxMisses = 2
    /// Steps down the picture (toward the camera) a bowled ball's track may take: one, for a disc off the ball once.
    /// A track that took more is dropped at once: it can never be the ball, and left to run it would take the ball's
    /// discs from the track the ball would start (a 540x960 phone clip: a track that ran along the bowler's legs,
    /// then onto the ball, held it to the pins).
    static let maxBackSteps = 1
    /// Smallest radius of a disc that may be taken for the ball, as a share of the picture's shorter side (7 pixels at
    /// 720p): smaller, too many things look round (a digit of a score panel, a light in the crowd). The shorter side,
    /// not the height: a phone held upright puts the lane's width across it as a landscape picture puts it across
    /// its height, and the ball as small (a 540x960 phone clip's ball rolls at 8 to 10 pixels, under 1 % of 960).
    static let minRadiusShare = 0.01
    /// Tracks followed at once; the longest are kept.
    static let maxTracks = 60

    private struct Track {
        var sightings: [BallSighting]
        /// Motion against the background per frame, in the previous frame's pixels (0 until seen twice).
        var velocity = (x: 0.0, y: 0.0)
        /// Motion against the background since the first sighting, summed frame by frame.
        var travel = (x: 0.0, y: 0.0)
        /// Steps that went down the picture (toward the camera).
        var backSteps = 0
        var misses = 0
        /// The sightings' disc contrasts, summed.
        var contrast = 0.0
    }

    private var tracks: [Track] = []
    private let minRadiusPx: Double

    /// `imageSize`: the picture's size in pixels.
    public init(imageSize: PixelSize) {
        minRadiusPx = Self.minRadiusShare * Double(min(imageSize.width, imageSize.height))
    }

    /// Forgets every track (a cut to another view, or a shot found and now followed).
    public func reset() { tracks.removeAll() }

    /// Feeds one frame's moving discs; `toPrevious` maps this frame's pixels to the previous frame's (nil after a cut,
    /// which ends every track). Returns the ball when this frame makes a track a bowled ball that `accepts` takes
    /// (the caller knows more: where the lane is, what the user pointed at). A track it turns down is dropped, and
    /// only that one: the ball rolling beside it at the time is still followed.
    public func update(frame: Int, timeS: Double, discs: [DiscMatch], toPrevious: Homography?,
                       accepts: (FoundBall) -> Bool = { _ in true }) -> FoundBall? {
        guard let toPrevious else {
            reset()
            return nil
        }
        var used = Set<Int>()
        tracks.sort { $0.sightings.count > $1.sightings.count }
        for index in tracks.indices {
            guard let match = bestMatch(for: tracks[index], among: discs, excluding: used, toPrevious: toPrevious, frame: frame) else {
                tracks[index].misses += 1
                continue
            }
            used.insert(match.index)
            extend(&tracks[index], with: discs[match.index], at: match.inPrevious, frame: frame, timeS: timeS)
        }
        tracks.removeAll { $0.misses > Self.maxMisses || $0.backSteps > Self.maxBackSteps }
        for (index, disc) in discs.enumerated() where !used.contains(index) {
            tracks.append(Track(sightings: [sighting(disc, frame: frame, timeS: timeS)], contrast: disc.contrast))
        }
        if tracks.count > Self.maxTracks {
            tracks.sort { $0.sightings.count > $1.sightings.count }
            tracks.removeLast(tracks.count - Self.maxTracks)
        }
        // Of several tracks rolling at once, the one that stands out most from its surroundings.
        let rolling = tracks.indices.filter { isBowledBall(tracks[$0]) && !isReflection(tracks[$0], among: discs) }
            .sorted { meanContrast(tracks[$0]) > meanContrast(tracks[$1]) }
        for index in rolling {
            let track = tracks[index]
            let ball = FoundBall(sightings: track.sightings, velocityPx: track.velocity, riseRadii: -track.travel.y / meanRadius(track))
            if accepts(ball) {
                reset()
                return ball
            }
        }
        let turnedDown = Set(rolling)
        tracks = tracks.indices.filter { !turnedDown.contains($0) }.map { tracks[$0] }
        return nil
    }

    /// Whether the track's latest disc is the ball's mirror image in a glossy lane: a disc of about its size stands
    /// straight above it, `reflectionRadii` of its radii higher (the ball's centre is a radius above the lane, its
    /// image as far below), moving too.
    private func isReflection(_ track: Track, among discs: [DiscMatch]) -> Bool {
        guard let last = track.sightings.last?.candidate else { return false }
        return discs.contains { disc in
            let above = last.yPx - disc.yPx
            return abs(disc.xPx - last.xPx) < 0.5 * last.radiusPx && Self.reflectionRadii.contains(above / last.radiusPx)
                && (0.7...1.4).contains(disc.radiusPx / last.radiusPx)
        }
    }

    /// How far above a reflection (in its radii) the ball stands: about two radii, more with the camera's height.
    static let reflectionRadii = 1.5...3.5

    private func meanRadius(_ track: Track) -> Double {
        track.sightings.reduce(0) { $0 + $1.candidate.radiusPx } / Double(max(1, track.sightings.count))
    }

    private func meanContrast(_ track: Track) -> Double {
        track.contrast / Double(track.sightings.count)
    }

    private func sighting(_ disc: DiscMatch, frame: Int, timeS: Double) -> BallSighting {
        BallSighting(frame: frame, timeS: timeS, candidate: BallCandidate(disc: disc))
    }

    /// The disc nearest where the track's motion puts it, compared in the previous frame's view.
    private func bestMatch(for track: Track, among discs: [DiscMatch], excluding used: Set<Int>, toPrevious: Homography,
                           frame: Int) -> (index: Int, inPrevious: (x: Double, y: Double))? {
        guard let last = track.sightings.last else { return nil }
        let frames = Double(frame - last.frame), radius = last.candidate.radiusPx
        let predictedX = last.candidate.xPx + frames * track.velocity.x, predictedY = last.candidate.yPx + frames * track.velocity.y
        let speed = (track.velocity.x * track.velocity.x + track.velocity.y * track.velocity.y).squareRoot()
        // A new track's motion is unknown: a ball may cross two or three of its radii in a frame.
        let gate = track.sightings.count < 2 ? 3 * radius + 4 : radius + 0.5 * speed + 4 + radius * Double(track.misses)
        var best: (index: Int, inPrevious: (x: Double, y: Double), distance: Double)?
        for (index, disc) in discs.enumerated() where !used.contains(index) {
            guard (0.7...1.4).contains(disc.radiusPx / radius), let mapped = toPrevious.apply(disc.xPx, disc.yPx) else { continue }
            let distance = ((mapped.x - predictedX) * (mapped.x - predictedX) + (mapped.y - predictedY) * (mapped.y - predictedY)).squareRoot()
            if distance <= gate && distance < best?.distance ?? .infinity { best = (index, mapped, distance) }
        }
        return best.map { ($0.index, $0.inPrevious) }
    }

    private func extend(_ track: inout Track, with disc: DiscMatch, at inPrevious: (x: Double, y: Double), frame: Int, timeS: Double) {
        guard let last = track.sightings.last else { return }
        let frames = Double(max(1, frame - last.frame))
        let step = (x: (inPrevious.x - last.candidate.xPx) / frames, y: (inPrevious.y - last.candidate.yPx) / frames)
        track.velocity = track.sightings.count < 2 ? step : (0.5 * track.velocity.x + 0.5 * step.x, 0.5 * track.velocity.y + 0.5 * step.y)
        track.travel = (track.travel.x + step.x * frames, track.travel.y + step.y * frames)
        if step.y > 0.25 * last.candidate.radiusPx { track.backSteps += 1 }
        track.misses = 0
        track.contrast += disc.contrast
        track.sightings.append(sighting(disc, frame: frame, timeS: timeS))
    }

    /// Rolls like a bowled ball: seen often enough, gone steadily up the picture against the background, mostly
    /// straight, and not grown (it moves away from the camera). It must also have moved in the picture itself: what
    /// stays exactly put while the scene moves behind it is a graphic laid over the picture (a camera following the
    /// ball never holds it that still for long).
    private func isBowledBall(_ track: Track) -> Bool {
        guard track.sightings.count >= Self.confirmCount, let first = track.sightings.first?.candidate,
              let last = track.sightings.last?.candidate else { return false }
        let radius = meanRadius(track)
        let rise = -track.travel.y
        let shift = last.distance(to: first)
        return shift >= 0.5 * radius && radius >= minRadiusPx && rise >= Self.minRiseRadii * radius && abs(track.travel.x) < 2 * rise && track.backSteps <= Self.maxBackSteps
            && last.radiusPx <= 1.25 * first.radiusPx
    }
}
