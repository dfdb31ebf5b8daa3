/// The tags of a Netscape bookmark file, or of an XBEL file, that mean something to the
/// importer.
enum NetscapeTag: Hashable, Sendable {
  case anchor  // <A HREF=…>name</A>: a bookmark
  case heading  // <H3>name</H3>: a folder's name
  case list  // <DL>: a folder's contents
  case term  // <DT>: an entry (never closed in practice)
  case description  // <DD>: notes on the entry before (never closed)
  case separator  // <HR>, or XBEL's <separator/>
  case xbel  // <xbel>: an XBEL file
  case folder  // XBEL <folder>…</folder>
  case bookmark  // XBEL <bookmark href=…>…</bookmark>
  case title  // XBEL <title>: a folder's or bookmark's name
  case desc  // XBEL <desc>: notes
  case other

  init(lowercasedName name: [UInt8]) {
    switch name {
    case [0x61]: self = .anchor  // a
    case [0x68, 0x33]: self = .heading  // h3
    case [0x64, 0x6C]: self = .list  // dl
    case [0x64, 0x74]: self = .term  // dt
    case [0x64, 0x64]: self = .description  // dd
    case [0x68, 0x72]: self = .separator  // hr
    case Array("separator".utf8): self = .separator
    case Array("xbel".utf8): self = .xbel
    case Array("folder".utf8): self = .folder
    case Array("bookmark".utf8): self = .bookmark
    case Array("title".utf8): self = .title
    case Array("desc".utf8): self = .desc
    default: self = .other
    }
  }
}

/// The attribute values the importer keeps, as raw bytes (entities not yet decoded).
/// Everything else (`ICON`, `ICON_URI`, `LAST_CHARSET`, …) is skipped without being stored.
struct NetscapeAttributes: Hashable, Sendable {
  var href: [UInt8]?
  var addDate: [UInt8]?
  var lastModified: [UInt8]?
  var tags: [UInt8]?
  /// XBEL's `added` and `modified`.
  var added: [UInt8]?
  var modified: [UInt8]?

  enum Key {
    case href, addDate, lastModified, tags, added, modified

    init?(lowercasedName name: [UInt8]) {
      switch name {
      case Array("href".utf8): self = .href
      case Array("add_date".utf8): self = .addDate
      case Array("last_modified".utf8): self = .lastModified
      case Array("tags".utf8): self = .tags
      case Array("added".utf8): self = .added
      case Array("modified".utf8): self = .modified
      default: return nil
      }
    }
  }

  subscript(key: Key) -> [UInt8]? {
    get {
      switch key {
      case .href: href
      case .addDate: addDate
      case .lastModified: lastModified
      case .tags: tags
      case .added: added
      case .modified: modified
      }
    }
    set {
      switch key {
      case .href: href = newValue
      case .addDate: addDate = newValue
      case .lastModified: lastModified = newValue
      case .tags: tags = newValue
      case .added: added = newValue
      case .modified: modified = newValue
      }
    }
  }
}

/// What the tokenizer reports, in file order.
enum NetscapeToken: Hashable, Sendable {
  case start(NetscapeTag, NetscapeAttributes, line: Int)
  case end(NetscapeTag, line: Int)
  /// Text between tags, raw bytes; sent only while the receiver ``NetscapeTokenSink/wantsText``.
  case text([UInt8])
}

/// Receives the tokenizer's tokens as they are found.
protocol NetscapeTokenSink {
  /// Whether text between tags is wanted now; unwanted text is dropped unread.
  var wantsText: Bool { get }
  mutating func receive(_ token: NetscapeToken) throws
}
