import CFFmpeg

// MARK: - Frames made in memory (camera conversion, tests)

extension VideoFrame {
    /// A new 8-bit planar YUV frame with its own buffers (4:2:0 unless the shifts say otherwise), filled with `y, u, v`.
    public static func allocate(width: Int, height: Int, index: Int = 0, timeS: Double = 0, chromaShiftX: Int = 1, chromaShiftY: Int = 1,
                                encoding: YUVEncoding = YUVEncoding(matrix: .bt601, fullRange: false),
                                fill: (y: UInt8, u: UInt8, v: UInt8) = (16, 128, 128)) -> VideoFrame {
        precondition(width > 0 && height > 0, "a frame needs a size")
        guard let frame = av_frame_alloc() else { preconditionFailure("av_frame_alloc: out of memory") }
        frame.pointee.width = Int32(width)
        frame.pointee.height = Int32(height)
        let format: AVPixelFormat
        switch (chromaShiftX, chromaShiftY) {
        case (1, 1): format = AV_PIX_FMT_YUV420P
        case (1, 0): format = AV_PIX_FMT_YUV422P
        case (0, 1): format = AV_PIX_FMT_YUV440P
        case (0, 0): format = AV_PIX_FMT_YUV444P
        default: preconditionFailure("unsupported chroma subsampling \(chromaShiftX),\(chromaShiftY)")
        }
        frame.pointee.format = format.rawValue
        guard av_frame_get_buffer(frame, 0) >= 0 else { preconditionFailure("av_frame_get_buffer: out of memory") }
        let result = VideoFrame(owning: frame, index: index, timeS: timeS, chromaShiftX: chromaShiftX, chromaShiftY: chromaShiftY, encoding: encoding)
        for (plane, value) in [(0, fill.y), (1, fill.u), (2, fill.v)] {
            result.mutablePlane(plane).update(repeating: value, count: result.planeSize(plane).height * result.stride(plane))
        }
        return result
    }

    /// Writable base of a plane of a frame this process allocated (never of a decoder's shared frame).
    public func mutablePlane(_ index: Int) -> UnsafeMutablePointer<UInt8> {
        UnsafeMutablePointer(mutating: plane(index))
    }

    /// Sets the sample at (x, y) in full-resolution coordinates: luma there, chroma in its subsampled cell.
    public func setPixel(x: Int, y: Int, to yuv: (y: UInt8, u: UInt8, v: UInt8)) {
        mutablePlane(0)[y * stride(0) + x] = yuv.y
        mutablePlane(1)[(y >> chromaShiftY) * stride(1) + (x >> chromaShiftX)] = yuv.u
        mutablePlane(2)[(y >> chromaShiftY) * stride(2) + (x >> chromaShiftX)] = yuv.v
    }
}
