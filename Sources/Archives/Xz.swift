import CLzma

/// liblzma's xz format for an asset's bytes: a page's text and HTML in one stream, where the
/// text is found again in the HTML (a page's markup, and often the article again as script
/// data, are farther apart than deflate's 32 KB reach).
enum Xz {
  /// The largest dictionary an asset is written with (1 MB): enough for the pages kept (most
  /// are 20–200 KB), and about 10 MB of memory for each page being compressed.
  static let largestDictionary: UInt32 = 1 << 20
  /// The most memory a reader lets the decoder take: a stream that asks for more was not
  /// written by Cloudy (a dictionary of 1 MB needs about 2).
  static let memoryLimit: UInt64 = 16 << 20

  /// The bytes compressed: preset 3 (within 4% of preset 6 on pages, at four times its
  /// speed), a dictionary no larger than the input, CRC-32 check.
  static func compress(_ bytes: [UInt8]) -> [UInt8] {
    var options = lzma_options_lzma()
    let failed = lzma_lzma_preset(&options, 3)
    precondition(failed == 0, "preset 3 exists")
    options.dict_size = min(largestDictionary, max(cloudy_lzma_dict_size_min, UInt32(min(bytes.count, 1 << 30))))
    return withUnsafeMutablePointer(to: &options) { options in
      var filters = [
        lzma_filter(id: cloudy_lzma_filter_lzma2, options: UnsafeMutableRawPointer(options)),
        lzma_filter(id: cloudy_lzma_vli_unknown, options: nil),
      ]
      var output = [UInt8](repeating: 0, count: lzma_stream_buffer_bound(bytes.count))
      var written = 0
      let result = output.withUnsafeMutableBufferPointer { out in
        bytes.withUnsafeBufferPointer { input in
          lzma_stream_buffer_encode(
            &filters, LZMA_CHECK_CRC32, nil, input.baseAddress, input.count, out.baseAddress, &written, out.count)
        }
      }
      precondition(result == LZMA_OK, "lzma_stream_buffer_bound leaves room for any input")
      return Array(output.prefix(written))
    }
  }

  /// The first `length` bytes the xz stream in `bytes` holds; with `whole`, only if it holds
  /// exactly that many and is undamaged to its end, with nothing after it. Nil otherwise
  /// (damaged, shorter, longer, or asking for more memory than ``memoryLimit``).
  static func decompress(_ bytes: ArraySlice<UInt8>, length: Int, whole: Bool) -> [UInt8]? {
    guard length >= 0 else { return nil }
    if length == 0, !whole { return [] }
    var stream = lzma_stream()
    guard lzma_stream_decoder(&stream, memoryLimit, 0) == LZMA_OK else { return nil }
    defer { lzma_end(&stream) }
    // One byte more than asked for when whole: a stream that fills it is longer than it said.
    var output = [UInt8](repeating: 0, count: length + (whole ? 1 : 0))
    let made: Int? = output.withUnsafeMutableBufferPointer { out in
      bytes.withUnsafeBufferPointer { input in
        stream.next_in = input.baseAddress
        stream.avail_in = input.count
        stream.next_out = out.baseAddress
        stream.avail_out = out.count
        while true {
          let result = lzma_code(&stream, LZMA_FINISH)
          let made = out.count - stream.avail_out
          switch result {
          case LZMA_OK:
            // No room left ends a prefix (and makes a whole stream too long); room left and
            // no input left, a stream cut short.
            if stream.avail_out == 0 { return whole ? nil : made }
            if stream.avail_in == 0 { return nil }
          case LZMA_STREAM_END:
            guard !whole || stream.avail_in == 0 else { return nil }
            return made
          default:
            return nil
          }
        }
      }
    }
    guard let made, made == length else { return nil }
    output.removeLast(output.count - length)
    return output
  }

  /// Decodes the xz stream in `bytes` a piece at a time, up to its first `length` bytes,
  /// until `enough` (given all that is decoded so far, and whether that is all `length`)
  /// says so. Nothing is checked but what liblzma checks as it goes: the stream's CRC is at
  /// its end, past what is decoded.
  static func decompress(
    _ bytes: ArraySlice<UInt8>, length: Int, piece: Int = 4 << 10,
    until enough: (_ decoded: UnsafeBufferPointer<UInt8>, _ isWhole: Bool) -> Bool
  ) {
    guard length > 0, piece > 0 else {
      _ = enough(UnsafeBufferPointer(start: nil, count: 0), length == 0)
      return
    }
    var stream = lzma_stream()
    guard lzma_stream_decoder(&stream, memoryLimit, 0) == LZMA_OK else { return }
    defer { lzma_end(&stream) }
    let output = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: length)
    defer { output.deallocate() }
    bytes.withUnsafeBufferPointer { input in
      stream.next_in = input.baseAddress
      stream.avail_in = input.count
      var made = 0
      while made < length {
        let goal = min(length, made + piece)
        stream.next_out = output.baseAddress! + made
        stream.avail_out = goal - made
        let result = lzma_code(&stream, LZMA_FINISH)
        made = goal - stream.avail_out
        // A piece is decoded when it is full; a stream that ends short, or is damaged, ends it.
        let decoded = UnsafeBufferPointer(rebasing: output[..<made])
        let isWhole = made == length
        guard (result == LZMA_OK && stream.avail_out == 0) || (result == LZMA_STREAM_END && isWhole) else {
          _ = enough(decoded, false)
          return
        }
        if enough(decoded, isWhole) { return }
      }
    }
  }
}
