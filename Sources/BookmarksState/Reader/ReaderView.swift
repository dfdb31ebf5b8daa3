import BookmarkModel
import Foundation

/// The reader (`r` on a bookmark): its archived page, wrapped to the window, scrolled by line
/// and page, searched within (`/`, then `n`/`N`), its numbered links opened (`o` and a
/// number). Its own state; the list stays as it was beneath it.
public struct ReaderView: Hashable, Sendable {
  /// The bookmark whose page this is.
  public var bookmark: Bookmark
  /// The page; nil until the runtime has read it.
  public var page: ReaderPage?
  /// Why there is no page to show.
  public var error: String?
  /// The page's lines wrapped to ``wrappedWidth`` cells.
  public private(set) var lines: [String] = []
  public private(set) var wrappedWidth = 0
  /// The first line shown.
  public var top = 0
  /// The search being typed after `/`; nil when none is.
  public var searchField: TextField?
  /// The last search: what was looked for, and the lines holding it.
  public var query: String?
  public var matches: [Int] = []
  /// Which of ``matches`` `n`/`N` went to last; nil before the first.
  public var currentMatch: Int?
  /// The link number being typed after `o`; nil when none is.
  public var linkField: TextField?

  public init(bookmark: Bookmark) {
    self.bookmark = bookmark
  }

  /// Wraps the page (again) for a text area `width` cells wide; the first line shown stays
  /// about where it was.
  package mutating func wrap(width: Int) {
    guard let page, width != wrappedWidth || lines.isEmpty else { return }
    let fraction = lines.isEmpty ? 0 : Double(top) / Double(lines.count)
    lines = ReaderWrap.lines(page.text, width: width)
    wrappedWidth = width
    top = Int(fraction * Double(lines.count))
    if let query { find(query) }
  }

  /// Finds `query` in the lines (case, diacritics and width ignored).
  package mutating func find(_ query: String) {
    self.query = query.isEmpty ? nil : query
    currentMatch = nil
    matches = query.isEmpty ? [] : lines.indices.filter { Self.range(of: query, in: lines[$0]) != nil }
  }

  /// Where `query` is in `line`, as the reader matches it.
  package static func range(of query: String, in line: String) -> Range<String.Index>? {
    line.range(of: query, options: matching)
  }

  package static let matching: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive, .widthInsensitive]

  /// Scrolls to the next match (`forward`) or the one before: after a new search, the first
  /// from the top line down (or up). False when there is none that way.
  package mutating func jump(forward: Bool) -> Bool {
    let next: Int?
    if let currentMatch {
      next = currentMatch + (forward ? 1 : -1)
    } else {
      next = forward ? matches.firstIndex { $0 >= top } : matches.lastIndex { $0 < top }
    }
    guard let next, matches.indices.contains(next) else { return false }
    currentMatch = next
    top = matches[next]
    return true
  }

  /// Keeps ``top`` within the page for a text area `height` lines tall.
  package mutating func clamp(height: Int) {
    top = min(max(0, top), max(0, lines.count - height))
  }
}
