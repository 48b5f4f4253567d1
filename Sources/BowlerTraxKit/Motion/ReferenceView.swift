/// Where a frame's pixels lie in a reference view: the first frame since the camera's motion was last lost (a cut, a
/// frame that could not be registered) or since the video began. A ball's path on footage that pans and zooms is one
/// path there, and a calibration made in that view measures every frame of it.
public struct ReferenceView: Sendable, Equatable {
    /// The reference frame's index.
    public var frame: Int
    /// Maps this frame's pixels to the reference frame's.
    public var toReference: Homography

    public init(frame: Int, toReference: Homography) {
        self.frame = frame
        self.toReference = toReference
    }
}

/// Chains the camera's motion frame by frame into each frame's `ReferenceView`, and keeps the last ones so that a
/// shot's sightings, made over the seconds before it ends, can be placed in it. A fixed camera's maps are exactly
/// the identity (the motion estimator says so), so its chain costs a copy per frame.
public struct ReferenceChain: Sendable {
    /// Frames whose views are kept: a minute at 60 fps, longer than any shot.
    static let keptFrames = 3600

    private var views = FrameLog<ReferenceView>()
    private static let identity = Homography([1, 0, 0, 0, 1, 0, 0, 0, 1])

    public init() {}

    /// Takes the next frame and the map of its pixels to the previous frame's (nil: lost, this frame becomes the
    /// reference); returns its view.
    @discardableResult
    public mutating func advance(frame: Int, toPrevious: Homography?) -> ReferenceView {
        let view: ReferenceView
        if let toPrevious, let last = views.last, last.frame == frame - 1 {
            view = ReferenceView(frame: last.value.frame, toReference: last.value.toReference.after(toPrevious))
        } else {
            view = ReferenceView(frame: frame, toReference: Self.identity)
        }
        views.append(view, frame: frame)
        if views.count > 2 * Self.keptFrames { views.removeFirst(views.count - Self.keptFrames) }
        return view
    }

    /// The view of a frame passed to `advance` lately; nil for one never passed or long gone.
    public func view(ofFrame frame: Int) -> ReferenceView? { views[frame: frame] }
}

extension Homography {
    /// The map that applies `first`, then this one (this · first), scaled so its last entry is 1 where it can be: a
    /// long chain's entries stay of the same size.
    public func after(_ first: Homography) -> Homography {
        let product = Self.multiply(m, first.m)
        return Homography(abs(product[8]) > 1e-12 ? product.map { $0 / product[8] } : product)
    }
}
