/// How much a YUV sample looks like the marker rather than the ball, as a soft weight 0...1.
///
/// A marker is a few pixels across, so video compression and 4:2:0 chroma smear its colour into the
/// ball's and an exact colour match (the lookup table) misses it most of the time. Instead a sample is
/// placed along the line from the ball's colour to the marker's, separately in luma and in chroma, and
/// counts in proportion once it is past a quarter of the way in both: the shading of the ball stays
/// near 0, and the specular highlight (brighter but not marker-coloured in chroma) gets no weight.
public struct MarkerColorAxis: Sendable {
    let ball: (y: Double, u: Double, v: Double)
    let marker: (y: Double, u: Double, v: Double)
    /// Fraction of the way from the ball to the marker colour where the weight starts, and where it reaches 1.
    static let ramp = (start: 0.25, full: 0.75)

    /// Nil when the profile names no marker colour, or the marker differs from the ball too little to tell apart.
    public init?(profile: BallProfile, encoding: YUVEncoding) {
        guard let ballColor = profile.colors.first, let markerColor = profile.markerColors.first else { return nil }
        ball = Self.yuv(ballColor, encoding: encoding)
        marker = Self.yuv(markerColor, encoding: encoding)
        let chroma = (marker.u - ball.u) * (marker.u - ball.u) + (marker.v - ball.v) * (marker.v - ball.v)
        guard abs(marker.y - ball.y) >= 8 || chroma >= 64 else { return nil }
    }

    /// Marker weight of one sample.
    @inline(__always)
    public func weight(y: UInt8, u: UInt8, v: UInt8) -> Double {
        let du = marker.u - ball.u, dv = marker.v - ball.v, dy = marker.y - ball.y
        let chromaSpan = du * du + dv * dv
        // A marker of the ball's own hue (only lighter or darker) is told by luma alone, and vice versa.
        let chroma = chromaSpan >= 64 ? ((Double(u) - ball.u) * du + (Double(v) - ball.v) * dv) / chromaSpan : 1
        let luma = abs(dy) >= 8 ? (Double(y) - ball.y) / dy : 1
        return Self.ramped(chroma) * Self.ramped(luma)
    }

    private static func ramped(_ t: Double) -> Double {
        min(1, max(0, (t - ramp.start) / (ramp.full - ramp.start)))
    }

    /// 8-bit Y, U, V of an HSV colour in `encoding` (the inverse of `ColorLookupTable.rgb`).
    static func yuv(_ color: HSVColor, encoding: YUVEncoding) -> (y: Double, u: Double, v: Double) {
        let (red, green, blue) = color.rgb
        let (kr, kb) = encoding.matrix == .bt709 ? (0.2126, 0.0722) : (0.299, 0.114)
        let luma = kr * red + (1 - kr - kb) * green + kb * blue
        let pb = (blue - luma) / (2 * (1 - kb)), pr = (red - luma) / (2 * (1 - kr))
        if encoding.fullRange { return (255 * luma, 128 + 255 * pb, 128 + 255 * pr) }
        return (16 + 219 * luma, 128 + 224 * pb, 128 + 224 * pr)
    }
}
