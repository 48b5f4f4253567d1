import Glibc

/// A mutual-exclusion lock with a condition to wait on while holding it, over a pthread mutex and condition variable
/// (as swift-nio's NIOLock and Foundation's NSCondition), so the library needs only FoundationEssentials: Foundation's
/// NSLock brings libFoundation, about 6 MB resident in every process.
public final class Lock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    public init() {
        let status = (pthread_mutex_init(mutex, nil), pthread_cond_init(condition, nil))
        precondition(status == (0, 0), "pthread_mutex_init, pthread_cond_init failed: \(status)")
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    public func lock() { pthread_mutex_lock(mutex) }
    public func unlock() { pthread_mutex_unlock(mutex) }

    public func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock()
        defer { unlock() }
        return try body()
    }

    /// Waits for a `broadcast`; call holding the lock (inside `withLock`), and check what is waited for again after.
    public func wait() { pthread_cond_wait(condition, mutex) }

    /// Wakes every waiter; call holding the lock.
    public func broadcast() { pthread_cond_broadcast(condition) }
}
