import Archives
import CSubstring
import GRDB
import GRDBSQLite

/// `cloudy_position(compressed, length, query)`: where `query` first occurs in the text of
/// `length` bytes that `compressed` (a Zstandard frame) holds, counted in bytes from 1, or 0
/// when it does not (or the text can't be decompressed). The bytes are compared as SQLite's
/// `instr` can't (it compares at every position and counts characters; a phrase over 1,000
/// pages of 20 KB: 28 ms with `instr`). A search ranks by this position: within one text,
/// bytes order places as characters would.
enum TextPositionFunction {
  static let name = "cloudy_position"
  static func register(in db: Database) throws {
    // The connection's decompressor: SQLite calls a connection's functions one at a time. It
    // is let go when the function is (the connection closes).
    guard let decompressor = Zstd.Decompressor() else {
      throw DatabaseError(resultCode: .SQLITE_NOMEM, message: "could not add \(name)")
    }
    let code = sqlite3_create_function_v2(
      db.sqliteConnection, name, 3, SQLITE_UTF8 | SQLITE_DETERMINISTIC, Unmanaged.passRetained(decompressor).toOpaque(),
      { context, count, values in
        guard count == 3, let values, let compressedValue = values[0], let lengthValue = values[1],
          let queryValue = values[2], let query = sqlite3_value_text(queryValue),
          let decompressor = sqlite3_user_data(context)
        else {
          sqlite3_result_null(context)
          return
        }
        let compressed = UnsafeRawBufferPointer(
          start: sqlite3_value_blob(compressedValue), count: Int(sqlite3_value_bytes(compressedValue)))
        let length = Int(sqlite3_value_int64(lengthValue))
        let queryLength = Int(sqlite3_value_bytes(queryValue))
        let position = TextPositionFunction.position(
          of: query, queryLength, inCompressed: compressed, length,
          using: Unmanaged<Zstd.Decompressor>.fromOpaque(decompressor).takeUnretainedValue())
        sqlite3_result_int64(context, Int64(position))
      }, nil, nil, { decompressor in decompressor.map { Unmanaged<Zstd.Decompressor>.fromOpaque($0).release() } })
    guard code == SQLITE_OK else {
      throw DatabaseError(resultCode: ResultCode(rawValue: code), message: "could not add \(name)")
    }
  }

  /// The position (from 1) of the first `query` in the text `compressed` holds (`length`
  /// bytes), or 0.
  static func position(
    of query: UnsafePointer<UInt8>, _ queryLength: Int, inCompressed compressed: UnsafeRawBufferPointer, _ length: Int,
    using decompressor: Zstd.Decompressor
  ) -> Int {
    guard length >= queryLength, length <= 64 << 20 else { return 0 }
    let text = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(length, 1))
    defer { text.deallocate() }
    guard decompressor.decompress(compressed, into: text) == length else { return 0 }
    return position(of: query, queryLength, in: text.baseAddress!, length)
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
