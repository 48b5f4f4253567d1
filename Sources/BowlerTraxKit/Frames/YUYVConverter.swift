/// Unpacks a camera's YUYV 4:2:2 buffer into a planar YUV 4:2:0 `VideoFrame`, without any RGB step.
///
/// Source layout: rows of `bytesPerLine` bytes, top row first; each 4 bytes `Y0 U Y1 V` cover two pixels.
/// Output chroma is the rounded mean of the two source rows it covers (both rows of a 2×2 block),
/// so a 4:2:0 picture stored as 4:2:2 by doubling its chroma rows comes back bit for bit.
public enum YUYVConverter {
    public static func frame(from bytes: UnsafeRawBufferPointer, size: PixelSize, bytesPerLine: Int, encoding: YUVEncoding,
                             index: Int, timeS: Double) throws -> VideoFrame {
        let width = size.width
        let height = size.height
        guard width % 2 == 0, height % 2 == 0, bytesPerLine >= width * 2, bytes.count >= bytesPerLine * (height - 1) + width * 2,
              let source = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else {
            throw FrameSourceError.conversionFailed(reason: "YUYV buffer of \(bytes.count) bytes is too small for \(size)")
        }
        let frame = VideoFrame.allocate(width: width, height: height, index: index, timeS: timeS, encoding: encoding)
        let luma = frame.mutablePlane(0), blue = frame.mutablePlane(1), red = frame.mutablePlane(2)
        let lumaStride = frame.stride(0), blueStride = frame.stride(1), redStride = frame.stride(2)
        for pairRow in 0..<(height / 2) {
            let top = source + 2 * pairRow * bytesPerLine
            let bottom = top + bytesPerLine
            let lumaTop = luma + 2 * pairRow * lumaStride
            let lumaBottom = lumaTop + lumaStride
            let blueRow = blue + pairRow * blueStride
            let redRow = red + pairRow * redStride
            for pair in 0..<(width / 2) {
                let offset = 4 * pair
                lumaTop[2 * pair] = top[offset]
                lumaTop[2 * pair + 1] = top[offset + 2]
                lumaBottom[2 * pair] = bottom[offset]
                lumaBottom[2 * pair + 1] = bottom[offset + 2]
                blueRow[pair] = UInt8((UInt16(top[offset + 1]) + UInt16(bottom[offset + 1]) + 1) >> 1)
                redRow[pair] = UInt8((UInt16(top[offset + 3]) + UInt16(bottom[offset + 3]) + 1) >> 1)
            }
        }
        return frame
    }
}
