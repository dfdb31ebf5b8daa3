import BookmarkModel
import ListSearch

/// How the list is ordered (issue 18.5): `s` cycles through them, and the device remembers
/// the choice.
public enum ListOrder: String, CaseIterable, Hashable, Sendable {
  /// The store's order: as added, oldest first, then as moved with `J`/`K` (synced).
  case manual
  /// By name, folded as the filter folds it (case, accents and width ignored).
  case name
  /// Newest added first.
  case added
  /// Newest changed first.
  case modified
  /// By the URL's host without `www.`, then by name.
  case domain

  /// The order after this one, for `s`.
  public var next: ListOrder {
    let all = Self.allCases
    return all[(all.firstIndex(of: self)! + 1) % all.count]
  }

  /// How the bottom line names it: `Sorted by name.`
  public var label: String {
    switch self {
    case .manual: "your own order"
    case .name: "name"
    case .added: "date added, newest first"
    case .modified: "date modified, newest first"
    case .domain: "domain"
    }
  }

  /// How the bottom line says it after `by `: `by name`.
  public var shortLabel: String {
    switch self {
    case .manual: "your own order"
    case .name: "name"
    case .added: "date added"
    case .modified: "date modified"
    case .domain: "domain"
    }
  }

  /// The bookmarks in this order; equal keys keep the store's order.
  public func sorted(_ bookmarks: [Bookmark]) -> [Bookmark] {
    switch self {
    case .manual:
      return bookmarks
    case .added:
      return stable(bookmarks) { $0.created > $1.created }
    case .modified:
      return stable(bookmarks) { $0.modified > $1.modified }
    case .name:
      var folding = SearchFolding()
      let keys = bookmarks.map { folding.fold($0.name) }
      return ordered(bookmarks, keys: keys) { $0.lexicographicallyPrecedes($1) }
    case .domain:
      var folding = SearchFolding()
      let keys = bookmarks.map { (Self.host(of: $0.url), folding.fold($0.name)) }
      return ordered(bookmarks, keys: keys) {
        $0.0 != $1.0 ? $0.0.lexicographicallyPrecedes($1.0) : $0.1.lexicographicallyPrecedes($1.1)
      }
    }
  }

  /// The host of a URL as sorting reads it: between `://` and the next `/`, `?` or `#`,
  /// without user info, port or `www.`, ASCII lower-cased; a URL without `://` sorts by
  /// itself.
  static func host(of url: String) -> [UInt8] {
    var bytes = Array(url.utf8)
    if let scheme = bytes.firstRange(of: Array("://".utf8)) { bytes.removeSubrange(..<scheme.upperBound) }
    if let end = bytes.firstIndex(where: {
      $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#")
    }) {
      bytes.removeSubrange(end...)
    }
    if let at = bytes.lastIndex(of: UInt8(ascii: "@")) { bytes.removeSubrange(...at) }
    if let colon = bytes.lastIndex(of: UInt8(ascii: ":")), !bytes.contains(UInt8(ascii: "]")) {
      bytes.removeSubrange(colon...)
    }
    bytes = bytes.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }
    if bytes.starts(with: Array("www.".utf8)) { bytes.removeFirst(4) }
    return bytes
  }

  private func stable(_ bookmarks: [Bookmark], by areInOrder: (Bookmark, Bookmark) -> Bool) -> [Bookmark] {
    bookmarks.indices.sorted { a, b in
      areInOrder(bookmarks[a], bookmarks[b]) || (!areInOrder(bookmarks[b], bookmarks[a]) && a < b)
    }.map { bookmarks[$0] }
  }

  private func ordered<Key>(_ bookmarks: [Bookmark], keys: [Key], by areInOrder: (Key, Key) -> Bool) -> [Bookmark] {
    bookmarks.indices.sorted { a, b in
      areInOrder(keys[a], keys[b]) || (!areInOrder(keys[b], keys[a]) && a < b)
    }.map { bookmarks[$0] }
  }
}
