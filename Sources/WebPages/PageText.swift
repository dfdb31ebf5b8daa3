/// A page's bytes as text in its own charset, and character references decoded: what the
/// title finder does, for readers of the whole page (the archives).
public enum PageText {
  /// The body as text: the charset from its byte-order mark, header or markup (UTF-8 when
  /// nothing says; windows-1252 when iconv does not know the name).
  public static func decode(_ body: [UInt8], contentType: String?) -> String {
    let (charset, skip) = PageCharset.detect(body, contentType: contentType)
    let start = min(skip, body.count)
    return TextDecoding.decode(body[start...], charset: charset)
      ?? TextDecoding.decode(body[start...], charset: "windows-1252") ?? ""
  }

  /// `&amp;`, `&#8212;`, `&eacute;` and the other references made the characters they name.
  public static func decodeEntities(_ text: String) -> String { HTMLEntities.decode(text) }

  /// Whether a `Content-Type` is a page: HTML, XHTML, XML, or none named.
  public static func isPage(_ contentType: String?) -> Bool {
    guard let type = contentType?.lowercased().split(separator: ";").first?.trimmingCharacters(in: " ") else {
      return true
    }
    return type.isEmpty || type == "text/html" || type.hasSuffix("+xml") || type == "application/xml"
      || type == "text/xml"
  }
}
