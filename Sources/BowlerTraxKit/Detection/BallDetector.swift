import Glibc

/// A blob that may be the ball, in continuous pixel coordinates (pixel i covers [i, i+1)).
public struct BallCandidate: Sendable, Equatable {
    public var xPx: Double
    public var yPx: Double
    public var radiusPx: Double
    public var areaPx: Int
    /// Area over the fitted circle's area: about 1 for a ball, lower for rings and scraps.
    public var fill: Double
    public var markerAreaPx: Int
    /// How unlike a ball it is (0 is a perfect match); candidates come sorted by it.
    public var score: Double
    /// The calibration's radius for a ball centred here, which the centre was fitted with; nil without a calibration.
    /// `radiusPx` stays the outline's own, which tells how whole the outline was.
    public var expectedRadiusPx: Double? = nil
    /// The disc's mean colour, when the shape search (`DiscDetector`) found it: what the followed ball looks like now.
    public var inside: YUVMean? = nil
}

extension BallCandidate {
    /// A whole ball where only its circle is known (a seed's box, a shape-search match): no outline, no marker.
    init(discAtX x: Double, y: Double, radiusPx: Double) {
        self.init(xPx: x, yPx: y, radiusPx: radiusPx, areaPx: Int(Double.pi * radiusPx * radiusPx), fill: 1, markerAreaPx: 0, score: 0)
    }

    /// The disc the shape search found, with its colour.
    init(disc: DiscMatch) {
        self.init(discAtX: disc.xPx, y: disc.yPx, radiusPx: disc.radiusPx)
        inside = disc.inside
    }

    /// How far apart two candidates' centres are, in pixels.
    func distance(to other: BallCandidate) -> Double {
        ((xPx - other.xPx) * (xPx - other.xPx) + (yPx - other.yPx) * (yPx - other.yPx)).squareRoot()
    }
}

/// Tells the detector how big the ball should look where a blob is; Calibration provides it.
public protocol BallSizeModel: Sendable {
    /// Expected radius in pixels of a ball centred at this pixel, or nil if no ball on the lane can be there.
    func expectedRadiusPx(atX x: Double, y: Double) -> Double?
}

/// Finds ball-coloured, ball-shaped, ball-sized blobs in a frame.
public final class BallDetector {
    public let profile: BallProfile
    public let region: SearchRegion
    public let sizeModel: BallSizeModel?
    private let labeler = ComponentLabeler()
    private var background: BackgroundModel?
    private var table: ColorLookupTable?
    private var tableEncoding: YUVEncoding?

    /// Radius may stray this far from the calibration's expectation (ratio), covering ball sizes, shading and blur.
    static let radiusRatioRange = 0.6...1.5
    static let fillRange = 0.45...2.2

    public init(profile: BallProfile, region: SearchRegion, sizeModel: BallSizeModel?) {
        self.profile = profile
        self.region = region
        self.sizeModel = sizeModel
    }

    /// Where to look and what size to expect in a frame whose picture is not the one `region` and `sizeModel` were
    /// made for: a camera that pans and zooms after the ball (`ShotPipeline`), its lane and ball sizes carried into
    /// the frame's picture.
    public struct View {
        public let region: SearchRegion
        public let sizeModel: BallSizeModel?

        public init(region: SearchRegion, sizeModel: BallSizeModel?) {
            self.region = region
            self.sizeModel = sizeModel
        }
    }

    /// Candidates inside `window` (or the whole search region), best first; within `view` when given. The background
    /// learns the frame unless `learning` is false (a frame looked at again, out of order).
    public func detect(in frame: VideoFrame, window: PixelRect? = nil, view: View? = nil, learning: Bool = true) -> [BallCandidate] {
        let table = lookupTable(for: frame.encoding)
        let region = view?.region ?? region, sizeModel = view.map(\.sizeModel) ?? sizeModel
        let components = labeler.label(frame: frame, table: table, region: region, window: window, minAreaPx: 6)
        var candidates: [BallCandidate] = []
        for component in components {
            if let candidate = candidate(from: component, frame: frame, sizeModel: sizeModel) { candidates.append(candidate) }
        }
        if learning { updateBackground(with: frame, region: region, keepingOut: candidates) }
        return Self.withoutReflections(candidates).sorted { $0.score < $1.score }
    }

    /// The glossy lane mirrors the ball: a ball-like blob directly below another of about its size,
    /// one to three radii down, is that mirror image and not a second ball.
    static func withoutReflections(_ candidates: [BallCandidate]) -> [BallCandidate] {
        candidates.filter { lower in
            !candidates.contains { upper in
                let drop = lower.yPx - upper.yPx
                return abs(lower.xPx - upper.xPx) < 0.5 * upper.radiusPx && drop > 1.2 * upper.radiusPx && drop < 3 * upper.radiusPx
                    && (0.7...1.4).contains(lower.radiusPx / upper.radiusPx)
            }
        }
    }

    /// Learns the empty scene from this frame, leaving out everything that may be a ball.
    private func updateBackground(with frame: VideoFrame, region: SearchRegion, keepingOut candidates: [BallCandidate]) {
        let model = background ?? BackgroundModel(width: frame.width, height: frame.height)
        background = model
        let excluded = candidates.map { candidate in
            let reach = 2 * candidate.radiusPx + 3
            return PixelRect(x0: Int(candidate.xPx - reach), y0: Int(candidate.yPx - reach),
                             x1: Int(candidate.xPx + reach) + 1, y1: Int(candidate.yPx + 2 * reach) + 1)
        }
        model.update(with: frame, region: region, excluded: excluded)
    }

    private func lookupTable(for encoding: YUVEncoding) -> ColorLookupTable {
        if let table, tableEncoding == encoding { return table }
        let built = ColorLookupTable(profile: profile, encoding: encoding)
        table = built
        tableEncoding = encoding
        return built
    }

    private func candidate(from component: Component, frame: VideoFrame, sizeModel: BallSizeModel?) -> BallCandidate? {
        let bounds = component.bounds
        var rows = Array(repeating: (row: 0, start: Int.max, end: Int.min), count: bounds.y1 - bounds.y0)
        labeler.forEachRun(of: component.label) { row, start, end in
            let index = row - bounds.y0
            rows[index] = (row, min(rows[index].start, start), max(rows[index].end, end))
        }
        guard let outline = CircleFit(frame: frame, background: background).fitBlobOutline(rows: rows.filter { $0.start < $0.end }), outline.circle.radius >= 1.5 else { return nil }
        var circle = outline.circle
        let fill = Double(component.areaPx) / (Double.pi * circle.radius * circle.radius)
        guard Self.fillRange.contains(fill) else { return nil }
        let widthRatio = Double(bounds.x1 - bounds.x0) / (2 * circle.radius)
        guard (0.7...1.35).contains(widthRatio) else { return nil }
        var sizeMismatch = 0.0, expectedRadius: Double?
        if let sizeModel {
            guard let expected = sizeModel.expectedRadiusPx(atX: circle.centerX, y: circle.centerY) else { return nil }
            let ratio = circle.radius / expected
            guard Self.radiusRatioRange.contains(ratio) else { return nil }
            sizeMismatch = abs(log(ratio))
            expectedRadius = expected
            // Centre on the known size (measured radius kept: it tells how whole the outline was).
            let centred = CircleFit.centre(of: outline.points, radius: expected, start: circle)
            circle.centerX = centred.centerX
            circle.centerY = centred.centerY
        } else {
            guard circle.radius >= 3, circle.radius <= Double(min(frame.width, frame.height)) / 6 else { return nil }
        }
        return BallCandidate(xPx: circle.centerX, yPx: circle.centerY, radiusPx: circle.radius, areaPx: component.areaPx,
                             fill: fill, markerAreaPx: component.markerAreaPx,
                             score: sizeMismatch + abs(1 - min(fill, 1)) + abs(1 - widthRatio), expectedRadiusPx: expectedRadius)
    }
}
