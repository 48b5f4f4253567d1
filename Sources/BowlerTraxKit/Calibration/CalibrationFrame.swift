/// The still picture a calibration is made on: one frame of a video, a PNG/JPEG image (libavformat opens an
/// image as a one-frame video), or the per-pixel median of frames where a video's camera holds still.
public struct CalibrationFrame: Sendable {
    public let path: String
    public let image: RGBImage
    public var size: PixelSize { PixelSize(width: image.width, height: image.height) }
    /// The frames a median was taken of; nil for a single frame or picture.
    public private(set) var stretch: StillStretch?

    init(path: String, image: RGBImage) {
        self.path = path
        self.image = image
    }

    /// Decodes frames of `path` up to `index` (counted from 0) and keeps that one.
    public init(path: String, index: Int = 0) throws {
        precondition(index >= 0, "frame numbers count from 0")
        let decoder = try FrameDecoder(path: path, stillImages: true)
        var decoded = 0
        while let frame = try decoder.nextFrame() {
            if decoded == index {
                self.path = path
                image = RGBImage(frame: frame)
                return
            }
            decoded += 1
        }
        if decoded == 0 { throw decoder.nothingDecoded }
        throw CalibrationError.frameOutOfRange(path: path, frame: index, frames: decoded)
    }

    /// The per-pixel median of `count` frames spread evenly over the stretch at the video's start where the camera
    /// holds still (`StillStretch`; for a fixed camera the whole video): whatever moves (the bowler, a ball) is gone
    /// from it as long as it covers a pixel in fewer than half of them, and the picture is the first frame's view,
    /// where a calibration of footage that pans and zooms is measured. The first frame alone when the camera moves
    /// within `StillStretch.minFrames` frames.
    public init(path: String, medianOf count: Int) throws {
        let (stretch, images) = try StillStretch.read(path: path, keeping: count)
        var median = images[0]
        if images.count > 1 {
            var values = [UInt8](repeating: 0, count: images.count)
            for i in median.pixels.indices {
                for k in images.indices { values[k] = images[k].pixels[i] }
                values.sort()
                median.pixels[i] = values[values.count / 2]
            }
        }
        self.path = path
        image = median
        self.stretch = stretch
    }
}
