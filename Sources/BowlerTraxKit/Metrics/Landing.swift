/// Where the ball is first seen rolling on the lane.
///
/// On real footage the tracker picks the ball up before that: in the bowler's hand at the bottom of the swing, or in
/// the air over the first feet of a lofted release. A ball above the lane is read through the calibration where its
/// line of sight meets the lane, beyond and beside where it is, so those sightings draw a path that no rolling ball
/// draws (on TV clips: 3 to 4 boards off and the ball seemingly at half its speed over its first 2 to 4 ft, or moving
/// back up the approach with the swing). Measured with them, the foul-line board, the launch and the crossing time
/// that every speed starts from are wrong. So the path from the first feet of sure rolling (`anchorFt` on) is
/// followed back toward the foul line, and sightings are kept while they lie on it; from the first that does not,
/// everything earlier is left out, and the fits extrapolate to the foul line as they do when the bowler hid the
/// release. On a ball seen rolling from the foul line nothing is left out.
enum Landing {
    /// The rolling path is taken from sightings this far down-lane (past any loft) ...
    static let anchorFt = 8.0
    /// ... over this much of it: short enough for straight lines (the skid barely bends in time or boards).
    static let anchorSpanFt = 12.0
    /// A sighting is off the rolling path when it strays from it by more than this many of its sigmas (scaled by the
    /// scatter the anchor's own sightings show) and by more than the floors below: what an extrapolation over a few
    /// feet and a camera's jitter may put between a rolling ball and the lines.
    static let maxSigmas = 4.0
    static let minOffFt = 0.25
    static let minOffBoards = 0.75
    /// How soon after a sighting two read nearer (by `minOffFt`) show the first was not rolling on the lane: a loft
    /// lasts a few tenths of a second. One alone may be a centroid's jitter (a TV clip's ball, half hidden by the
    /// bowler, reads a foot back and forth).
    static let cameBackS = 0.5

    /// `samples` (sorted by time) from the first one on the lane.
    static func onLane(_ samples: [PathSample]) -> [PathSample] {
        guard let firstFt = samples.first?.distanceFt else { return samples }
        // The rolling path starts after the last sighting nearer than `anchorFt`, or read farther out than one soon after
        // it: a ball on the lane only rolls on, so that one was above the lane (seen from low, a phone at chest height
        // behind the bowler, the ball in the backswing read 9.3 ft out and came back to 2.7 ft at the bottom of the
        // swing; in its loft it read 11.6 ft, then 9.2 where it landed).
        func cameBack(_ i: Int) -> Bool {
            samples[(i + 1)...].prefix { $0.timeS - samples[i].timeS <= cameBackS }.filter { $0.distanceFt < samples[i].distanceFt - minOffFt }.count >= 2
        }
        let lastNear = samples.indices.last { samples[$0].distanceFt < anchorFt || samples[$0].distanceFt <= anchorFt + anchorSpanFt && cameBack($0) }
        let from = lastNear == nil ? firstFt : anchorFt
        let anchor = samples.indices.filter { $0 > lastNear ?? -1 && (from...(from + anchorSpanFt)).contains(samples[$0].distanceFt) }
        guard let start = anchor.first, start > 0, anchor.count >= 6 else { return samples }
        let chosen = anchor.map { samples[$0] }, origin = samples[start].timeS
        guard let travel = PolynomialFit.robustWithScatter(xs: chosen.map { $0.timeS - origin }, ys: chosen.map(\.distanceFt), sigmas: chosen.map(\.distanceSigmaFt), degree: 1),
              let course = PolynomialFit.robustWithScatter(xs: chosen.map(\.distanceFt), ys: chosen.map(\.board), sigmas: chosen.map(\.boardSigma), degree: 1)
        else { return samples }
        func offThePath(_ sample: PathSample) -> Bool {
            let offFt = abs(sample.distanceFt - travel.fit.value(at: sample.timeS - origin))
            let offBoards = abs(sample.board - course.fit.value(at: sample.distanceFt))
            return offFt > max(maxSigmas * travel.scatter * sample.distanceSigmaFt, minOffFt)
                || offBoards > max(maxSigmas * course.scatter * sample.boardSigma, minOffBoards)
        }
        // A long loft is still in the air over the anchor's first feet (the phone clip's ball landed about 8 ft out,
        // its sightings before read up to 2 ft beyond): those are left out too.
        var first = start
        while first < anchor[anchor.count - 1], offThePath(samples[first]) { first += 1 }
        while first > 0, !offThePath(samples[first - 1]) { first -= 1 }
        return Array(samples[first...])
    }
}
