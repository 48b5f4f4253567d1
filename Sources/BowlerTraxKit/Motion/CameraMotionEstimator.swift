/// Measures how the camera moved between consecutive frames (pan, zoom, roll, small perspective changes), as the
/// homography taking each frame's pixels to the previous frame's.
///
/// Works on luma reduced to about 320 samples across (`LumaPyramid`). Each frame:
/// 1. Static test: if few samples of the 80×45 top pyramid level changed, the probes (up to 24 strong corners
///    kept from the last registration) are followed at level 0 only; if three quarters of them, and at least
///    `minStaticProbes`, moved less than `staticTolerancePx`, the frame is static and its map the identity.
/// 2. Otherwise registration: the best corner of each of 16×9 cells of the previous frame (`FeatureTracker`),
///    followed through three levels from the last frame's shift; features on broadcast graphics set aside
///    (`OverlayMask`, `sceneFeatures`); a RANSAC similarity (`MotionRansac`); then a homography fitted to its
///    inliers, kept only when it agrees with as many features and passes an F-test (`bestMap`).
/// 3. If registration fails, the frame is a cut when the luma histograms differ by more than `cutHistogramDistance`.
///
/// Trade-offs of the static test: the thumbnail only rejects wholesale change (a bowler walking through a fixed
/// view changes a few of its samples, not a quarter of them); the probes decide, each with its own displacement,
/// so a slow pan (0.5 px a frame) or zoom moves most of them beyond the tolerance, while the bowler or the ball
/// spoils only the few they cover. A drift slower than `staticTolerancePx` a frame passes for static frame after
/// frame (each frame is compared with the previous one only).
///
/// Known limit: in a fixed view, an object moving as one piece that carries more features than the still scene
/// (the pinsetter's sweep filling the pin camera's picture) is taken for the camera's motion.
///
/// Buffers (pyramids, features, fit inputs) are kept from frame to frame: a static frame allocates nothing once
/// warmed up; a registered one allocates only in `Homography.fit` and for a few nine-entry matrices.
public final class CameraMotionEstimator {
    /// Probes must move less than this (full-resolution pixels) for the frame to count as static.
    static let staticTolerancePx = 0.1
    static let minStaticProbes = 8
    /// A thumbnail sample "changed" when it differs by more than this many code values; a quarter changed ends the test.
    static let thumbnailChange: Float = 6
    static let maxChangedThumbnailFraction = 0.25
    /// RANSAC inlier distance, in level-0 samples (about a full-resolution pixel per `factor`).
    static let inlierThresholdPx = 1.0
    static let minInliers = 12
    /// Features moving less than this (level-0 samples) while the rest move are taken for overlays (`sceneFeatures`).
    static let frozenPx: Float = 0.02
    /// The overlay mask is ignored when it would drop more than this share of the tracked features (broadcast
    /// graphics hold about 45 % of them on the clips at hand).
    static let maxOverlayShare = 2.0 / 3
    /// F-test threshold for the homography's four parameters beyond the similarity's: far above F(4, ∞) at 1 % (3.3),
    /// because on real footage (lens distortion, parallax) the extra terms fit systematic misfit near the features
    /// and extrapolate it badly toward the corners. On the broadcast clips, two consecutive maps chained disagree
    /// with the two-frame map at the 720p frame's corners by 0.88 px (median) at 3.3, 0.35 px at 100 (as with the
    /// similarity alone), while a projective change as small as 1 px over the frame still passes.
    static let minExtraParameterGain = 100.0
    static let minInlierFraction = 0.4

    /// Inliers a fit over `count` features needs: `minInliers`, and `minInlierFraction` of them.
    static func inliersNeeded(of count: Int) -> Int {
        max(minInliers, Int((minInlierFraction * Double(count)).rounded(.up)))
    }
    /// Histogram L1 distance (0–2) beyond which a failed registration is a cut.
    static let cutHistogramDistance = 0.25

    private var current = LumaPyramid()
    private var previous = LumaPyramid()
    private var hasPrevious = false
    private let tracker = FeatureTracker()
    /// Each frame registered to a key frame as well (`KeyFrameAligner`): chained maps drift.
    private let keyFrames = KeyFrameAligner()
    /// Strong corners of the last registered frame (level-0 index coordinates), at most one per probe block.
    private var probes: [SIMD2<Float>] = []
    private var probeStrength: [Float] = []
    /// The last registration's shift at the image centre (level-0 samples, later minus earlier): the next guess.
    private var shiftGuess = SIMD2<Float>.zero
    /// Excluded boxes in level-0 index coordinates, grown by the tracking window, for this frame and the previous one.
    private var exclusions: [SIMD4<Float>] = []
    private var previousExclusions: [SIMD4<Float>] = []
    private var inliers: [Bool] = []
    private var residuals: [Double] = []
    private var moving: [TrackedFeature] = []
    private var outsideOverlays: [TrackedFeature] = []
    private var overlays = OverlayMask()
    private var fitFrom: [(x: Double, y: Double)] = []
    private var fitTo: [(x: Double, y: Double)] = []

    /// Probe blocks: 8 across, 3 down (2×3 tracker cells each).
    private static let probeColumns = 8
    private static let probeRows = 3

    public init() {
        probes.reserveCapacity(Self.probeColumns * Self.probeRows)
        probeStrength = [Float](repeating: 0, count: Self.probeColumns * Self.probeRows)
        let features = FeatureTracker.defaultGridColumns * FeatureTracker.defaultGridRows
        inliers.reserveCapacity(features)
        residuals.reserveCapacity(features)
        moving.reserveCapacity(features)
        outsideOverlays.reserveCapacity(features)
        fitFrom.reserveCapacity(features)
        fitTo.reserveCapacity(features)
    }

    /// Feeds the next frame, in order. `exclude` are full-resolution rectangles whose features must not be used
    /// (the tracked ball and the area around it: its own motion is not the camera's); they are kept for the next
    /// frame, whose features are picked in this one, and drop features that land in them now.
    public func next(_ frame: VideoFrame, exclude: [PixelRect] = []) -> FrameMotion {
        linkToKeyFrame(registerToPrevious(frame, exclude: exclude), frame: frame.index)
    }

    /// The first half of `next`: the frame's motion from the previous frame, without its key-frame link. The bench
    /// times the two halves apart; anything else calls `next`.
    public func registerToPrevious(_ frame: VideoFrame, exclude: [PixelRect] = []) -> FrameMotion {
        // The last frame's pyramid and exclusions become the previous ones; this frame's replace the older.
        swap(&current, &previous)
        swap(&exclusions, &previousExclusions)
        current.build(from: frame)
        setExclusions(exclude)
        let sameSize = hasPrevious && previous.sourceWidth == frame.width && previous.sourceHeight == frame.height
        let restarted = hasPrevious && !sameSize
        hasPrevious = true
        if sameSize { return staticMotion() ?? registeredMotion() }
        probes.removeAll(keepingCapacity: true)
        overlays.reset()
        shiftGuess = .zero
        return FrameMotion(toPrevious: nil, isStatic: false, inliers: 0, tracked: 0, isCut: restarted)
    }

    /// The second half of `next`: `motion` (what `registerToPrevious` just gave for frame `frame`) with the frame
    /// registered to its key frame (`KeyFrameAligner`).
    public func linkToKeyFrame(_ motion: FrameMotion, frame: Int) -> FrameMotion {
        var linked = motion
        let w = current.levels[0].width, h = current.levels[0].height
        linked.key = keyFrames.link(current, frame: frame, toPrevious: motion.toPrevious, isStatic: motion.isStatic,
                                    keep: { !overlays.covers($0, width: w, height: h) }, excluded: exclusions)
        return linked
    }

    /// Converts `rects` to level-0 index boxes grown by the tracking window plus one sample, into `exclusions`.
    private func setExclusions(_ rects: [PixelRect]) {
        exclusions.removeAll(keepingCapacity: true)
        let f = Float(current.factor), grow = Float(FeatureTracker.windowRadius + 1)
        for rect in rects {
            exclusions.append(SIMD4(Float(rect.x0) / f - 0.5 - grow, Float(rect.y0) / f - 0.5 - grow,
                                    Float(rect.x1) / f - 0.5 + grow, Float(rect.y1) / f - 0.5 + grow))
        }
    }

    // MARK: - Static test

    /// The identity when the thumbnails agree and the probes stayed put; nil to register the frame instead.
    private func staticMotion() -> FrameMotion? {
        guard probes.count >= Self.minStaticProbes, thumbnailsAgree() else { return nil }
        tracker.place(at: probes)
        tracker.track(from: previous, to: current, levels: 1, guess: .zero, droppingFoundIn: exclusions)
        let tolerance = Float(Self.staticTolerancePx) / Float(current.factor)
        var still = 0
        for feature in tracker.features {
            let moved = feature.to - feature.from
            if moved.x * moved.x + moved.y * moved.y <= tolerance * tolerance { still += 1 }
        }
        let tracked = tracker.features.count
        guard still >= Self.minStaticProbes, 4 * still >= 3 * tracked else { return nil }
        shiftGuess = .zero
        return FrameMotion(toPrevious: .identity, isStatic: true, inliers: still, tracked: tracked, isCut: false)
    }

    /// Whether at most `maxChangedThumbnailFraction` of the top-level samples differ by more than `thumbnailChange`.
    private func thumbnailsAgree() -> Bool {
        let now = current.levels[LumaPyramid.levelCount - 1], before = previous.levels[LumaPyramid.levelCount - 1]
        let count = now.width * now.height
        guard count > 0 else { return false }
        var changed = 0
        for k in 0..<count where abs(now.samples[k] - before.samples[k]) > Self.thumbnailChange { changed += 1 }
        return Double(changed) <= Self.maxChangedThumbnailFraction * Double(count)
    }

    // MARK: - Registration

    /// Corners of the previous frame followed into this one, a robust similarity, then a homography.
    private func registeredMotion() -> FrameMotion {
        tracker.selectCorners(in: previous.levels[0], excluding: previousExclusions)
        tracker.track(from: previous, to: current, levels: LumaPyramid.levelCount, guess: shiftGuess, droppingFoundIn: exclusions)
        let tracked = tracker.features.count, w = current.levels[0].width, h = current.levels[0].height
        outsideOverlays.removeAll(keepingCapacity: true)
        for feature in tracker.features where !overlays.covers(feature, width: w, height: h) { outsideOverlays.append(feature) }
        // Graphics never cover most of the picture: a mask that claims so has learned a moving object's background.
        let masked = Double(tracked - outsideOverlays.count) <= Self.maxOverlayShare * Double(tracked)
        let features = sceneFeatures(masked ? outsideOverlays : tracker.features)
        let needed = Self.inliersNeeded(of: features.count)
        guard let fit = MotionRansac.fit(features, thresholdPx: Self.inlierThresholdPx, inliers: &inliers, residuals: &residuals),
              fit.consensus >= needed
        else { return unregistered(tracked: tracked) }
        let best = bestMap(features, fit.similarity, consensus: fit.consensus)
        let map = Homography(best.matrix)
        overlays.learn(from: tracker.features, toEarlier: map, width: w, height: h, frozenPx: Self.frozenPx, inlierPx: Self.inlierThresholdPx)
        let centre = SIMD2(Double(w - 1), Double(h - 1)) / 2
        shiftGuess = .zero
        if let mapped = map.apply(centre.x, centre.y), abs(centre.x - mapped.x) < Double(w), abs(centre.y - mapped.y) < Double(h) {
            shiftGuess = SIMD2(Float(centre.x - mapped.x), Float(centre.y - mapped.y))
        }
        let full = current.fullResolution(best.matrix)
        let isStatic = full.keepsCorners(width: current.sourceWidth, height: current.sourceHeight, withinPx: Self.staticTolerancePx)
        chooseProbes(features, cameraMoved: !isStatic)
        // Within a tenth of a pixel of the identity, the map is the identity: chained frame after frame, such noise
        // moved a fixed camera's first-frame view by 1.2 px over 800 frames (multi-720p60), half a board at the pins.
        return FrameMotion(toPrevious: isStatic ? .identity : full, isStatic: isStatic, inliers: best.inliers, tracked: tracked, isCut: false)
    }

    /// The features that show the scene. Graphics laid over the picture (score boxes, logos, a replay panel) and
    /// blocks the encoder left untouched stay put to within `frozenPx` while the camera moves, and may hold half the
    /// features: a single fit over all of them then settles between the scene's motion and none when the motion is
    /// slow. So when the features that did move agree on a motion, with at least as many inliers as there are frozen
    /// features, the frozen ones are left out. A bowler walking through a fixed view, or the pinsetter's sweep coming
    /// down in front of the fixed pin camera, moves fewer features than stay put, and does not pass.
    private func sceneFeatures(_ all: [TrackedFeature]) -> [TrackedFeature] {
        moving.removeAll(keepingCapacity: true)
        for feature in all {
            let moved = feature.to - feature.from
            if moved.x * moved.x + moved.y * moved.y >= Self.frozenPx * Self.frozenPx { moving.append(feature) }
        }
        let frozen = all.count - moving.count
        guard frozen > 0, moving.count >= Self.minInliers,
              let agreeing = MotionRansac.fit(moving, thresholdPx: Self.inlierThresholdPx, inliers: &inliers, residuals: &residuals)?.consensus
        else { return all }
        guard agreeing >= Self.inliersNeeded(of: moving.count), agreeing >= frozen else { return all }
        return moving
    }

    /// `MotionRansac.bestMap` with this estimator's thresholds and buffers.
    private func bestMap(_ features: [TrackedFeature], _ similarity: Similarity, consensus: Int) -> (matrix: [Double], inliers: Int) {
        MotionRansac.bestMap(features, similarity, consensus: consensus, thresholdPx: Self.inlierThresholdPx, minGain: Self.minExtraParameterGain,
                             inliers: &inliers, from: &fitFrom, to: &fitTo)
    }

    private func unregistered(tracked: Int) -> FrameMotion {
        probes.removeAll(keepingCapacity: true)
        shiftGuess = .zero
        let isCut = current.histogramDistance(to: previous) > Self.cutHistogramDistance
        return FrameMotion(toPrevious: nil, isStatic: false, inliers: 0, tracked: tracked, isCut: isCut)
    }

    /// Keeps the strongest inlier of each probe block, at its position in this frame (the next one's previous).
    /// When the camera moved, inliers that stayed put are left out: on a slow move they may be graphics, which would
    /// later vouch for a static camera while the scene pans.
    private func chooseProbes(_ features: [TrackedFeature], cameraMoved: Bool) {
        let w = current.levels[0].width, h = current.levels[0].height
        for block in probeStrength.indices { probeStrength[block] = 0 }
        probes.removeAll(keepingCapacity: true)
        probes.append(contentsOf: repeatElement(SIMD2<Float>(-1, -1), count: probeStrength.count))
        for (k, feature) in features.enumerated() where inliers[k] {
            let moved = feature.to - feature.from
            guard !cameraMoved || moved.x * moved.x + moved.y * moved.y >= Self.frozenPx * Self.frozenPx else { continue }
            let column = min(Self.probeColumns - 1, Int(feature.to.x) * Self.probeColumns / w)
            let row = min(Self.probeRows - 1, Int(feature.to.y) * Self.probeRows / h)
            let block = row * Self.probeColumns + column
            guard feature.strength > probeStrength[block] else { continue }
            probeStrength[block] = feature.strength
            probes[block] = feature.to
        }
        probes.removeAll { $0.x < 0 }
    }
}
