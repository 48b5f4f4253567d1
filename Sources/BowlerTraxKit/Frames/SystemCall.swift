import Glibc

/// An open file descriptor (of a camera device node).
struct DeviceHandle: RawRepresentable, Sendable {
    var rawValue: Int32
}

/// Runs a system call again while a signal interrupts it (EINTR), as NIO's Posix wrappers do.
///
/// Returns the call's non-negative result, or nil when it failed with `tolerated` (say EAGAIN: a state,
/// not an error). errno is read straight after the call. EBADF and EFAULT mean a bug here (a closed
/// descriptor, a bad pointer) and trap; ENODEV means the camera went away; EBUSY that someone else has it.
@inline(never)
func retryingOnInterrupt(_ step: String, path: String, tolerating tolerated: Int32? = nil, _ call: () -> Int32) throws -> Int32? {
    while true {
        let result = call()
        if result >= 0 { return result }
        let code = errno
        if code == tolerated { return nil }
        switch code {
        case EINTR: continue
        case EBADF, EFAULT: preconditionFailure("\(step) on \(path): \(String(cString: strerror(code))): a bug in BowlerTrax")
        case ENODEV: throw FrameSourceError.cameraUnplugged(path: path, step: step)
        case EBUSY: throw FrameSourceError.deviceBusy(path: path)
        default: throw FrameSourceError.systemCall(step: step, path: path, errno: code)
        }
    }
}
