import CZlib
import Foundation

/// One archived page, the asset: what was read from one fetch of a page. Its bytes
/// (``encoded()``) are deterministic, and their SHA-256 is its name, so two bookmarks of one
/// page share one asset and fetching an unchanged page again makes nothing new. When it was
/// fetched is not in it (that is the bookmark's, in the index).
///
/// The bytes: a line `cloudy-archive 2`, a line of JSON with the lengths of what follows
/// (the stream's size, the lengths of the three parts in it, the text's CRC-32), then one xz
/// stream of a line of JSON (title, final URL, content type, links: the links are the page's
/// own, which the stream finds again in its HTML), the readable text and the original HTML.
/// The text is read without the HTML by decompressing only as far as its end, and checked by
/// its CRC (the stream's own check is at its end). Assets of version 1 (the JSON in the clear,
/// then the text and the HTML each deflated) are still read.
public struct PageArchive: Hashable, Sendable {
  /// The longest original page kept, in bytes (2 MB): the fetch reads no further.
  public static let htmlLimit = 2 << 20
  /// The longest readable text an asset may say it holds (a damaged or hostile asset must not
  /// make the reader allocate more).
  static let textLimit = 16 << 20
  /// The longest title, URL and links an asset may say it holds.
  static let metaLimit = 4 << 20
  static let magic = Array("cloudy-archive 2\n".utf8)
  static let deflatedMagic = Array("cloudy-archive 1\n".utf8)

  public var title: String?
  /// The URL that answered, after redirects.
  public var url: String
  public var contentType: String?
  public var text: String
  /// The links the text's footnotes number: `links[0]` is `[1]`.
  public var links: [String]
  /// The page as fetched, at most ``htmlLimit`` bytes.
  public var html: [UInt8]

  public init(title: String?, url: String, contentType: String?, text: String, links: [String], html: [UInt8]) {
    self.title = title
    self.url = url
    self.contentType = contentType
    self.text = text
    self.links = links
    self.html = Array(html.prefix(Self.htmlLimit))
  }

  /// The first line's JSON.
  private struct Header: Codable {
    var textLength: Int
    var htmlLength: Int
    /// Version 2: the stream's size, the length of the ``Meta`` line at its start, and the
    /// text's CRC-32.
    var stored: Int?
    var metaLength: Int?
    var textCRC: UInt32?
    /// Version 1: the ``Meta`` fields in the clear, and the deflated text's and HTML's sizes.
    var title: String?
    var url: String?
    var contentType: String?
    var links: [String]?
    var textStored: Int?
    var htmlStored: Int?
  }

  /// What an asset says of the page besides its text and HTML.
  private struct Meta: Codable {
    var title: String?
    var url: String
    var contentType: String?
    var links: [String]
  }

  private static func json(_ value: some Encodable) -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    // The encoder escapes newlines in strings, so the JSON is one line.
    return (try? encoder.encode(value)).map(Array.init) ?? []
  }

  /// The asset's bytes.
  public func encoded() -> [UInt8] {
    let meta = Self.json(Meta(title: title, url: url, contentType: contentType, links: links))
    let text = Array(self.text.utf8)
    let stored = Xz.compress(meta + text + html)
    let header = Header(
      textLength: text.count, htmlLength: html.count, stored: stored.count, metaLength: meta.count,
      textCRC: Self.crc(text[...]))
    return Self.magic + Self.json(header) + [0x0A] + stored
  }

  /// The archive in `bytes`, or nil when they are not one (damaged, or not an archive).
  public init?(decoding bytes: [UInt8]) {
    guard let (header, start) = Self.header(of: bytes) else { return nil }
    let meta: Meta
    let text: [UInt8]
    let html: [UInt8]
    if let metaLength = header.metaLength {
      let textEnd = metaLength + header.textLength
      guard let all = Xz.decompress(bytes[start...], length: textEnd + header.htmlLength, whole: true),
        Self.crc(all[metaLength..<textEnd]) == header.textCRC,
        let read = try? JSONDecoder().decode(Meta.self, from: Data(all[..<metaLength]))
      else { return nil }
      (meta, text, html) = (read, Array(all[metaLength..<textEnd]), Array(all[textEnd...]))
    } else {
      guard let url = header.url, let links = header.links, let read = Self.deflatedText(bytes, header, start),
        let inflated = Deflate.decompress(bytes[read.htmlStart...], length: header.htmlLength)
      else { return nil }
      meta = Meta(title: header.title, url: url, contentType: header.contentType, links: links)
      (text, html) = (read.text, inflated)
    }
    self.init(
      title: meta.title, url: meta.url, contentType: meta.contentType, text: String(decoding: text, as: UTF8.self),
      links: meta.links, html: html)
  }

  /// Only the readable text of the archive in `bytes` (the original HTML, most of an asset,
  /// is not decompressed: a search's snippets need the text alone), or nil when they are not
  /// one.
  public static func text(decoding bytes: [UInt8]) -> String? {
    guard let (header, start) = header(of: bytes) else { return nil }
    let text: ArraySlice<UInt8>
    if let metaLength = header.metaLength {
      guard let both = Xz.decompress(bytes[start...], length: metaLength + header.textLength, whole: false),
        crc(both[metaLength...]) == header.textCRC
      else { return nil }
      text = both[metaLength...]
    } else {
      guard let read = deflatedText(bytes, header, start) else { return nil }
      text = read.text[...]
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// The `number`th non-empty line of the text (from 0), decoded no further than its end (a
  /// snippet's line is most often near the start), or nil when the text has fewer lines or
  /// the bytes are not an archive. Not checked: the text's CRC covers all of it, so the
  /// caller checks the line against the index's folded copy of it.
  public static func textLine(_ number: Int, decoding bytes: [UInt8]) -> String? {
    guard number >= 0, let (header, start) = header(of: bytes) else { return nil }
    guard let metaLength = header.metaLength else {
      guard let text = deflatedText(bytes, header, start)?.text else { return nil }
      var search = LineSearch(number: number, from: 0)
      return text.withUnsafeBufferPointer { search.line(in: $0, isWhole: true) }
    }
    var search = LineSearch(number: number, from: metaLength)
    var line: String?
    Xz.decompress(bytes[start...], length: metaLength + header.textLength) { decoded, isWhole in
      line = search.line(in: decoded, isWhole: isWhole)
      return line != nil
    }
    return line
  }

  private static func crc(_ bytes: ArraySlice<UInt8>) -> UInt32 {
    bytes.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, uInt($0.count))) }
  }

  /// The header and where what follows it begins, once the lengths are checked.
  private static func header(of bytes: [UInt8]) -> (header: Header, start: Int)? {
    let version = bytes.starts(with: magic) ? 2 : bytes.starts(with: deflatedMagic) ? 1 : 0
    guard version > 0, let lineEnd = bytes[magic.count...].firstIndex(of: 0x0A),
      let header = try? JSONDecoder().decode(Header.self, from: Data(bytes[magic.count..<lineEnd])),
      (0...textLimit).contains(header.textLength), (0...htmlLimit).contains(header.htmlLength)
    else { return nil }
    if version == 2 {
      guard let metaLength = header.metaLength, (0...metaLimit).contains(metaLength), header.textCRC != nil,
        header.stored == bytes.count - lineEnd - 1
      else { return nil }
    } else if header.metaLength != nil {
      return nil
    }
    return (header, lineEnd + 1)
  }

  /// Version 1: the inflated text and where the deflated HTML begins.
  private static func deflatedText(_ bytes: [UInt8], _ header: Header, _ textStart: Int) -> (
    text: [UInt8], htmlStart: Int
  )? {
    guard let textStored = header.textStored, let htmlStored = header.htmlStored,
      (0...bytes.count).contains(textStored), (0...bytes.count).contains(htmlStored),
      textStart + textStored + htmlStored == bytes.count,
      let text = Deflate.decompress(bytes[textStart..<textStart + textStored], length: header.textLength)
    else { return nil }
    return (text, textStart + textStored)
  }
}
