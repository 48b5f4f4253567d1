/// Fills the frames a ball found rolling (`BallFinder`) was not seen in between its sightings: the motion search sees
/// a ball only where it changed against the background, and one rolling straight away from a camera that follows it
/// changes little from one frame to the next (clip 01: a black ball plain on the maple, missed in 3 of 8 frames).
/// In the kept frames (`RecentFrames`), each missing sighting is looked for by its shape (`DiscDetector`) between the
/// two around it, and taken when it stands out with the ball's colour (`ShotTracker.mayBeFollowedBall`).
struct GapFill {
    /// Longest run of missing frames filled: over more, where the ball went between is a guess.
    static let maxGap = 3

    let frames: RecentFrames
    let detector: DiscDetector

    /// `sightings` (earliest first) with those found in their gaps; `reference` is the ball's colour.
    func filled(_ sightings: [BallSighting], reference: YUVMean?) -> [BallSighting] {
        guard var previous = sightings.first else { return sightings }
        var result = [previous]
        for next in sightings.dropFirst() {
            let gap = next.frame - previous.frame - 1
            if (1...Self.maxGap).contains(gap) {
                for frame in previous.frame + 1..<next.frame {
                    if let found = sighting(in: frame, between: previous, next, reference: reference) { result.append(found) }
                }
            }
            result.append(next)
            previous = next
        }
        return result
    }

    /// The ball in `frame`, looked for where it is on the way from `before` to `after` (in the picture: over a gap of
    /// a few frames the camera's motion is near enough steady).
    private func sighting(in frame: Int, between before: BallSighting, _ after: BallSighting, reference: YUVMean?) -> BallSighting? {
        guard let entry = frames.entry(frame: frame) else { return nil }
        let share = Double(frame - before.frame) / Double(after.frame - before.frame)
        func along(_ a: Double, _ b: Double) -> Double { a + share * (b - a) }
        let radius = along(before.candidate.radiusPx, after.candidate.radiusPx)
        let search = DiscSearch(centerX: along(before.candidate.xPx, after.candidate.xPx), centerY: along(before.candidate.yPx, after.candidate.yPx),
                                reachPx: 0.5 * radius + 3, radiusPx: radius, reference: reference, distanceWeight: ShotTracker.discDistanceWeight)
        guard let disc = detector.search(search, in: entry.frame), ShotTracker.mayBeFollowedBall(disc, reference: reference) else { return nil }
        return BallSighting(frame: frame, timeS: entry.frame.timeS, candidate: BallCandidate(disc: disc))
    }
}
