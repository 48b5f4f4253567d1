/// The still picture a calibration is made on: one frame of a video, a PNG/JPEG image (libavformat opens an
/// image as a one-frame video), or the per-pixel median of frames spread over a video.
public struct CalibrationFrame: Sendable {
    public let path: String
    public let image: RGBImage
    public var size: PixelSize { PixelSize(width: image.width, height: image.height) }

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

    /// The per-pixel median of `count` frames spread evenly over the video: whatever moves (the bowler, a ball)
    /// is gone from it as long as it covers a pixel in fewer than half of them.
    public init(path: String, medianOf count: Int) throws {
        precondition(count >= 1, "a median needs a frame")
        let decoder = try FrameDecoder(path: path)
        let total = decoder.frameCountEstimate ?? count
        let step = max(1, total / count)
        var images: [RGBImage] = []
        var index = 0
        while let frame = try decoder.nextFrame() {
            if index % step == step / 2 && images.count < count { images.append(RGBImage(frame: frame)) }
            index += 1
        }
        guard let first = images.first else { throw decoder.nothingDecoded }
        var median = first
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
    }
}
