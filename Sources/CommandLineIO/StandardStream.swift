import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Standard output or standard error, written with `write(2)`.
///
/// Foundation's `FileHandle.write(_:)` traps when the write fails (`try!` inside), so a
/// closed terminal, a full disk behind a redirection or an I/O error would crash Cloudy in
/// the middle of telling the user something (found by `scripts/torture`: EIO on a message).
/// A message that can't be written is dropped; output that can't be written is an error.
package enum StandardStream: Int32 {
  case output = 1
  case error = 2

  package struct WriteFailed: Error {
    package var reason: String
  }

  /// Writes all of `data`, or throws why it could not.
  package func write(_ data: Data) throws {
    try data.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count {
        let count = Glibc.write(rawValue, raw.baseAddress! + offset, raw.count - offset)
        if count < 0 {
          if errno == EINTR { continue }
          throw WriteFailed(reason: String(cString: strerror(errno)))
        }
        offset += count
      }
    }
  }

  /// Writes `text`, dropping it if it can't be written (a message has nowhere else to go).
  package func say(_ text: String) {
    try? write(Data(text.utf8))
  }
}
