import BookmarkFormats
import Foundation

/// The fixture files beside this source file, and helpers to parse them.
enum Fixture {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

  static func bytes(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: directory.appendingPathComponent(name)))
  }

  /// Parses a fixture in one chunk.
  static func parse(_ name: String) throws -> ParsedFile {
    try parse(bytes: try bytes(name))
  }

  /// Parses bytes fed in chunks of `chunkSize` (all at once by default).
  static func parse(bytes: [UInt8], chunkSize: Int = .max) throws -> ParsedFile {
    var reader = BookmarkFileReader()
    var start = 0
    while start < bytes.count {
      let end = min(bytes.count, start + chunkSize)
      try reader.feed(Array(bytes[start..<end]))
      start = end
    }
    return try reader.finish()
  }

  static func parse(html: String) throws -> ParsedFile {
    try parse(bytes: Array(html.utf8))
  }
}

/// Unix seconds as a date.
func date(_ seconds: TimeInterval) -> Date { Date(timeIntervalSince1970: seconds) }
