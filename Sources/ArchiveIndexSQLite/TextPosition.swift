import Archives
import CSubstring
import Foundation

/// Where a query first occurs in a folded text, counted in bytes from 1 (0: nowhere): what a
/// search checks each text it finds in the trigram index with, and ranks by (within one text,
/// bytes order places as characters would). The bytes are compared as SQLite's `instr` can't
/// (it compares at every position and counts characters; a phrase over 1,000 pages of 20 KB:
/// 28 ms with `instr`).
enum TextPosition {
  /// Where a query is first found in a text: its position (in bytes, from 1), and the line
  /// that holds it (counted from 0, and as it is in the folded text).
  struct Found: Sendable {
    let position: Int
    let line: Int
    let foldedLine: String
  }

  /// Where `query` is first found in the text `compressed` holds (`length` bytes), or nil when
  /// it isn't (or the text can't be decompressed).
  static func place(
    of query: [UInt8], inCompressed compressed: Data, _ length: Int, using decompressor: Zstd.Decompressor
  )
    -> Found?
  {
    guard !query.isEmpty, length >= query.count, length <= 64 << 20 else { return nil }
    let text = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(length, 1))
    defer { text.deallocate() }
    let made = compressed.withUnsafeBytes { decompressor.decompress($0, into: text) }
    guard made == length else { return nil }
    let position = query.withUnsafeBufferPointer { query in
      Self.position(of: query.baseAddress!, query.count, in: text.baseAddress!, length)
    }
    guard position > 0 else { return nil }
    let before = UnsafeBufferPointer(rebasing: text[..<(position - 1)])
    let start = (before.lastIndex(of: 0x0A) ?? -1) + 1
    let end = text[(position - 1)...].firstIndex(of: 0x0A) ?? length
    return Found(
      position: position, line: before.count { $0 == 0x0A },
      foldedLine: String(decoding: UnsafeBufferPointer(rebasing: text[start..<end]), as: UTF8.self))
  }

  /// The position (from 1) of the first `query` in `text`, or 0: its two rarest bytes
  /// (``anchor(of:_:)``) are compared at 32 places at once, and the whole query where both
  /// agree (`cloudy_find`). By its first byte alone, `swift compiler` stopped at every `s`.
  static func position(
    of query: UnsafePointer<UInt8>, _ queryLength: Int, in text: UnsafePointer<UInt8>, _ textLength: Int
  ) -> Int {
    guard queryLength > 0 else { return 1 }
    guard textLength >= queryLength else { return 0 }
    let first = anchor(of: query, queryLength)
    var second = first
    for index in 0..<queryLength where index != first {
      if second == first || commonness[Int(query[index])] < commonness[Int(query[second])] { second = index }
    }
    let found = cloudy_find(text, textLength, query, queryLength, first, second)
    return found < 0 ? 0 : found + 1
  }

  /// The place in `query` of its byte least often found in running text (English letters by
  /// frequency, then the rest: other bytes are rarer still); the first of equally rare ones.
  static func anchor(of query: UnsafePointer<UInt8>, _ length: Int) -> Int {
    var best = 0
    for index in 1..<length where commonness[Int(query[index])] < commonness[Int(query[best])] { best = index }
    return best
  }

  private static let commonness: [UInt8] = {
    var table = [UInt8](repeating: 0, count: 256)
    let order = Array(" etaoinsrhldcum\nfpgwyb,.vk-0123456789:/x'\"jqz".utf8)
    for (rank, byte) in order.enumerated() { table[Int(byte)] = UInt8(order.count - rank) }
    return table
  }()
}
