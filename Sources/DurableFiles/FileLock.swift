import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// An exclusive `flock` held across `await`s, for work that must not overlap between
/// processes but calls out to something slow (a cloud) while it holds the lock.
public final class FileLock: Sendable {
  private let fd: Int32

  /// Waits for the lock on `path` (created 0600 if missing) and holds it until ``unlock()``
  /// or until this object goes away.
  public init(exclusive path: String) throws {
    let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard fd >= 0 else { throw FileError.writeFailed(path: path, reason: String(cString: strerror(errno))) }
    while flock(fd, LOCK_EX) != 0 {
      if errno != EINTR {
        let reason = String(cString: strerror(errno))
        close(fd)
        throw FileError.writeFailed(path: path, reason: reason)
      }
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
