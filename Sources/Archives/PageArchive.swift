import Foundation

/// One archived page, the asset: what was read from one fetch of a page. Its bytes
/// (``encoded()``) are deterministic, and their SHA-256 is its name, so two bookmarks of one
/// page share one asset and fetching an unchanged page again makes nothing new. When it was
/// fetched is not in it (that is the bookmark's, in the index).
///
/// The bytes: a line `cloudy-archive 1`, a line of JSON (title, final URL, content type,
/// links, and the lengths of what follows), then the readable text and the original HTML,
/// each deflated (zlib).
public struct PageArchive: Hashable, Sendable {
  /// The longest original page kept, in bytes (2 MB): the fetch reads no further.
  public static let htmlLimit = 2 << 20
  /// The longest readable text an asset may say it holds (a damaged or hostile asset must not
  /// make the reader allocate more).
  static let textLimit = 16 << 20
  static let magic = Array("cloudy-archive 1\n".utf8)

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

  private struct Header: Codable {
    var title: String?
    var url: String
    var contentType: String?
    var links: [String]
    var textLength: Int
    var textStored: Int
    var htmlLength: Int
    var htmlStored: Int
  }

  /// The asset's bytes.
  public func encoded() -> [UInt8] {
    let text = Deflate.compress(Array(self.text.utf8))
    let html = Deflate.compress(self.html)
    let header = Header(
      title: title, url: url, contentType: contentType, links: links, textLength: self.text.utf8.count,
      textStored: text.count, htmlLength: self.html.count, htmlStored: html.count)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    // The encoder escapes newlines in strings, so the header is one line.
    let json = (try? encoder.encode(header)).map(Array.init) ?? []
    return Self.magic + json + [0x0A] + text + html
  }

  /// The archive in `bytes`, or nil when they are not one (damaged, or not an archive).
  public init?(decoding bytes: [UInt8]) {
    guard let (header, text, htmlStart) = Self.header(and: bytes),
      let html = Deflate.decompress(bytes[htmlStart...], length: header.htmlLength)
    else { return nil }
    self.init(
      title: header.title, url: header.url, contentType: header.contentType,
      text: String(decoding: text, as: UTF8.self), links: header.links, html: html)
  }

  /// Only the readable text of the archive in `bytes` (the original HTML, most of an asset,
  /// is left deflated: a search's snippets need the text alone), or nil when they are not one.
  public static func text(decoding bytes: [UInt8]) -> String? {
    header(and: bytes).map { String(decoding: $0.text, as: UTF8.self) }
  }

  /// The header, the inflated text and where the HTML begins, once the lengths are checked.
  private static func header(and bytes: [UInt8]) -> (header: Header, text: [UInt8], htmlStart: Int)? {
    guard bytes.starts(with: Self.magic),
      let lineEnd = bytes[Self.magic.count...].firstIndex(of: 0x0A),
      let header = try? JSONDecoder().decode(Header.self, from: Data(bytes[Self.magic.count..<lineEnd]))
    else { return nil }
    let textStart = lineEnd + 1
    let htmlStart = textStart + header.textStored
    guard header.textStored >= 0, header.htmlStored >= 0, header.textLength <= Self.textLimit,
      header.htmlLength <= Self.htmlLimit, htmlStart + header.htmlStored == bytes.count,
      let text = Deflate.decompress(bytes[textStart..<htmlStart], length: header.textLength)
    else { return nil }
    return (header, text, htmlStart)
  }
}
