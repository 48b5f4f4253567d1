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
/// the identity (the motion estimator says so), so its chain costs a copy per frame. A class: the pipeline advances
/// it, the tracker reads it (`toFirstFrame`), both on the pipeline's queue.
public final class ReferenceChain {
    /// Frames whose views are kept: a minute at 60 fps, longer than any shot.
    static let keptFrames = 3600

    private var views = FrameLog<ReferenceView>()
    /// The last key frame's view (`KeyFrameLink`), kept while its frames refer to it however long ago it was.
    private var keyView: (frame: Int, view: ReferenceView)?

    public init() {}

    /// Takes the next frame, the map of its pixels to the previous frame's (nil: lost, this frame becomes the
    /// reference) and to its key frame, which is used instead when the key's view is known: chained maps drift,
    /// a key frame's do not (`KeyFrameAligner`); returns its view. A frame that starts a key (`key.frame` itself, or
    /// `startsKey`) becomes the key of the frames after it.
    @discardableResult
    public func advance(frame: Int, toPrevious: Homography?, key: KeyFrameLink? = nil) -> ReferenceView {
        let view: ReferenceView
        if let key, key.frame < frame, let keyView, keyView.frame == key.frame {
            view = ReferenceView(frame: keyView.view.frame, toReference: keyView.view.toReference.after(key.toKey))
        } else if let toPrevious, let last = views.last, last.frame == frame - 1 {
            view = ReferenceView(frame: last.value.frame, toReference: last.value.toReference.after(toPrevious))
        } else {
            view = ReferenceView(frame: frame, toReference: .identity)
        }
        if key?.frame == frame || key?.startsKey == true { keyView = (frame, view) }
        views.append(view, frame: frame)
        if views.count > 2 * Self.keptFrames { views.removeFirst(views.count - Self.keptFrames) }
        return view
    }

    /// The view of a frame passed to `advance` lately; nil for one never passed or long gone.
    public func view(ofFrame frame: Int) -> ReferenceView? { views[frame: frame] }

    /// Maps a frame's pixels into the video's first frame, the picture a calibration of footage that pans and zooms
    /// is made on (`calibrate --video` takes frame 0); nil where the camera's motion since then was lost (a cut, a
    /// frame that could not be registered) or the frame is long gone.
    public func toFirstFrame(ofFrame frame: Int) -> Homography? {
        view(ofFrame: frame).flatMap { $0.frame == 0 ? $0.toReference : nil }
    }
}

extension Homography {
    /// The map that applies `first`, then this one (this · first), scaled so its last entry is 1 where it can be: a
    /// long chain's entries stay of the same size.
    public func after(_ first: Homography) -> Homography {
        let product = Self.multiply(m, first.m)
        return Homography(abs(product[8]) > 1e-12 ? product.map { $0 / product[8] } : product)
    }
}
