import Dispatch

// MARK: - A picture from the camera

extension CalibrationFrame {
    /// The `skip + 1`-th frame the camera delivers at `size` and `fps` (the first ones are often
    /// dark or blurred while the camera settles its exposure).
    public init(devicePath: String, size: PixelSize, fps: Double, skip: Int = 10) throws {
        let capture = try CameraCapture(devicePath: devicePath, size: size, fps: fps, bufferCount: 4)
        let done = DispatchSemaphore(value: 0)
        let grab = CameraGrab(skip: skip)
        capture.start(onFrame: { frame in
            if grab.take(frame) { capture.stop() }
        }, onEnd: { error in
            grab.finish(error)
            done.signal()
        })
        done.wait()
        if let image = grab.image {
            self.init(path: devicePath, image: image)
        } else {
            throw grab.error ?? FrameSourceError.noFrames(path: devicePath)
        }
    }
}

/// The frame kept from the capture thread; read once the capture has ended.
private final class CameraGrab: @unchecked Sendable {
    private let lock = Lock()
    private var remaining: Int
    private(set) var image: RGBImage?
    private(set) var error: Error?

    init(skip: Int) { remaining = skip }

    /// Keeps the frame once `skip` have gone by; true when it has one.
    func take(_ frame: VideoFrame) -> Bool {
        lock.withLock {
            guard image == nil else { return true }
            if remaining > 0 { remaining -= 1; return false }
            image = RGBImage(frame: frame)
            return true
        }
    }

    func finish(_ error: Error?) { lock.withLock { self.error = error } }
}
