/// Registers each frame of a camera that moves to a key frame, an earlier frame of the same view, and not only to
/// the frame before it. Chained frame to frame, the maps drift: each drops what one frame's features cannot tell
/// from noise (the pan-720p60 fixture's first-frame view was 13 px off at the pins after 3.5 s, seven boards), and
/// a fixed camera's view crept by a pixel over 800 frames where people moved through it. Here the key frame's corners
/// are looked for in each frame where the chained maps predict them, and the map to the key fitted to them directly,
/// so the error no longer grows frame after frame, only from key to key. A new key is taken when the view has zoomed
/// or turned too far from the last one (`maxScaleChange`), the frame registered to the last key first, or when too few
/// of the key's corners are found (its view then comes from the previous frame's).
///
/// The same kind of corners (`FeatureTracker`, best per grid cell, the ball's neighbourhood left out), pyramidal
/// tracking (two levels: the prediction is already close) and fit (`MotionRansac`, then `bestMap`) as frame to frame,
/// but four times as many corners: the key's map is used for every frame until the next key, so its error counts
/// more than one frame-to-frame step's, and the corners are picked once per key, not once per frame. Each corner's
/// window is looked for warped by the zoom and turn predicted since the key (`TrackedFeature.warp`).
final class KeyFrameAligner {
    /// Zoom between the key and a frame beyond which a new key is taken: zooming in, the key's corners leave the
    /// picture; zooming out, its windows cover ever more of the frame's texture.
    static let maxScaleChange = 1.2
    static let trackedLevels = 2
    /// The key's corner grid: 32×18, twice frame to frame's 16×9 across and down.
    static let gridColumns = 2 * FeatureTracker.defaultGridColumns
    static let gridRows = 2 * FeatureTracker.defaultGridRows
    /// F-test threshold for the homography's extra parameters (`bestMap`), lower than frame to frame's
    /// (`CameraMotionEstimator.minExtraParameterGain`): a key and a frame many frames apart differ by the keystone of
    /// the whole turn since the key, which the similarity cannot follow, and four times the corners pin it down.
    static let minExtraParameterGain = 10.0

    private let key = LumaPyramid()
    private var keyFrame = -1
    /// The last frame's map into the key (full resolution).
    private var toKey: Homography?
    /// The key's corners, level-0 index coordinates.
    private var corners: [TrackedFeature] = []
    private let tracker = FeatureTracker(gridColumns: KeyFrameAligner.gridColumns, gridRows: KeyFrameAligner.gridRows)
    private var expected: [TrackedFeature] = []
    private var inliers: [Bool] = []
    private var residuals: [Double] = []
    private var fitFrom: [(x: Double, y: Double)] = []
    private var fitTo: [(x: Double, y: Double)] = []

    /// The link of `frame` (its pyramid `frame`, `toPrevious` its map to the previous frame, nil when unregistered)
    /// to its key frame; this frame becomes the key when it cannot be matched to the last one, or when it has zoomed
    /// or turned past `maxScaleChange` (then registered to the last key first: `startsKey`). `keep` says whether a
    /// key corner shows the scene (not a graphic over it); `excluded` are level-0 boxes where the ball is.
    func link(_ pyramid: LumaPyramid, frame: Int, toPrevious: Homography?, isStatic: Bool,
              keep: (TrackedFeature) -> Bool, excluded: [SIMD4<Float>]) -> KeyFrameLink {
        guard let toPrevious, let last = toKey, keyFrame >= 0 else { return makeKey(pyramid, frame: frame, excluded: excluded) }
        let chained = last.after(toPrevious)
        if isStatic {
            toKey = chained
            return KeyFrameLink(frame: keyFrame, toKey: chained)
        }
        guard let fromKey = chained.inverse else { return makeKey(pyramid, frame: frame, excluded: excluded) }
        expected.removeAll(keepingCapacity: true)
        // Only corners predicted where their window fits in this frame are looked for: as the camera zooms in, the
        // key's border leaves the picture, and counting its corners failed the link (on pan-720p60 every 15 to 19
        // frames, with up to 30 % of the key's corners gone), each new key adding a frame-to-frame map's error.
        let margin = Float(FeatureTracker.windowRadius)
        let maxX = Float(pyramid.levels[0].width) - margin - 1, maxY = Float(pyramid.levels[0].height) - margin - 1
        for corner in corners where keep(corner) {
            guard let there = pyramid.carry(corner.from, by: fromKey), (margin..<maxX).contains(there.x), (margin..<maxY).contains(there.y),
                  let right = pyramid.carry(corner.from + SIMD2(1, 0), by: fromKey),
                  let below = pyramid.carry(corner.from + SIMD2(0, 1), by: fromKey) else { continue }
            // The key's window as the predicted map shows it here (its local linear part): the zoom since the key
            // then does not bias the match.
            let warp = SIMD4(right.x - there.x, below.x - there.x, right.y - there.y, below.y - there.y)
            expected.append(TrackedFeature(from: corner.from, to: there, strength: corner.strength, warp: warp))
        }
        tracker.place(expected)
        tracker.track(from: key, to: pyramid, levels: Self.trackedLevels, guess: nil, droppingFoundIn: excluded)
        guard let fit = MotionRansac.fit(tracker.features, thresholdPx: CameraMotionEstimator.inlierThresholdPx, inliers: &inliers, residuals: &residuals)
        else { return makeKey(pyramid, frame: frame, excluded: excluded) }
        let best = MotionRansac.bestMap(tracker.features, fit.similarity, consensus: fit.consensus, thresholdPx: CameraMotionEstimator.inlierThresholdPx,
                                        minGain: Self.minExtraParameterGain, inliers: &inliers, from: &fitFrom, to: &fitTo)
        // Judged on the corners looked for, not all the key's: those under graphics are not (`keep`), and counting
        // them made the link fail every few frames where graphics held half the picture (real 13), each new key
        // adding a frame-to-frame map's error. And on the map kept, which may agree with more corners than the
        // similarity did.
        guard best.inliers >= CameraMotionEstimator.inliersNeeded(of: expected.count) else { return makeKey(pyramid, frame: frame, excluded: excluded) }
        let link = KeyFrameLink(frame: keyFrame, toKey: pyramid.fullResolution(best.matrix))
        if Self.keepsScale(link.toKey, width: pyramid.sourceWidth, height: pyramid.sourceHeight) {
            toKey = link.toKey
            return link
        }
        // Zoomed or turned so far that the key's corners will soon be lost: this frame becomes the key, its own view
        // given by this link rather than by the frame-to-frame map (a sixth of the corners, mostly a similarity),
        // whose error every frame until the next key would inherit.
        _ = makeKey(pyramid, frame: frame, excluded: excluded)
        return KeyFrameLink(frame: link.frame, toKey: link.toKey, startsKey: true)
    }

    /// Whether `map` scales the picture's centre by less than `maxScaleChange` either way.
    private static func keepsScale(_ map: Homography, width: Int, height: Int) -> Bool {
        let centre = (x: Double(width) / 2, y: Double(height) / 2, radius: 100.0)
        guard let scaled = map.carry(centre) else { return false }
        return (1 / maxScaleChange...maxScaleChange).contains(scaled.radius / centre.radius)
    }

    private func makeKey(_ pyramid: LumaPyramid, frame: Int, excluded: [SIMD4<Float>]) -> KeyFrameLink {
        key.copy(from: pyramid)
        keyFrame = frame
        toKey = .identity
        tracker.selectCorners(in: key.levels[0], excluding: excluded)
        corners.removeAll(keepingCapacity: true)
        corners.append(contentsOf: tracker.features)
        return KeyFrameLink(frame: frame, toKey: .identity)
    }
}
