/// Which cells of the feature grid show graphics laid over the picture (score boxes, logos, a side panel) rather
/// than the scene, learned from registrations: a cell whose feature stayed put on `evidenceNeeded` registrations
/// where the camera visibly moved there is an overlay, until its feature moves with the camera again (the graphic
/// went away). Broadcast bowling keeps such graphics over a third of the picture
/// or more, and in a fast zoom they can outnumber the scene's features that survive tracking.
struct OverlayMask {
    static let evidenceNeeded: UInt8 = 2
    /// Camera motion at a feature (level-0 samples) below which its staying put proves nothing.
    static let minCameraMotionPx = 0.5

    private var evidence = [UInt8](repeating: 0, count: FeatureTracker.defaultGridColumns * FeatureTracker.defaultGridRows)

    /// Whether `feature` (by its position in the earlier frame, on an image `width`×`height` samples) lies in an overlay cell.
    func covers(_ feature: TrackedFeature, width: Int, height: Int) -> Bool {
        evidence[Self.cell(of: feature.from, width: width, height: height)] >= Self.evidenceNeeded
    }

    /// Forgets everything (a new picture size).
    mutating func reset() {
        for cell in evidence.indices { evidence[cell] = 0 }
    }

    /// Updates the cells of `features` given the camera's map `toEarlier` (level-0 index coordinates, later to earlier):
    /// where the camera moved at least `minCameraMotionPx`, a feature that moved less than `frozenPx` adds evidence, and
    /// one that moved with the camera (to within `inlierPx`) clears its cell.
    mutating func learn(from features: [TrackedFeature], toEarlier: Homography, width: Int, height: Int, frozenPx: Float, inlierPx: Double) {
        for feature in features {
            guard let camera = toEarlier.apply(Double(feature.to.x), Double(feature.to.y)) else { continue }
            let cameraX = camera.x - Double(feature.to.x), cameraY = camera.y - Double(feature.to.y)
            guard cameraX * cameraX + cameraY * cameraY >= Self.minCameraMotionPx * Self.minCameraMotionPx else { continue }
            let cell = Self.cell(of: feature.from, width: width, height: height)
            let moved = feature.to - feature.from
            if moved.x * moved.x + moved.y * moved.y < frozenPx * frozenPx {
                evidence[cell] = min(evidence[cell], UInt8.max - 1) + 1
            } else {
                let missX = camera.x - Double(feature.from.x), missY = camera.y - Double(feature.from.y)
                if missX * missX + missY * missY < inlierPx * inlierPx { evidence[cell] = 0 }
            }
        }
    }

    /// The grid cell (as frame-to-frame registration's `FeatureTracker` lays it out) holding `point`.
    private static func cell(of point: SIMD2<Float>, width: Int, height: Int) -> Int {
        let column = min(FeatureTracker.defaultGridColumns - 1, max(0, Int(point.x) * FeatureTracker.defaultGridColumns / width))
        let row = min(FeatureTracker.defaultGridRows - 1, max(0, Int(point.y) * FeatureTracker.defaultGridRows / height))
        return row * FeatureTracker.defaultGridColumns + column
    }
}
