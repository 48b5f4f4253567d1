/// Follows a ball found rolling back through the frames before it was found: the release and the swing, where it moved
/// too little against the background, or too hidden by the bowler, for `BallFinder` (which needs it to rise, frame
/// after frame, before it takes it for the ball). What a live tracker only knows in hindsight, recorded video still
/// holds (`RecentFrames`).
///
/// Each step back, the ball is looked for by its shape (`DiscDetector`) and its look (`BallLook`, learned from where it
/// was found) where the scene under it was in the earlier frame (the camera's motion undone), less its own motion per
/// frame; a disc on a graphic over the picture (`PictureOverlay`) counts as none. It stops after `maxMisses` frames
/// without it, at a cut, where the kept frames end, or where `accepts` turns a sighting down.
struct BackwardSearch {
    /// Frames the ball may go unseen, stepping back, before the search gives up: a swing behind the bowler is no
    /// path to predict.
    static let maxMisses = 2
    /// How far (in radii, besides half its speed and 3 px) from where its motion puts it the ball is looked for, a
    /// step back after a sighting: near enough that a dark knee or shoe beside a ball the hand half covers is not
    /// taken instead. Over train/Task2 with no ball option, 0.6 gave 11 of 15 clips tracked, 0.5 11, 0.45 13, 0.4 12.
    static let reachRadii = 0.45

    let frames: RecentFrames
    let detector: DiscDetector

    /// The ball's sightings before `first`, earliest first, back to frame `notBefore` at most. `next` (its sighting
    /// after `first`) gives its motion; `reference` is its colour.
    func sightings(before first: BallSighting, next: BallSighting?, reference: YUVMean?, notBefore: Int,
                   accepts: (BallSighting) -> Bool) -> [BallSighting] {
        var position = (x: first.candidate.xPx, y: first.candidate.yPx, radius: first.candidate.radiusPx)
        var velocity = next.flatMap { motion(from: first, to: $0) } ?? (x: 0, y: 0)
        var found: [BallSighting] = [], misses = 0, frame = first.frame
        var look = frames.entry(frame: first.frame).flatMap {
            BallLook(frame: $0.frame, xPx: first.candidate.xPx, yPx: first.candidate.yPx, radiusPx: first.candidate.radiusPx)
        }
        while misses <= Self.maxMisses, frame - 1 >= notBefore, let toPrevious = frames.entry(frame: frame)?.toPrevious,
              let earlier = frames.entry(frame: frame - 1), let carried = toPrevious.carry(position) {
            frame -= 1
            let speed = (velocity.x * velocity.x + velocity.y * velocity.y).squareRoot()
            let search = DiscSearch(centerX: carried.x - velocity.x, centerY: carried.y - velocity.y,
                                    reachPx: Self.reachRadii * carried.radius + 0.5 * speed + 3 + 0.5 * carried.radius * Double(misses),
                                    radiusPx: carried.radius, reference: reference,
                                    distanceWeight: ShotTracker.discDistanceWeight / Double(1 + misses))
            let disc = detector.search(search, in: earlier.frame).flatMap { ShotTracker.mayBeFollowedBall($0, reference: reference) ? $0 : nil }
            let (seen, verdict) = BallLook.sighting(of: disc, judgedBy: look, for: search, in: earlier.frame, seenBefore: misses == 0)
            // A graphic over the picture (a score panel's digit) is no ball, however round.
            guard let candidate = seen, !isOverlay(candidate, frame: frame) else {
                position = (search.centerX, search.centerY, carried.radius)
                misses += 1
                continue
            }
            if let disc, verdict?.instead == nil, verdict?.discLooksRight != false,
               let discLook = BallLook(frame: earlier.frame, xPx: disc.xPx, yPx: disc.yPx, radiusPx: disc.radiusPx) {
                look?.learn(from: discLook, after: verdict, fraction: ShotTracker.lookUpdate)
            }
            let sighting = BallSighting(frame: frame, timeS: earlier.frame.timeS, candidate: candidate)
            guard accepts(sighting) else { break }
            velocity = (0.6 * velocity.x + 0.4 * (carried.x - candidate.xPx), 0.6 * velocity.y + 0.4 * (carried.y - candidate.yPx))
            position = (candidate.xPx, candidate.yPx, candidate.radiusPx)
            found.append(sighting)
            misses = 0
        }
        return found.reversed()
    }

    /// Whether `candidate`, seen in `frame`, lies on a graphic over the picture (`PictureOverlay`), judged against the
    /// kept frame `overlayGap` later (or the latest kept before it, with no cut between): how far the scene moved
    /// under it is where the same pixel of that later frame was in `frame`.
    private func isOverlay(_ candidate: BallCandidate, frame: Int) -> Bool {
        guard let seen = frames.entry(frame: frame)?.frame else { return false }
        var later = frame
        while later < frame + Self.overlayGap, frames.entry(frame: later + 1)?.toPrevious != nil { later += 1 }
        let point = (x: candidate.xPx, y: candidate.yPx)
        guard later > frame, let other = frames.entry(frame: later)?.frame, let before = frames.carry(point, from: later, backTo: frame) else { return false }
        let shift = ((before.x - point.x) * (before.x - point.x) + (before.y - point.y) * (before.y - point.y)).squareRoot()
        return PictureOverlay.covers(xPx: point.x, yPx: point.y, radiusPx: candidate.radiusPx, in: seen, other: other, sceneShiftPx: shift)
    }

    /// Frames apart that the overlay test compares.
    static let overlayGap = 8

    /// The ball's motion per frame against the background from `earlier` to `later`: `later` brought into `earlier`'s
    /// view through the camera's motion of each frame between.
    private func motion(from earlier: BallSighting, to later: BallSighting) -> (x: Double, y: Double)? {
        guard later.frame > earlier.frame,
              let point = frames.carry((later.candidate.xPx, later.candidate.yPx), from: later.frame, backTo: earlier.frame) else { return nil }
        let frames = Double(later.frame - earlier.frame)
        return ((point.x - earlier.candidate.xPx) / frames, (point.y - earlier.candidate.yPx) / frames)
    }
}
