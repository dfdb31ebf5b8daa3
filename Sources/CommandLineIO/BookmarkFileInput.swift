import BookmarkFormats
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Reads a bookmark file from disk in chunks into a ``BookmarkFileReader``, reporting
/// progress by bytes; memory holds one chunk and the bookmarks found, not the file.
package enum BookmarkFileInput {
  package static let chunkSize = 1 << 20

  /// The file's contents, or a ``CLIError`` that says in one sentence why nothing can be
  /// imported from it.
  package static func read(_ path: String, progress: ImportProgress) throws -> ParsedFile {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw failure(path, String(cString: strerror(errno))) }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { throw failure(path, String(cString: strerror(errno))) }
    if (info.st_mode & S_IFMT) == S_IFDIR { throw failure(path, "it is a folder") }
    let total = Int64(info.st_size)
    var reader = BookmarkFileReader()
    var buffer = [UInt8](repeating: 0, count: chunkSize)
    var done: Int64 = 0
    do {
      while true {
        let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        if count < 0 {
          if errno == EINTR { continue }
          throw failure(path, String(cString: strerror(errno)))
        }
        if count == 0 { break }
        try buffer.withUnsafeBufferPointer { try reader.feed(UnsafeBufferPointer(rebasing: $0[0..<count])) }
        done += Int64(count)
        progress.update(done: done, total: total)
      }
      return try reader.finish()
    } catch let error as BookmarkFileError {
      throw CLIError("\(path): \(error) Nothing was imported.")
    }
  }

  private static func failure(_ path: String, _ reason: String) -> CLIError {
    CLIError("Can't read \(path) (\(reason)); nothing was imported.")
  }
}
