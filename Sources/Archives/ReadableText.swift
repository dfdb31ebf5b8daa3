import Foundation
import ScreenRendering
import WebPages

/// A page's readable text: its main content as headings (`#`, `##`…), paragraphs, list items
/// (`•`, `1.`) and preformatted lines, blocks apart by a blank line, each link's text followed
/// by its number (`[1]`) and the links listed at the end as footnotes.
///
/// What is dropped: the head, scripts, styles, navigation, page headers and footers, asides,
/// forms, SVG, and everything a page would make the browser fetch (images, frames, media are
/// never text). When the page has a `<main>` or `<article>`, only that is kept.
///
/// Hostile pages: one pass over the bytes with the open elements on an array, never a
/// recursion, so a page nested a million deep needs memory, not stack; character references
/// are decoded, and every control, escape and bidi character then goes the way a bookmark's
/// name does on screen (``DisplayText/sanitize(_:)``): it is shown, never obeyed.
public enum ReadableText {
  /// The text and the links its footnotes number (`links[0]` is `[1]`).
  public static func extract(html: String, baseURL: String?) -> (text: String, links: [String]) {
    let bytes = Array(html.utf8)
    let base = baseURL.flatMap { URL(string: $0) }
    if hasMainContent(bytes) {
      var main = Extraction(bytes: bytes, base: base, mainOnly: true)
      let read = main.run()
      if !read.text.isEmpty { return read }
    }
    var whole = Extraction(bytes: bytes, base: base, mainOnly: false)
    return whole.run()
  }

  /// Whether a `<main` or `<article` tag appears (a cheap look before the real pass).
  static func hasMainContent(_ bytes: [UInt8]) -> Bool {
    let names: [[UInt8]] = [Array("main".utf8), Array("article".utf8)]
    var index = 0
    while index < bytes.count {
      defer { index += 1 }
      guard bytes[index] == 0x3C else { continue }
      for name in names where index + name.count + 1 < bytes.count {
        var matched = true
        for (offset, byte) in name.enumerated() where bytes[index + 1 + offset] | 0x20 != byte {
          matched = false
          break
        }
        let next = bytes[index + 1 + name.count]
        if matched, next == 0x3E || next == 0x20 || next == 0x09 || next == 0x0A || next == 0x0D { return true }
      }
    }
    return false
  }
}

/// One pass of ``ReadableText/extract(html:baseURL:)``.
private struct Extraction {
  private enum Kind: Equatable {
    case paragraph
    case heading(Int)
    case item(String)
    case preformatted
  }

  private struct Open {
    var name: String
    var skips = false
    var isMain = false
    var isPre = false
    var list: Bool? = nil
    var isLink = false
    var isBlock = false
  }

  private static let voidElements: Set<String> = [
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr",
    "keygen", "frame",
  ]
  /// Elements whose content is not markup: skipped to their end tag.
  private static let rawText: Set<String> = [
    "script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes", "noscript", "plaintext",
  ]
  /// Elements whose content is not the page's reading.
  private static let skipped: Set<String> = [
    "head", "nav", "aside", "form", "svg", "math", "template", "select", "button", "object", "video", "audio",
    "canvas", "map", "dialog", "menu", "footer",
  ]
  private static let blocks: Set<String> = [
    "p", "div", "section", "article", "main", "blockquote", "pre", "table", "tr", "td", "th", "caption", "dl", "dt",
    "dd", "figure", "figcaption", "address", "details", "summary", "li", "ul", "ol", "h1", "h2", "h3", "h4", "h5",
    "h6", "header", "hr", "body", "center", "fieldset", "legend",
  ]

  let bytes: [UInt8]
  let base: URL?
  let mainOnly: Bool

  private var stack: [Open] = []
  private var openCount: [String: Int] = [:]
  private var skipDepth = 0
  private var mainDepth = 0
  private var preDepth = 0
  private var lists: [(ordered: Bool, count: Int)] = []
  private var output: [String] = []
  /// Whether the last block kept was a list item (items follow one another without a blank
  /// line).
  private var lastWasItem = false
  private var current = ""
  private var kind = Kind.paragraph
  private var link: (url: String?, textStart: Int)? = nil
  private var links: [String] = []
  private var linkNumbers: [String: Int] = [:]

  init(bytes: [UInt8], base: URL?, mainOnly: Bool) {
    self.bytes = bytes
    self.base = base
    self.mainOnly = mainOnly
  }

  private var isReading: Bool { skipDepth == 0 && (!mainOnly || mainDepth > 0) }

  mutating func run() -> (text: String, links: [String]) {
    var index = 0
    var textStart = 0
    while index < bytes.count {
      guard bytes[index] == 0x3C, index + 1 < bytes.count else {
        index += 1
        continue
      }
      let next = bytes[index + 1]
      let isTag = next == 0x21 || next == 0x3F || next == 0x2F || isLetter(next)
      guard isTag else {
        index += 1
        continue
      }
      text(textStart..<index)
      index = tag(at: index)
      textStart = index
    }
    text(textStart..<min(index, bytes.count))
    flush()
    var text = output.joined(separator: "\n\n")
    if !links.isEmpty {
      text +=
        "\n\n"
        + links.enumerated().map { "[\($0.offset + 1)] \(DisplayText.sanitize($0.element))" }
        .joined(separator: "\n")
    }
    return (text, links)
  }

  // MARK: - Tags

  /// Handles the tag at `start` (a `<`); the index after it.
  private mutating func tag(at start: Int) -> Int {
    let next = bytes[start + 1]
    if next == 0x21 {
      if bytes[start...].starts(with: Array("<!--".utf8)) {
        return (find(Array("-->".utf8), from: start + 4).map { $0 + 3 }) ?? bytes.count
      }
      return end(of: start)
    }
    if next == 0x3F { return end(of: start) }
    let closing = next == 0x2F
    var index = start + (closing ? 2 : 1)
    let nameStart = index
    while index < bytes.count, isNameByte(bytes[index]) { index += 1 }
    let name = String(decoding: bytes[nameStart..<index], as: UTF8.self).lowercased()
    let tagEnd = end(of: index)
    if name.isEmpty { return tagEnd }
    if closing {
      close(name)
      return tagEnd
    }
    let selfClosing = tagEnd >= 2 && bytes[tagEnd - 2] == 0x2F
    let attributes = bytes[index..<max(index, tagEnd - 1)]
    if Self.rawText.contains(name) {
      if name == "plaintext" { return bytes.count }
      let closeTag = Array("</\(name)".utf8)
      guard let close = find(closeTag, from: tagEnd, ignoringCase: true) else { return bytes.count }
      return end(of: close + closeTag.count)
    }
    open(name, attributes: attributes, selfClosing: selfClosing)
    return tagEnd
  }

  private mutating func open(_ name: String, attributes: ArraySlice<UInt8>, selfClosing: Bool) {
    if name == "br" {
      if isReading { current += "\n" }
      return
    }
    if Self.blocks.contains(name) { flush() }
    if name == "hr" || name == "img" { return }
    if Self.voidElements.contains(name) || selfClosing { return }
    var element = Open(name: name, isBlock: Self.blocks.contains(name))
    if Self.skipped.contains(name) || (name == "header" && mainDepth == 0 && !mainOnly) {
      element.skips = true
      skipDepth += 1
    }
    switch name {
    case "main", "article":
      element.isMain = true
      mainDepth += 1
    case "pre":
      element.isPre = true
      preDepth += 1
      kind = .preformatted
    case "ul", "ol":
      element.list = name == "ol"
      lists.append((name == "ol", 0))
    case "li":
      if !lists.isEmpty {
        lists[lists.count - 1].count += 1
        let list = lists[lists.count - 1]
        let indent = String(repeating: "  ", count: min(lists.count - 1, 8))
        kind = .item(indent + (list.ordered ? "\(list.count). " : "• "))
      } else {
        kind = .item("• ")
      }
    case "h1", "h2", "h3", "h4", "h5", "h6":
      kind = .heading(Int(String(name.dropFirst())) ?? 1)
    case "a":
      element.isLink = true
      link = (href(in: attributes), current.utf8.count)
    default: break
    }
    stack.append(element)
    openCount[name, default: 0] += 1
  }

  /// Closes the open element `name` and every element opened inside it; an end tag with no
  /// open element is ignored.
  private mutating func close(_ name: String) {
    if name == "br" {
      if isReading { current += "\n" }
      return
    }
    guard openCount[name, default: 0] > 0 else { return }
    while let element = stack.popLast() {
      openCount[element.name, default: 1] -= 1
      if element.isLink { closeLink() }
      if element.isBlock { flush() }
      if element.skips { skipDepth -= 1 }
      if element.isMain { mainDepth -= 1 }
      if element.isPre {
        preDepth -= 1
        if preDepth == 0 { kind = .paragraph }
      }
      if element.list != nil, !lists.isEmpty {
        lists.removeLast()
        // A list after a list is apart from it; a list in an item goes on under it.
        if lists.isEmpty { lastWasItem = false }
      }
      if element.name == name { return }
    }
  }

  private mutating func closeLink() {
    guard let open = link else { return }
    link = nil
    guard isReading, let url = open.url, current.utf8.count > open.textStart else { return }
    let number: Int
    if let known = linkNumbers[url] {
      number = known
    } else {
      links.append(url)
      number = links.count
      linkNumbers[url] = number
    }
    current += " [\(number)]"
  }

  /// `line` without the white space at its ends (tabs and the Unicode space separators, as
  /// `CharacterSet.whitespaces`, without going through Foundation).
  static func trimmed(_ line: Substring) -> String {
    func isSpace(_ scalar: Unicode.Scalar) -> Bool {
      scalar == " " || scalar == "\t" || (!scalar.isASCII && scalar.properties.generalCategory == .spaceSeparator)
    }
    let scalars = line.unicodeScalars
    guard let first = scalars.firstIndex(where: { !isSpace($0) }) else { return "" }
    let last = scalars.lastIndex { !isSpace($0) }!
    return String(scalars[first...last])
  }

  /// The `href` of an `<a>`, made absolute; nil unless it leads to a web page elsewhere.
  private func href(in attributes: ArraySlice<UInt8>) -> String? {
    guard let raw = TagAttributes.value(of: "href", in: attributes) else { return nil }
    let value = PageText.decodeEntities(raw).trimmingCharacters(in: .whitespacesAndNewlines)
    guard !value.isEmpty, !value.hasPrefix("#"),
      let resolved = URL(string: value, relativeTo: base)?.absoluteURL.absoluteString,
      let scheme = resolved.split(separator: ":").first?.lowercased(), scheme == "http" || scheme == "https"
    else { return nil }
    return resolved
  }

  // MARK: - Text

  private mutating func text(_ range: Range<Int>) {
    guard !range.isEmpty, isReading else { return }
    let raw = PageText.decodeEntities(String(decoding: bytes[range], as: UTF8.self))
    if preDepth > 0 {
      current += raw.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\t", with: "    ")
      return
    }
    for scalar in raw.unicodeScalars {
      // (ASCII first: asking the scalar's properties was a tenth of an archive's time.)
      let isSpace =
        scalar.isASCII
        ? scalar == " " || ("\t"..."\r").contains(scalar) : scalar.properties.isWhitespace && scalar != "\u{A0}"
      if isSpace {
        if let last = current.unicodeScalars.last, last != " ", last != "\n" { current += " " }
      } else {
        current.unicodeScalars.append(scalar)
      }
    }
  }

  /// Ends the block being read: its lines trimmed, sanitized, and kept if not blank.
  private mutating func flush() {
    guard !current.isEmpty else {
      if preDepth == 0 { kind = .paragraph }
      return
    }
    defer {
      current = ""
      if preDepth == 0 { kind = .paragraph }
    }
    let isPre = kind == .preformatted
    let lines = current.split(separator: "\n", omittingEmptySubsequences: !isPre).map {
      isPre ? String($0) : Self.trimmed($0)
    }
    var block = lines.filter { isPre || !$0.isEmpty }.map(DisplayText.sanitize)
    while let first = block.first, Self.trimmed(first[...]).isEmpty { block.removeFirst() }
    while let last = block.last, Self.trimmed(last[...]).isEmpty { block.removeLast() }
    guard !block.isEmpty else { return }
    switch kind {
    case .heading(let level): block[0] = String(repeating: "#", count: level) + " " + block[0]
    case .item(let marker): block[0] = marker + block[0]
    case .paragraph, .preformatted: break
    }
    let isItem = if case .item = kind { true } else { false }
    if isItem, lastWasItem, let last = output.popLast() {
      output.append(last + "\n" + block.joined(separator: "\n"))
    } else {
      output.append(block.joined(separator: "\n"))
    }
    lastWasItem = isItem
    if link != nil { link?.textStart = 0 }
  }

  // MARK: - Bytes

  private func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }

  private func isNameByte(_ byte: UInt8) -> Bool {
    isLetter(byte) || (0x30...0x39).contains(byte) || byte == 0x2D || byte == 0x3A || byte == 0x5F
  }

  /// The index after the `>` that ends the tag going on at `start` (quotes respected).
  private func end(of start: Int) -> Int {
    var index = start
    var quote: UInt8? = nil
    while index < bytes.count {
      let byte = bytes[index]
      if let open = quote {
        if byte == open { quote = nil }
      } else if byte == 0x22 || byte == 0x27 {
        // A quote opens a value only after `=` (a stray quote in a tag name does not).
        if index > 0, bytes[index - 1] == 0x3D || bytes[index - 1] == 0x20 { quote = byte }
      } else if byte == 0x3E {
        return index + 1
      }
      index += 1
    }
    return bytes.count
  }

  private func find(_ pattern: [UInt8], from start: Int, ignoringCase: Bool = false) -> Int? {
    guard !pattern.isEmpty, start + pattern.count <= bytes.count else { return nil }
    let first = pattern[0]
    var index = start
    while index + pattern.count <= bytes.count {
      if bytes[index] == first {
        var matched = true
        for offset in 1..<pattern.count {
          var byte = bytes[index + offset]
          if ignoringCase, (0x41...0x5A).contains(byte) { byte += 0x20 }
          if byte != pattern[offset] {
            matched = false
            break
          }
        }
        if matched { return index }
      }
      index += 1
    }
    return nil
  }
}
