import CV4L2
import Glibc

/// The camera pixel formats BowlerTrax reads.
public enum CameraPixelFormat: String, Sendable, CaseIterable {
    /// Motion JPEG: each buffer one JPEG image, decoded with libavcodec.
    case mjpeg = "MJPEG"
    /// Packed 4:2:2, bytes Y0 U Y1 V, converted to planar YUV.
    case yuyv = "YUYV"

    var fourcc: UInt32 {
        switch self {
        case .mjpeg: return CV4L2_PIX_FMT_MJPEG
        case .yuyv: return CV4L2_PIX_FMT_YUYV
        }
    }
}

/// The mode a camera was set to: what its buffers will hold.
public struct CameraMode: Sendable, Equatable, CustomStringConvertible {
    public var pixelFormat: CameraPixelFormat
    public var size: PixelSize
    public var fps: Double
    /// Bytes from one row to the next in a YUYV buffer.
    public var bytesPerLine: Int
    /// How the camera encodes its YUV samples (from the driver's colorspace and quantization).
    public var encoding: YUVEncoding

    public var description: String { "\(pixelFormat.rawValue) \(size) at \(Self.rate(fps)) fps" }

    static func rate(_ fps: Double) -> String {
        fps == fps.rounded() ? String(Int(fps)) : String(fps, decimals: 2)
    }
}

/// One size a camera offers in one pixel format, with its frame rates (empty when the driver does not list them).
struct OfferedMode {
    var fourcc: UInt32
    var size: PixelSize
    var fps: [Double]

    var description: String {
        let name = CameraPixelFormat.allCases.first { $0.fourcc == fourcc }?.rawValue ?? Self.fourccText(fourcc)
        return fps.isEmpty ? "\(name) \(size)" : "\(name) \(size) at \(fps.map(CameraMode.rate).joined(separator: "/")) fps"
    }

    static func fourccText(_ code: UInt32) -> String {
        String(decoding: (0..<4).map { UInt8((code >> (8 * $0)) & 0xFF) }, as: UTF8.self)
    }
}

// MARK: - Negotiation

extension V4L2Device {
    /// Sets the camera to `size` at `fps` in YUYV (no decoding needed) if it offers that, else MJPEG.
    /// Throws `formatNotOffered`, listing every mode the camera has, when neither fits.
    /// Wraps VIDIOC_ENUM_FMT/FRAMESIZES/FRAMEINTERVALS, VIDIOC_S_FMT and VIDIOC_S_PARM.
    public func configure(size: PixelSize, fps: Double) throws -> CameraMode {
        let offered = try offeredModes()
        let wanted = "MJPEG or YUYV \(size) at \(CameraMode.rate(fps)) fps"
        let fits = { (format: CameraPixelFormat) in
            offered.contains { $0.fourcc == format.fourcc && $0.size == size && ($0.fps.isEmpty || $0.fps.contains { abs($0 - fps) < 0.5 }) }
        }
        guard let pixelFormat = [CameraPixelFormat.yuyv, .mjpeg].first(where: fits) else {
            throw FrameSourceError.formatNotOffered(path: path, wanted: wanted, offered: offered.map(\.description))
        }
        var format = v4l2_format()
        format.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        format.fmt.pix.width = UInt32(size.width)
        format.fmt.pix.height = UInt32(size.height)
        format.fmt.pix.pixelformat = pixelFormat.fourcc
        format.fmt.pix.field = V4L2_FIELD_NONE.rawValue
        try control("VIDIOC_S_FMT", CV4L2_VIDIOC_S_FMT, &format)
        // The driver answers with what it really set, which may differ from what was asked.
        let setSize = PixelSize(width: Int(format.fmt.pix.width), height: Int(format.fmt.pix.height))
        guard setSize == size, format.fmt.pix.pixelformat == pixelFormat.fourcc else {
            throw FrameSourceError.formatNotOffered(path: path, wanted: wanted, offered: offered.map(\.description))
        }
        let actualFps = try setFrameRate(fps)
        guard abs(actualFps - fps) < 0.5 else {
            throw FrameSourceError.formatNotOffered(path: path, wanted: wanted, offered: offered.map(\.description))
        }
        let bytesPerLine = max(Int(format.fmt.pix.bytesperline), size.width * 2)
        return CameraMode(pixelFormat: pixelFormat, size: size, fps: actualFps, bytesPerLine: bytesPerLine,
                          encoding: Self.encoding(format.fmt.pix, pixelFormat: pixelFormat, size: size))
    }

    /// Every size and rate the camera lists, in every pixel format.
    func offeredModes() throws -> [OfferedMode] {
        var modes: [OfferedMode] = []
        for formatIndex in 0... {
            var description = v4l2_fmtdesc()
            description.index = UInt32(formatIndex)
            description.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
            // EINVAL ends every V4L2 enumeration.
            guard try control("VIDIOC_ENUM_FMT", CV4L2_VIDIOC_ENUM_FMT, &description, tolerating: EINVAL) != nil else { break }
            for sizeIndex in 0... {
                var frameSize = v4l2_frmsizeenum()
                frameSize.index = UInt32(sizeIndex)
                frameSize.pixel_format = description.pixelformat
                guard try control("VIDIOC_ENUM_FRAMESIZES", CV4L2_VIDIOC_ENUM_FRAMESIZES, &frameSize, tolerating: EINVAL) != nil else { break }
                // Stepwise and continuous sizes are listed by their largest size.
                let size = frameSize.type == V4L2_FRMSIZE_TYPE_DISCRETE.rawValue
                    ? PixelSize(width: Int(frameSize.discrete.width), height: Int(frameSize.discrete.height))
                    : PixelSize(width: Int(frameSize.stepwise.max_width), height: Int(frameSize.stepwise.max_height))
                modes.append(OfferedMode(fourcc: description.pixelformat, size: size, fps: try frameRates(description.pixelformat, size)))
                if frameSize.type != V4L2_FRMSIZE_TYPE_DISCRETE.rawValue { break }
            }
        }
        return modes
    }

    private func frameRates(_ fourcc: UInt32, _ size: PixelSize) throws -> [Double] {
        var rates: [Double] = []
        for index in 0... {
            var interval = v4l2_frmivalenum()
            interval.index = UInt32(index)
            interval.pixel_format = fourcc
            interval.width = UInt32(size.width)
            interval.height = UInt32(size.height)
            guard try control("VIDIOC_ENUM_FRAMEINTERVALS", CV4L2_VIDIOC_ENUM_FRAMEINTERVALS, &interval, tolerating: EINVAL) != nil,
                  interval.type == V4L2_FRMIVAL_TYPE_DISCRETE.rawValue else { break }
            if interval.discrete.numerator > 0 { rates.append(Double(interval.discrete.denominator) / Double(interval.discrete.numerator)) }
        }
        return rates
    }

    /// Asks for `fps` and returns the rate the driver set. Wraps VIDIOC_S_PARM.
    private func setFrameRate(_ fps: Double) throws -> Double {
        var parameters = v4l2_streamparm()
        parameters.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        // A frame interval of 1000/(fps*1000) s keeps fractional rates such as 29.97.
        parameters.parm.capture.timeperframe = v4l2_fract(numerator: 1000, denominator: UInt32((fps * 1000).rounded()))
        try control("VIDIOC_S_PARM", CV4L2_VIDIOC_S_PARM, &parameters)
        let set = parameters.parm.capture.timeperframe
        guard set.numerator > 0, set.denominator > 0 else { return fps }
        return Double(set.denominator) / Double(set.numerator)
    }

    /// The driver's colorspace and quantization as a `YUVEncoding`; defaults per V4L2's rules
    /// (JPEG: full-range BT.601; YUYV: limited range, BT.709 from 720 lines up).
    static func encoding(_ format: v4l2_pix_format, pixelFormat: CameraPixelFormat, size: PixelSize) -> YUVEncoding {
        let colorspace = format.colorspace
        let matrix: YUVEncoding.Matrix
        if colorspace == V4L2_COLORSPACE_REC709.rawValue {
            matrix = .bt709
        } else if colorspace == V4L2_COLORSPACE_SMPTE170M.rawValue || colorspace == V4L2_COLORSPACE_JPEG.rawValue || colorspace == V4L2_COLORSPACE_SRGB.rawValue {
            matrix = .bt601
        } else {
            matrix = pixelFormat == .mjpeg || size.height < 720 ? .bt601 : .bt709
        }
        let fullRange: Bool
        if format.quantization == V4L2_QUANTIZATION_FULL_RANGE.rawValue {
            fullRange = true
        } else if format.quantization == V4L2_QUANTIZATION_LIM_RANGE.rawValue {
            fullRange = false
        } else {
            fullRange = pixelFormat == .mjpeg || colorspace == V4L2_COLORSPACE_JPEG.rawValue
        }
        return YUVEncoding(matrix: matrix, fullRange: fullRange)
    }
}
