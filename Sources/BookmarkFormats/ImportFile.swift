import BookmarkModel
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Reads a whole bookmark file (HTML or Cloudy JSON) and plans its import against the
/// bookmarks listed now: the list's `I`, which shows no progress and reads at most
/// ``maximumBytes`` of a regular file (the command line streams larger files with a progress
/// bar). Every addition gets a new id, so none can be one the store holds already.
public enum ImportFile {
  /// 256 MB: a browser's export of a million bookmarks is about a quarter of that.
  public static let maximumBytes = 256 * 1024 * 1024

  /// Why a file can't be imported, as one sentence.
  public struct Failure: Error, CustomStringConvertible, Sendable {
    public var description: String
  }

  public static func plan(path: String, existing: [Bookmark], environment: BookmarkEnvironment) throws(Failure)
    -> ImportPlan
  {
    let name = (path as NSString).lastPathComponent
    let data = try read(path, name: name)
    var reader = BookmarkFileReader()
    var plan: ImportPlan
    do {
      try data.withUnsafeBytes { try reader.feed($0.bindMemory(to: UInt8.self)) }
      plan = ImportPlan(file: try reader.finish(), existing: existing, environment: environment)
    } catch {
      throw Failure(description: "\(name): \(error) Nothing was imported.")
    }
    for index in plan.additions.indices { plan.additions[index].id = environment.newID() }
    return plan
  }

  /// The file's bytes: a regular file only (a FIFO, a device or a folder would block, never
  /// end, or mean nothing), opened without blocking and read to at most ``maximumBytes``.
  private static func read(_ path: String, name: String) throws(Failure) -> Data {
    let expanded = (path as NSString).expandingTildeInPath
    let fd = open(expanded, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else {
      let reason = errno == ENOENT ? "there is no such file" : String(cString: strerror(errno))
      throw Failure(description: "Can't read \(path) (\(reason)); nothing was imported.")
    }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else {
      throw Failure(description: "Can't read \(path) (\(String(cString: strerror(errno)))); nothing was imported.")
    }
    guard (info.st_mode & S_IFMT) == S_IFREG else {
      throw Failure(description: "\(path) is not a file of bookmarks (a folder or a device); nothing was imported.")
    }
    guard Int64(info.st_size) <= Int64(maximumBytes) else {
      throw Failure(
        description:
          "\(name) is larger than 256 MB; `cloudy import` reads it with a progress bar. Nothing was imported.")
    }
    var data = Data(count: Int(info.st_size))
    var done = 0
    while done < data.count {
      let count = data.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + done, $0.count - done) }
      if count < 0, errno == EINTR { continue }
      guard count >= 0 else {
        throw Failure(description: "Can't read \(path) (\(String(cString: strerror(errno)))); nothing was imported.")
      }
      if count == 0 { break }
      done += count
    }
    return data.prefix(done)
  }
}
