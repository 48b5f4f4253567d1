import Dispatch

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
/// MJPEG buffers are copied out and decoded on `decoderCount` queues in turn (at 720p120 one JPEG takes most
/// of a frame interval, so one thread alone has no slack when the machine is busy); decoded frames are still
/// handed on in capture order. Capture never waits for the consumer: `onFrame` must return at once (push into a `FrameQueue`).
public final class CameraCapture: @unchecked Sendable {
    public let device: V4L2Device
    public let mode: CameraMode
    public let bufferCount: Int
    /// MJPEG only: one decoder per decoding queue (a decoder is used by one thread at a time).
    private let decoders: [MJPEGDecoder]
    private let decodeQueues: [DispatchQueue]
    /// JPEGs copied out and not yet decoded; when all are taken the capture thread waits (and the driver's buffers fill).
    private let decodeSlots: DispatchSemaphore
    private let recorder: CameraRecorder?
    private let lock = Lock()
    private var stopRequested = false
    private var statistics = CaptureStatistics()
    private var firstSequence: UInt32?
    private var firstTimestampS = 0.0
    /// Capture thread only: how many JPEGs were dealt to the decoders.
    private var jpegsDealt = 0
    /// Under `handOffLock`: decoded results waiting for an earlier one, by capture order; the next to hand on; the first decode error.
    private let handOffLock = Lock()
    private var decoded: [Int: Result<VideoFrame, Error>] = [:]
    private var nextToHandOn = 0
    private var decodeFailure: Error?

    /// MJPEG decoding threads: two, so both cores decode when the process may use them.
    static let decoderCount = min(2, FrameDecoder.usableCores)

    /// Opens the camera and sets its mode; `recordPath` keeps every raw buffer in a video file.
    /// 32 buffers (the most uvcvideo gives) let the capture thread stall for half a second at 60 fps before the driver drops a frame.
    public init(devicePath: String, size: PixelSize, fps: Double, bufferCount: Int = 32, recordPath: String? = nil) throws {
        let device = try V4L2Device(path: devicePath)
        let mode = try device.configure(size: size, fps: fps)
        self.device = device
        self.mode = mode
        self.bufferCount = bufferCount
        decoders = mode.pixelFormat == .mjpeg ? try (0..<Self.decoderCount).map { _ in try MJPEGDecoder(size: mode.size) } : []
        decodeQueues = decoders.indices.map { DispatchQueue(label: "bowlertrax.mjpeg.\($0)", qos: .userInteractive) }
        decodeSlots = DispatchSemaphore(value: 2 * max(1, decoders.count))
        recorder = try recordPath.map { try CameraRecorder(path: $0, mode: mode) }
    }

    public var stats: CaptureStatistics { lock.withLock { statistics } }

    /// Starts the capture thread. `onEnd` runs on it once capture has stopped and every frame captured was
    /// handed on: nil after `stop()`, else the error that ended it (an unplugged camera, a JPEG that does not
    /// decode). `onFrame` runs on the capture thread (YUYV) or a decoding queue (MJPEG), one call at a time, in order.
    public func start(onFrame: @escaping @Sendable (VideoFrame) -> Void, onEnd: @escaping @Sendable (Error?) -> Void) {
        DispatchQueue(label: "bowlertrax.capture", qos: .userInteractive).async { [self] in
            var failure: Error?
            do {
                try device.startStreaming(bufferCount: bufferCount)
                while !lock.withLock({ stopRequested }) {
                    try captureNext(onFrame: onFrame)
                }
                try device.stopStreaming()
            } catch {
                failure = error
            }
            // Every JPEG dealt out is decoded and handed on before the end is told.
            for queue in decodeQueues { queue.sync {} }
            if failure == nil { failure = handOffLock.withLock { decodeFailure } }
            do {
                try recorder?.finish()
            } catch {
                // The capture error, if any, is the one to report.
                if failure == nil { failure = error }
            }
            onEnd(failure)
        }
    }

    /// Asks the capture thread to stop after the frame in hand; `onEnd` tells when it has.
    public func stop() {
        lock.withLock { stopRequested = true }
    }

    /// Waits briefly for a buffer, converts it (YUYV) or deals out a copy to decode (MJPEG), and gives it straight back to the driver.
    private func captureNext(onFrame: @escaping @Sendable (VideoFrame) -> Void) throws {
        if let failure = handOffLock.withLock({ decodeFailure }) { throw failure }
        guard try device.waitForFrame(timeoutMs: 100), let captured = try device.dequeue() else { return }
        let (index, timeS) = count(captured)
        do {
            try device.withBuffer(captured) { bytes in
                try recorder?.write(bytes, timeS: timeS)
                if decoders.isEmpty {
                    onFrame(try YUYVConverter.frame(from: bytes, size: mode.size, bytesPerLine: mode.bytesPerLine, encoding: mode.encoding,
                                                    index: index, timeS: timeS))
                } else {
                    deal(Array(bytes), index: index, timeS: timeS, onFrame: onFrame)
                }
            }
        } catch {
            try? device.requeue(index: captured.index)
            throw error
        }
        try device.requeue(index: captured.index)
    }

    /// Frame index and time of a dequeued buffer, and the counters it moves.
    private func count(_ captured: CapturedBuffer) -> (index: Int, timeS: Double) {
        lock.withLock { () -> (Int, Double) in
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
    }

    /// Decodes `jpeg` on the next decoding queue in turn.
    private func deal(_ jpeg: [UInt8], index: Int, timeS: Double, onFrame: @escaping @Sendable (VideoFrame) -> Void) {
        decodeSlots.wait()
        let order = jpegsDealt, decoder = order % decoders.count
        jpegsDealt += 1
        decodeQueues[decoder].async { [self] in
            let result = Result { try jpeg.withUnsafeBytes { try decoders[decoder].decode($0, index: index, timeS: timeS) } }
            handOn(result, order: order, onFrame: onFrame)
            decodeSlots.signal()
        }
    }

    /// Hands on every decoded frame whose predecessors all were, in capture order; after a decode error, none.
    private func handOn(_ result: Result<VideoFrame, Error>, order: Int, onFrame: (VideoFrame) -> Void) {
        handOffLock.withLock {
            decoded[order] = result
            while let next = decoded.removeValue(forKey: nextToHandOn) {
                nextToHandOn += 1
                switch next {
                case .success(let frame): if decodeFailure == nil { onFrame(frame) }
                case .failure(let error): if decodeFailure == nil { decodeFailure = error }
                }
            }
        }
    }
}
