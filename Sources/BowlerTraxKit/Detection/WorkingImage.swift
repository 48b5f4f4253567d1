/// A small copy of a frame's Y, U and V for whole-picture work that needs no detail (what changed since the
/// previous frame): one pixel per `factor`×`factor` block, sampled at the block's centre (luma as the mean of the
/// four pixels there, so single-pixel noise counts less). Reuses its buffers frame after frame.
///
/// Layout: one `Pixel` (Y, U, V and an unused lane, in one SIMD register) per working pixel, `width` per row, so a
/// comparison or a bilinear sample works on all three planes at once.
struct WorkingImage {
    typealias Pixel = SIMD4<Float>

    private(set) var width = 0
    private(set) var height = 0
    /// Full-resolution pixels per working pixel, across and down.
    private(set) var factor = 1
    private(set) var pixels: [Pixel] = []

    /// `YUVMean.squaredDistance`'s weights, lane by lane.
    static let distanceWeights = Pixel(1, Float(YUVMean.chromaWeight), Float(YUVMean.chromaWeight), 0)

    /// `YUVMean.squaredDistance` between two working pixels.
    @inline(__always)
    static func squaredDistance(_ a: Pixel, _ b: Pixel) -> Float {
        let d = a - b
        return (d * d * distanceWeights).sum()
    }

    /// Refills from `frame`, at about `targetWidth` pixels wide (never enlarged).
    mutating func fill(from frame: VideoFrame, width targetWidth: Int) {
        factor = max(1, frame.width / targetWidth)
        width = frame.width / factor
        height = frame.height / factor
        if pixels.count != width * height { pixels = [Pixel](repeating: .zero, count: width * height) }
        let luma = frame.plane(0), lumaStride = frame.stride(0)
        let chromaU = frame.plane(1), chromaV = frame.plane(2), chromaStride = frame.stride(1)
        let half = factor / 2, next = factor > 1 ? 1 : 0, width = width, factor = factor, shiftX = frame.chromaShiftX
        pixels.withUnsafeMutableBufferPointer { pixels in
            guard let out = pixels.baseAddress else { return }
            for row in 0..<height {
                let bottom = luma + (row * factor + half) * lumaStride + half, top = bottom - next * lumaStride
                let chromaRow = ((row * factor + half) >> frame.chromaShiftY) * chromaStride
                let u = chromaU + chromaRow, v = chromaV + chromaRow, target = out + row * width
                for column in 0..<width {
                    let x = column * factor, chroma = (x + half) >> shiftX
                    let sum = UInt16(top[x - next]) &+ UInt16(top[x]) &+ UInt16(bottom[x - next]) &+ UInt16(bottom[x])
                    target[column] = Pixel(Float(sum) * 0.25, Float(u[chroma]), Float(v[chroma]), 0)
                }
            }
        }
    }

    /// The working pixel at `column`, `row`.
    func pixel(_ column: Int, _ row: Int) -> Pixel { pixels[row * width + column] }

    /// Bilinear sample at continuous working coordinates (pixel centres at integers); nil outside the image.
    /// `pixels` is the image's own buffer (`withUnsafeBufferPointer`), so a loop over every pixel checks no bounds.
    @inline(__always)
    func sample(x: Double, y: Double, in pixels: UnsafeBufferPointer<Pixel>) -> Pixel? {
        guard x >= 0, y >= 0, x <= Double(width - 1), y <= Double(height - 1) else { return nil }
        let x0 = min(Int(x), max(0, width - 2)), y0 = min(Int(y), max(0, height - 2))
        let fx = Float(x - Double(x0)), fy = Float(y - Double(y0))
        let x1 = min(x0 + 1, width - 1), y1 = min(y0 + 1, height - 1)
        let top = pixels[y0 * width + x0] + (pixels[y0 * width + x1] - pixels[y0 * width + x0]) * fx
        let bottom = pixels[y1 * width + x0] + (pixels[y1 * width + x1] - pixels[y1 * width + x0]) * fx
        return top + (bottom - top) * fy
    }
}
