import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// File-system helpers that keep Cloudy's files private to the user (0700 folders,
/// 0600 files) and make replacements atomic and durable.
public enum PrivateFiles {
  /// Creates a folder and its missing parents with mode 0700.
  public static func makeDirectory(_ path: String) throws {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue { return }
    do {
      try FileManager.default.createDirectory(
        atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
      throw FileError.writeFailed(path: path, reason: "can't create the folder")
    }
  }

  /// Reads a whole file; `nil` if it does not exist. The bytes are read straight into a
  /// buffer of the file's size (and a byte more, so a file that grew meanwhile is read to
  /// its end too): a 60 MB user-defaults domain is not copied from piece to piece.
  public static func read(_ path: String) throws -> Data? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    if fd < 0 {
      if errno == ENOENT { return nil }
      throw FileError.unreadable(path: path, reason: String(cString: strerror(errno)))
    }
    defer { close(fd) }
    var info = stat()
    var data = Data(count: (fstat(fd, &info) == 0 ? max(Int(info.st_size), 0) : 0) + 1)
    var filled = 0
    while true {
      if filled == data.count { data.count += max(data.count, 1 << 16) }
      let count = data.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + filled, $0.count - filled) }
      if count < 0 {
        if errno == EINTR { continue }
        throw FileError.unreadable(path: path, reason: String(cString: strerror(errno)))
      }
      if count == 0 { break }
      filled += count
    }
    data.count = filled
    return data
  }

  /// Replaces a file's contents atomically: write a temporary file beside it (0600),
  /// `fsync` it, `rename` it over the old one, then `fsync` the folder. A crash at any
  /// point leaves either the old file or the new one, never a mix or a truncated file.
  public static func replace(_ path: String, with data: Data) throws {
    try replace(path) { write in data.withUnsafeBytes { write($0) } }
  }

  /// ``replace(_:with:)`` for contents produced in pieces: `body` calls `write` with each
  /// piece in order, so the contents never need to be in memory whole.
  public static func replace(
    _ path: String, writing body: (_ write: (UnsafeRawBufferPointer) -> Void) throws -> Void
  ) throws {
    let directory = folder(of: path)
    let temporary = "\(path).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard fd >= 0 else { throw failure(path) }
    var ok = false
    defer {
      if !ok { unlink(temporary) }
    }
    var written = true
    do {
      try body { raw in
        guard written else { return }
        var offset = 0
        while offset < raw.count {
          let count = write(fd, raw.baseAddress! + offset, raw.count - offset)
          if count < 0 {
            if errno == EINTR { continue }
            written = false
            return
          }
          offset += count
        }
      }
    } catch {
      close(fd)
      throw error
    }
    guard written, fsync(fd) == 0 else {
      let error = failure(path)
      close(fd)
      throw error
    }
    close(fd)
    guard rename(temporary, path) == 0 else { throw failure(path) }
    ok = true
    // The rename is only durable once the folder is: a failure here is not ignored, and
    // not reported as "nothing was replaced" either (readers already see the new file).
    let dirFD = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard dirFD >= 0 else {
      throw FileError.notDurable(path: path, reason: String(cString: strerror(errno)))
    }
    defer { close(dirFD) }
    if fsync(dirFD) != 0, errno != EINVAL {
      throw FileError.notDurable(path: path, reason: String(cString: strerror(errno)))
    }
  }

  /// Removes temporary files that a writer killed mid-save left beside `path`. Call only
  /// while holding the file's lock: every live writer holds it while its temporary exists,
  /// so any temporary seen then is stale.
  public static func removeStaleTemporaries(of path: String) {
    let directory = folder(of: path)
    let prefix = (path as NSString).lastPathComponent + ".tmp-"
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
    for name in names where name.hasPrefix(prefix) { unlink(directory + "/" + name) }
  }

  /// Removes the temporary files beside `path` whose writer is no longer running (killed
  /// mid-save): safe without the file's lock, since a live writer's process id is still in
  /// use. For small files written without a lock (settings, markers).
  public static func removeTemporariesOfDeadWriters(of path: String) {
    let directory = folder(of: path)
    let prefix = (path as NSString).lastPathComponent + ".tmp-"
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
    for name in names where name.hasPrefix(prefix) {
      guard let pid = Int32(name.dropFirst(prefix.count).prefix { $0 != "-" }) else { continue }
      if kill(pid, 0) != 0, errno == ESRCH { unlink(directory + "/" + name) }
    }
  }

  /// Runs `body` while holding an exclusive `flock` on `lockPath` (created 0600 if missing);
  /// a wait that lasts gives ``LockWait``'s notice. The lock file is separate from the data file because `rename` replaces the data
  /// file's inode, and a lock on a replaced inode protects nothing.
  public static func withExclusiveLock<T>(_ lockPath: String, _ body: () throws -> T) throws -> T {
    try withLock(lockPath, LOCK_EX, body)
  }

  /// Runs `body` holding a shared `flock` on `lockPath`: readers run together, and wait while
  /// a writer holds the exclusive lock (so they never see half of a change that spans files).
  public static func withSharedLock<T>(_ lockPath: String, _ body: () throws -> T) throws -> T {
    try withLock(lockPath, LOCK_SH, body)
  }

  private static func withLock<T>(_ lockPath: String, _ operation: Int32, _ body: () throws -> T) throws -> T {
    let fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard fd >= 0 else { throw failure(lockPath) }
    defer { close(fd) }
    guard LockWait.blockingLock(fd, operation, path: lockPath) else { throw failure(lockPath) }
    defer { flock(fd, LOCK_UN) }
    return try body()
  }

  /// Identity of a file's current contents: inode, size and modification time.
  public struct Signature: Hashable, Sendable {
    public var inode: UInt64
    public var size: Int64
    public var seconds: Int
    public var nanoseconds: Int
  }

  /// The file's signature, or `nil` if it does not exist.
  public static func signature(_ path: String) -> Signature? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return Signature(
      inode: UInt64(info.st_ino), size: Int64(info.st_size), seconds: info.st_mtim.tv_sec,
      nanoseconds: info.st_mtim.tv_nsec)
  }

  /// The folder that holds `path`: `.` for a bare name (`bookmarks.html`), where
  /// `deletingLastPathComponent` gives "", which no call can open.
  static func folder(of path: String) -> String {
    let folder = (path as NSString).deletingLastPathComponent
    return folder.isEmpty ? "." : folder
  }

  private static func failure(_ path: String) -> FileError {
    .writeFailed(path: path, reason: String(cString: strerror(errno)))
  }
}
