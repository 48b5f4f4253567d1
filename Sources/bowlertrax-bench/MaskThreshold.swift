import BowlerTraxKit

/// The threshold step alone: one colour-table read per searched pixel, written to a byte mask.
///
/// The library fuses this read into ComponentLabeler's run scan (no mask is ever written); the bench
/// times it apart to show what share of the components stage the table read is.
/// Mask layout: one byte per pixel, row-major, stride = width, values 0 or ColorLookupTable bits.
struct MaskThreshold {
    private(set) var mask: [UInt8]
    let width: Int

    init(width: Int, height: Int) {
        self.width = width
        mask = [UInt8](repeating: 0, count: width * height)
    }

    mutating func apply(_ table: ColorLookupTable, to frame: VideoFrame, region: SearchRegion, window: PixelRect?) {
        precondition(frame.width == width && region.height == frame.height, "mask, region and frame sizes differ")
        let yPlane = frame.plane(0), uPlane = frame.plane(1), vPlane = frame.plane(2)
        let yStride = frame.stride(0), uStride = frame.stride(1), vStride = frame.stride(2)
        let shiftX = frame.chromaShiftX, shiftY = frame.chromaShiftY
        let rowStart = max(0, window?.y0 ?? 0), rowEnd = min(frame.height, window?.y1 ?? frame.height)
        guard rowStart < rowEnd else { return }
        let width = self.width
        table.entries.withUnsafeBufferPointer { lut in
            mask.withUnsafeMutableBufferPointer { mask in
                for row in rowStart..<rowEnd {
                    let span = region.spans[row]
                    let x0 = max(span.start, window?.x0 ?? 0), x1 = min(span.end, window?.x1 ?? frame.width)
                    guard x0 < x1 else { continue }
                    let yRow = yPlane + row * yStride, maskRow = row * width
                    let uRow = uPlane + (row >> shiftY) * uStride, vRow = vPlane + (row >> shiftY) * vStride
                    for x in x0..<x1 {
                        mask[maskRow + x] = lut[ColorLookupTable.index(y: yRow[x], u: uRow[x >> shiftX], v: vRow[x >> shiftX])]
                    }
                }
            }
        }
    }
}
