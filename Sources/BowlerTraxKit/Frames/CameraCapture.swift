import Foundation

/// Counters of a running capture, read from any thread.
public struct CaptureStatistics: Sendable {
    /// Frames dequeued from the driver.
    public var framesCaptured = 0
    /// Frames the driver itself dropped (gaps in its sequence numbers: no buffer was free).
    public var driverDrops = 0
    /// Camera time of the latest frame, seconds from the first.
    public var lastTimeS = 0.0
}

/// Reads a V4L2 camera on its own thread and hands on every frame as planar YUV, with the driver's
/// timestamps as frame times and its sequence numbers as frame indices (both counted from the first frame).
///
/// Capture never waits for the consumer: `onFrame` must return at once (push into a `FrameQueue`).
public final class CameraCapture: @unchecked Sendable {
    public let device: V4L2Device
    public let mode: CameraMode
    public let bufferCount: Int
    private let decoder: MJPEGDecoder?
    private let recorder: CameraRecorder?
    private let lock = NSLock()
    private var stopRequested = false
    private var statistics = CaptureStatistics()
    private var firstSequence: UInt32?
    private var firstTimestampS = 0.0

    /// Opens the camera and sets its mode; `recordPath` keeps every raw buffer in a video file.
    /// 32 buffers (the most uvcvideo gives) let the capture thread stall for half a second at 60 fps before the driver drops a frame.
    public init(devicePath: String, size: PixelSize, fps: Double, bufferCount: Int = 32, recordPath: String? = nil) throws {
        let device = try V4L2Device(path: devicePath)
        let mode = try device.configure(size: size, fps: fps)
        self.device = device
        self.mode = mode
        self.bufferCount = bufferCount
        decoder = mode.pixelFormat == .mjpeg ? try MJPEGDecoder(size: mode.size) : nil
        recorder = try recordPath.map { try CameraRecorder(path: $0, mode: mode) }
    }

    public var stats: CaptureStatistics { lock.withLock { statistics } }

    /// Starts the capture thread. `onEnd` runs on it once capture has stopped: nil after `stop()`,
    /// else the error that ended it (an unplugged camera). Both callbacks run on the capture thread.
    public func start(onFrame: @escaping @Sendable (VideoFrame) -> Void, onEnd: @escaping @Sendable (Error?) -> Void) {
        let thread = Thread { [self] in
            var failure: Error?
            do {
                try device.startStreaming(bufferCount: bufferCount)
                while !lock.withLock({ stopRequested }) {
                    if let frame = try nextFrame() { onFrame(frame) }
                }
                try device.stopStreaming()
            } catch {
                failure = error
            }
            do {
                try recorder?.finish()
            } catch {
                // The capture error, if any, is the one to report.
                if failure == nil { failure = error }
            }
            onEnd(failure)
        }
        thread.name = "bowlertrax.capture"
        thread.qualityOfService = .userInteractive
        thread.start()
    }

    /// Asks the capture thread to stop after the frame in hand; `onEnd` tells when it has.
    public func stop() {
        lock.withLock { stopRequested = true }
    }

    /// Waits briefly for a buffer, converts it and gives it straight back to the driver.
    private func nextFrame() throws -> VideoFrame? {
        guard try device.waitForFrame(timeoutMs: 100), let captured = try device.dequeue() else { return nil }
        let frame: VideoFrame
        do {
            frame = try device.withBuffer(captured) { bytes in try convert(bytes, captured) }
        } catch {
            try? device.requeue(index: captured.index)
            throw error
        }
        try device.requeue(index: captured.index)
        return frame
    }

    private func convert(_ bytes: UnsafeRawBufferPointer, _ captured: CapturedBuffer) throws -> VideoFrame {
        let (index, timeS) = lock.withLock { () -> (Int, Double) in
            if firstSequence == nil {
                firstSequence = captured.sequence
                firstTimestampS = captured.timestampS
            }
            let index = Int(captured.sequence &- (firstSequence ?? captured.sequence))
            statistics.framesCaptured += 1
            // Sequence numbers count every frame the sensor made; those never dequeued were dropped by the driver.
            statistics.driverDrops = index + 1 - statistics.framesCaptured
            statistics.lastTimeS = captured.timestampS - firstTimestampS
            return (index, statistics.lastTimeS)
        }
        try recorder?.write(bytes, timeS: timeS)
        if let decoder { return try decoder.decode(bytes, index: index, timeS: timeS) }
        return try YUYVConverter.frame(from: bytes, size: mode.size, bytesPerLine: mode.bytesPerLine, encoding: mode.encoding,
                                       index: index, timeS: timeS)
    }
}
