import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// An exclusive `flock` held across `await`s, for work that must not overlap between
/// processes but calls out to something slow (a cloud) while it holds the lock.
public final class FileLock: Sendable {
  private let fd: Int32

  /// Waits for the lock on `path` (created 0600 if missing) and holds it until ``unlock()``
  /// or until this object goes away; a wait that lasts gives ``LockWait``'s notice.
  public init(exclusive path: String) throws {
    let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard fd >= 0 else { throw FileError.writeFailed(path: path, reason: String(cString: strerror(errno))) }
    guard LockWait.blockingLock(fd, LOCK_EX, path: path) else {
      let reason = String(cString: strerror(errno))
      close(fd)
      throw FileError.writeFailed(path: path, reason: reason)
    }
    self.fd = fd
  }

  /// Takes the lock on `path` if nobody holds it; `nil` if somebody does. For async code,
  /// which must not block its thread waiting (the holder may need that thread to finish).
  public static func attempt(exclusive path: String) throws -> FileLock? {
    let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard fd >= 0 else { throw FileError.writeFailed(path: path, reason: String(cString: strerror(errno))) }
    while flock(fd, LOCK_EX | LOCK_NB) != 0 {
      if errno == EINTR { continue }
      let busy = errno == EWOULDBLOCK
      let reason = String(cString: strerror(errno))
      close(fd)
      if busy { return nil }
      throw FileError.writeFailed(path: path, reason: reason)
    }
    return FileLock(fd: fd)
  }

  /// Waits for the lock on `path` without blocking a thread: tries, and between tries
  /// sleeps 1 ms, doubling up to 20 ms. For async code that holds the lock across `await`s.
  /// A wait that lasts ``LockWait/patience`` gives its notice, once.
  public static func acquire(exclusive path: String) async throws -> FileLock {
    var pause = Duration.milliseconds(1)
    let announceAt = ContinuousClock.now + LockWait.patience
    var announced = false
    while true {
      if let lock = try attempt(exclusive: path) { return lock }
      if !announced, ContinuousClock.now >= announceAt {
        announced = true
        LockWait.announce(path: path)
      }
      try await Task.sleep(for: pause)
      pause = min(pause * 2, .milliseconds(20))
    }
  }

  private init(fd: Int32) {
    self.fd = fd
  }

  /// Releases the lock (closing the file releases it too).
  public func unlock() {
    flock(fd, LOCK_UN)
  }

  deinit {
    close(fd)
  }
}
