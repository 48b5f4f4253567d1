import CV4L2
import Glibc

/// One frame the driver filled: which mmap buffer, how many bytes, and the driver's own time and count.
public struct CapturedBuffer: Sendable {
    public var index: Int
    public var bytesUsed: Int
    /// The driver's timestamp (CLOCK_MONOTONIC for UVC cameras) in seconds.
    public var timestampS: Double
    /// The driver's frame counter; a gap means the driver dropped frames (no buffer was queued).
    public var sequence: UInt32
}

/// A V4L2 video capture device streaming into mmap buffers.
///
/// Owns the descriptor and the mappings: `deinit` stops streaming, unmaps and closes on every path.
/// Not thread-safe: one capture thread uses it after setup.
public final class V4L2Device {
    public let path: String
    /// Driver and card name from VIDIOC_QUERYCAP, for messages.
    public let card: String
    let handle: DeviceHandle
    private var buffers: [UnsafeMutableRawBufferPointer] = []
    private var streaming = false

    /// Opens the device and checks it can capture video with streaming I/O. Wraps open(2) and VIDIOC_QUERYCAP.
    public init(path: String) throws {
        self.path = path
        let descriptor = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC)
        let code = errno
        guard descriptor >= 0 else {
            switch code {
            case ENOENT, ENODEV, ENXIO: throw FrameSourceError.noSuchDevice(path: path)
            case EBUSY: throw FrameSourceError.deviceBusy(path: path)
            default: throw FrameSourceError.systemCall(step: "open", path: path, errno: code)
            }
        }
        handle = DeviceHandle(rawValue: descriptor)
        var capability = v4l2_capability()
        do {
            _ = try retryingOnInterrupt("VIDIOC_QUERYCAP", path: path) { cv4l2_ioctl(descriptor, CV4L2_VIDIOC_QUERYCAP, &capability) }
        } catch FrameSourceError.systemCall(_, _, ENOTTY) {
            // Not a V4L2 node at all (a regular file, another character device).
            close(descriptor)
            throw FrameSourceError.notACaptureDevice(path: path, card: "not a V4L2 device")
        } catch {
            close(descriptor)
            throw error
        }
        card = Self.text(capability.card)
        // device_caps describes this node; capabilities the whole physical device (videodev2.h).
        let caps = capability.capabilities & UInt32(V4L2_CAP_DEVICE_CAPS) != 0 ? capability.device_caps : capability.capabilities
        guard caps & UInt32(V4L2_CAP_VIDEO_CAPTURE) != 0, caps & UInt32(V4L2_CAP_STREAMING) != 0 else {
            close(descriptor)
            throw FrameSourceError.notACaptureDevice(path: path, card: card)
        }
    }

    deinit {
        if streaming { try? stopStreaming() }
        unmapBuffers()
        close(handle.rawValue)
    }

    /// Runs an ioctl through `retryingOnInterrupt`; nil when it failed with `tolerated`.
    @discardableResult
    func control<T>(_ name: String, _ request: UInt, _ argument: inout T, tolerating tolerated: Int32? = nil) throws -> Int32? {
        let descriptor = handle.rawValue
        return try withUnsafeMutablePointer(to: &argument) { pointer in
            try retryingOnInterrupt(name, path: path, tolerating: tolerated) { cv4l2_ioctl(descriptor, request, pointer) }
        }
    }

    // MARK: - Streaming

    /// Asks for `count` mmap buffers, maps and queues them all, and starts streaming.
    /// Wraps VIDIOC_REQBUFS, VIDIOC_QUERYBUF, mmap(2), VIDIOC_QBUF and VIDIOC_STREAMON.
    public func startStreaming(bufferCount count: Int) throws {
        precondition(!streaming && buffers.isEmpty, "streaming started twice")
        var request = v4l2_requestbuffers()
        request.count = UInt32(count)
        request.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        request.memory = V4L2_MEMORY_MMAP.rawValue
        try control("VIDIOC_REQBUFS", CV4L2_VIDIOC_REQBUFS, &request)
        guard request.count >= 2 else {
            throw FrameSourceError.systemCall(step: "VIDIOC_REQBUFS (driver gave \(request.count) buffers)", path: path, errno: ENOMEM)
        }
        for index in 0..<Int(request.count) {
            var buffer = Self.buffer(index: index)
            try control("VIDIOC_QUERYBUF", CV4L2_VIDIOC_QUERYBUF, &buffer)
            let length = Int(buffer.length)
            let mapped = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_SHARED, handle.rawValue, off_t(buffer.m.offset))
            let code = errno
            guard let mapped, mapped != MAP_FAILED else {
                if code == ENODEV { throw FrameSourceError.cameraUnplugged(path: path, step: "mmap") }
                throw FrameSourceError.systemCall(step: "mmap of buffer \(index)", path: path, errno: code)
            }
            buffers.append(UnsafeMutableRawBufferPointer(start: mapped, count: length))
            try requeue(index: index)
        }
        var type = Int32(V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue)
        try control("VIDIOC_STREAMON", CV4L2_VIDIOC_STREAMON, &type)
        streaming = true
    }

    /// Waits up to `timeoutMs` for a filled buffer; false on timeout. Wraps poll(2).
    public func waitForFrame(timeoutMs: Int32) throws -> Bool {
        var descriptor = pollfd(fd: handle.rawValue, events: Int16(POLLIN), revents: 0)
        guard let ready = try retryingOnInterrupt("poll", path: path, { poll(&descriptor, 1, timeoutMs) }), ready > 0 else { return false }
        let events = Int32(descriptor.revents)
        precondition(events & Int32(POLLNVAL) == 0, "poll on a closed camera descriptor: a bug in BowlerTrax")
        // A UVC camera pulled out mid-stream shows up as POLLERR/POLLHUP (the next DQBUF gives ENODEV).
        if events & Int32(POLLERR | POLLHUP) != 0 { throw FrameSourceError.cameraUnplugged(path: path, step: "poll") }
        return events & Int32(POLLIN) != 0
    }

    /// The next filled buffer, or nil if none is ready yet. The caller reads it with `withBuffer` and
    /// hands it back with `requeue`. Wraps VIDIOC_DQBUF.
    public func dequeue() throws -> CapturedBuffer? {
        var buffer = Self.buffer(index: 0)
        guard try control("VIDIOC_DQBUF", CV4L2_VIDIOC_DQBUF, &buffer, tolerating: EAGAIN) != nil else { return nil }
        let timestampS = Double(buffer.timestamp.tv_sec) + Double(buffer.timestamp.tv_usec) / 1_000_000
        return CapturedBuffer(index: Int(buffer.index), bytesUsed: Int(buffer.bytesused), timestampS: timestampS, sequence: buffer.sequence)
    }

    /// The bytes the driver wrote into buffer `index`; valid only inside `body` (the driver reuses them after `requeue`).
    public func withBuffer<R>(_ captured: CapturedBuffer, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        let mapping = buffers[captured.index]
        return try body(UnsafeRawBufferPointer(rebasing: mapping[0..<min(captured.bytesUsed, mapping.count)]))
    }

    /// Gives buffer `index` back to the driver to fill. Wraps VIDIOC_QBUF.
    public func requeue(index: Int) throws {
        var buffer = Self.buffer(index: index)
        try control("VIDIOC_QBUF", CV4L2_VIDIOC_QBUF, &buffer)
    }

    /// Stops streaming; the driver takes back every buffer. Wraps VIDIOC_STREAMOFF.
    public func stopStreaming() throws {
        guard streaming else { return }
        streaming = false
        var type = Int32(V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue)
        try control("VIDIOC_STREAMOFF", CV4L2_VIDIOC_STREAMOFF, &type)
    }

    private func unmapBuffers() {
        for mapping in buffers {
            // munmap only fails for an address we never mapped: nothing left to free then.
            _ = munmap(mapping.baseAddress, mapping.count)
        }
        buffers = []
    }

    private static func buffer(index: Int) -> v4l2_buffer {
        var buffer = v4l2_buffer()
        buffer.index = UInt32(index)
        buffer.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        buffer.memory = V4L2_MEMORY_MMAP.rawValue
        return buffer
    }

    /// A fixed-size C char array (a tuple in Swift) as a String.
    static func text<T>(_ tuple: T) -> String {
        withUnsafeBytes(of: tuple) { bytes in String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self) }
    }
}
