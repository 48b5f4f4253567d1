/// A small copy of a frame's Y, U and V for whole-picture work that needs no detail (what changed since the
/// previous frame): one pixel per `factor`×`factor` block, sampled at the block's centre (luma as the mean of the
/// four pixels there, so single-pixel noise counts less). Reuses its buffers frame after frame.
struct WorkingImage {
    private(set) var width = 0
    private(set) var height = 0
    /// Full-resolution pixels per working pixel, across and down.
    private(set) var factor = 1
    private var y: [Float] = []
    private var u: [Float] = []
    private var v: [Float] = []

    /// Refills from `frame`, at about `targetWidth` pixels wide (never enlarged).
    mutating func fill(from frame: VideoFrame, width targetWidth: Int) {
        factor = max(1, frame.width / targetWidth)
        width = frame.width / factor
        height = frame.height / factor
        let count = width * height
        if y.count != count {
            y = [Float](repeating: 0, count: count)
            u = y
            v = y
        }
        let luma = frame.plane(0), lumaStride = frame.stride(0)
        let chromaU = frame.plane(1), chromaV = frame.plane(2), chromaStride = frame.stride(1)
        let half = factor / 2, next = factor > 1 ? 1 : 0
        for row in 0..<height {
            let top = luma + (row * factor + half - next) * lumaStride, bottom = luma + (row * factor + half) * lumaStride
            let chromaRow = ((row * factor + half) >> frame.chromaShiftY) * chromaStride
            for column in 0..<width {
                let x = column * factor + half
                let sum = Int(top[x - next]) + Int(top[x]) + Int(bottom[x - next]) + Int(bottom[x])
                y[row * width + column] = Float(sum) / 4
                u[row * width + column] = Float(chromaU[chromaRow + (x >> frame.chromaShiftX)])
                v[row * width + column] = Float(chromaV[chromaRow + (x >> frame.chromaShiftX)])
            }
        }
    }

    /// The working pixel at `column`, `row`.
    func pixel(_ column: Int, _ row: Int) -> YUVMean {
        let index = row * width + column
        return YUVMean(y: Double(y[index]), u: Double(u[index]), v: Double(v[index]))
    }

    /// Bilinear sample at continuous working coordinates (pixel centres at integers); nil outside the image.
    func sample(x: Double, y sampleY: Double) -> YUVMean? {
        guard x >= 0, sampleY >= 0, x <= Double(width - 1), sampleY <= Double(height - 1) else { return nil }
        let x0 = min(Int(x), max(0, width - 2)), y0 = min(Int(sampleY), max(0, height - 2))
        let fx = x - Double(x0), fy = sampleY - Double(y0)
        let x1 = min(x0 + 1, width - 1), y1 = min(y0 + 1, height - 1)
        func blend(_ plane: [Float]) -> Double {
            let top = Double(plane[y0 * width + x0]) * (1 - fx) + Double(plane[y0 * width + x1]) * fx
            let bottom = Double(plane[y1 * width + x0]) * (1 - fx) + Double(plane[y1 * width + x1]) * fx
            return top * (1 - fy) + bottom * fy
        }
        return YUVMean(y: blend(y), u: blend(u), v: blend(v))
    }
}
