/// A slowly updated picture of the empty scene's luma, so the ball's outline can be found as the
/// boundary of what differs from it: the pins, board seams and arrows behind the ball then leave no
/// edges of their own.
///
/// Layout: one byte per pixel, `width` per row, no padding. Each frame, every pixel of the search
/// region outside the excluded rectangles (where a ball is) moves an eighth of the way toward the
/// frame's luma (an exponential average over about 8 frames), so the bowler walking off and light
/// changes fade in within a fraction of a second while a rolling ball, always excluded, never does.
public final class BackgroundModel {
    public let width: Int
    public let height: Int
    /// Owned by the model (freed in `deinit`). A constant pointer rather than an array property: the outline fits
    /// read it pixel by pixel, and each read of a class's `var` would be checked for exclusive access at run time.
    let luma: UnsafeMutableBufferPointer<UInt8>
    private var initialized = false

    /// Pixels blended at once: one SSE2 register of bytes, which every x86-64 and ARM64 CPU has.
    typealias Pixels = SIMD16<UInt8>

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
        luma = .allocate(capacity: width * height)
        luma.initialize(repeating: 0)
    }

    deinit { luma.deallocate() }

    /// Blends `frame` into the model inside `region`, except inside `excluded`; the first frame is copied whole.
    public func update(with frame: VideoFrame, region: SearchRegion, excluded: [PixelRect]) {
        precondition(frame.width == width && frame.height == height, "background \(width)x\(height) for a \(frame.size) frame")
        let plane = frame.plane(0), stride = frame.stride(0)
        let copy = !initialized
        initialized = true
        let rects = excluded.sorted { $0.x0 < $1.x0 }
        guard let base = luma.baseAddress else { return }
        for row in 0..<height {
            let span = region.spans[row]
            guard span.start < span.end else { continue }
            let source = plane + row * stride, target = base + row * width
            var x = span.start
            for rect in rects where row >= rect.y0 && row < rect.y1 {
                Self.blend(source, into: target, from: x, to: min(rect.x0, span.end), copy: copy)
                x = max(x, rect.x1)
            }
            Self.blend(source, into: target, from: x, to: span.end, copy: copy)
        }
    }

    /// target[x] moves 1/8 of the way to source[x] for x in [from, to) (see `step`), 16 pixels at a time.
    @inline(__always)
    private static func blend(_ source: UnsafePointer<UInt8>, into target: UnsafeMutablePointer<UInt8>, from: Int, to: Int, copy: Bool) {
        guard from < to else { return }
        if copy {
            (target + from).update(from: source + from, count: to - from)
            return
        }
        var x = from
        let lastFull = to - Pixels.scalarCount
        while x <= lastFull {
            let value = UnsafeRawPointer(source + x).loadUnaligned(as: Pixels.self)
            let old = UnsafeRawPointer(target + x).loadUnaligned(as: Pixels.self)
            UnsafeMutableRawPointer(target + x).storeBytes(of: step(old, toward: value), as: Pixels.self)
            x += Pixels.scalarCount
        }
        guard x < to else { return }
        if lastFull >= 0 {
            // The last few pixels: the 16 ending at `to` go through the step, and the lanes before x (blended
            // above, or not to be blended) are written back as they are, so each pixel moves once.
            let value = UnsafeRawPointer(source + lastFull).loadUnaligned(as: Pixels.self)
            let old = UnsafeRawPointer(target + lastFull).loadUnaligned(as: Pixels.self)
            let fresh = laneIndices .>= Pixels(repeating: UInt8(x - lastFull))
            UnsafeMutableRawPointer(target + lastFull).storeBytes(of: old.replacing(with: step(old, toward: value), where: fresh),
                                                                   as: Pixels.self)
            return
        }
        // A span ending within the row's first 16 pixels: through a partly filled register.
        var value = Pixels(), old = Pixels()
        for lane in 0..<(to - x) {
            value[lane] = source[x + lane]
            old[lane] = target[x + lane]
        }
        let new = step(old, toward: value)
        for lane in 0..<(to - x) { target[x + lane] = new[lane] }
    }

    private static let laneIndices = Pixels(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)

    /// One blend step per lane, in bytes: upward by ceil(d/8), downward by floor(d/8) (d = |value - old|),
    /// i.e. old + (value - old + (value > old ? 7 : 0)) / 8 with division truncating toward zero.
    /// The rise and the fall are each 0 where the other applies, so neither sum leaves a byte's range
    /// (old + ceil(d/8) <= value, old - floor(d/8) >= value); ceil(d/8) is floor(d/8) + (d mod 8 > 0).
    @inline(__always)
    static func step(_ old: Pixels, toward value: Pixels) -> Pixels {
        // Selects of a comparison, which compile to byte max and min (the stdlib's pointwiseMin/Max are calls).
        let rise = value.replacing(with: old, where: old .> value) &- old
        let fall = old &- value.replacing(with: old, where: old .< value)
        let remainder = rise & 7, one = Pixels(repeating: 1)
        return old &+ (rise &>> 3) &+ remainder.replacing(with: one, where: remainder .> one) &- (fall &>> 3)
    }

    /// How far the frame's luma at (x, y) is from the empty scene.
    @inline(__always)
    func difference(_ frame: UnsafePointer<UInt8>, stride: Int, x: Int, y: Int) -> Int {
        abs(Int(frame[y * stride + x]) - Int(luma[y * width + x]))
    }
}
