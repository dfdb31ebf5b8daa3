import BookmarkModel
import DurableFiles
import Foundation
import Shelf

/// A shelf with a small copy of its latest results on this device, for reading when the
/// cloud can't be reached: the bookmarks lists and searches showed last (``limit`` at most,
/// the latest kept), in one private file. A whole shelf listed in full replaces the copy, so
/// what was removed goes from it too. From the copy, pages are filtered and sorted here and
/// come marked stale; every write needs the cloud.
public final class CachedShelf: ShelfService {
  public let shelf: any ShelfService
  public let cachePath: String
  public var displayName: String { shelf.displayName }

  /// How many bookmarks the copy keeps at most.
  public static let limit = 1000

  public init(_ shelf: any ShelfService, cachePath: String) {
    self.shelf = shelf
    self.cachePath = cachePath
  }

  private struct Copy: Codable {
    /// Newest first.
    var bookmarks: [ShelfBookmark]
  }

  public func page(matching query: String, after: ShelfCursor?, limit: Int) async throws -> ShelfPage {
    do {
      var page = try await shelf.page(matching: query, after: after, limit: limit)
      page.bookmarks.removeAll { !Self.isShown($0) }
      keep(page, complete: query.isEmpty && after == nil && !page.hasMore)
      return page
    } catch ShelfError.notReadable {
      // A role taken away takes the copy with it.
      try? FileManager.default.removeItem(atPath: cachePath)
      throw ShelfError.notReadable
    } catch ShelfError.unavailable(let reason) {
      guard let copy = read() else { throw ShelfError.unavailable(reason) }
      let folded = ShelfRules.folded(query)
      var found = copy.bookmarks.filter {
        folded.isEmpty || ShelfRules.folded($0.name + " " + $0.url).contains(folded)
      }
      found.sort { Self.order($0) < Self.order($1) }
      if let after {
        let cursor = (ShelfRules.folded(after.name), after.id)
        found.removeAll { Self.order($0) <= cursor }
      }
      let limit = max(1, limit)
      return ShelfPage(bookmarks: Array(found.prefix(limit)), hasMore: found.count > limit, stale: reason)
    }
  }

  /// Whether a bookmark read from the shelf keeps the rules every bookmark entering Cloudy
  /// keeps: the shelf's, and the one URL rule (no white space, no bidi or invisible character,
  /// a host for http and https). A row written around Cloudy (an editor with psql) that
  /// breaks them is not shown, as a stored entry breaking the URL rule never is.
  static func isShown(_ bookmark: ShelfBookmark) -> Bool {
    (try? ShelfRules.check(name: bookmark.name, url: bookmark.url)) != nil
      && BookmarkURL.storageProblem(bookmark.url) == nil
  }

  private static func order(_ bookmark: ShelfBookmark) -> (String, String) {
    (ShelfRules.folded(bookmark.name), bookmark.id)
  }

  /// The page's bookmarks go first in the copy, replacing older copies of them; a page that
  /// is the whole shelf replaces the copy.
  private func keep(_ page: ShelfPage, complete: Bool) {
    let fresh = Set(page.bookmarks.map(\.id))
    let older = complete ? [] : (read()?.bookmarks ?? []).filter { !fresh.contains($0.id) }
    let copy = Copy(bookmarks: Array((page.bookmarks + older).prefix(Self.limit)))
    guard let data = try? JSONEncoder().encode(copy) else { return }
    // A copy that can't be written only means less to read offline.
    try? PrivateFiles.makeDirectory((cachePath as NSString).deletingLastPathComponent)
    try? PrivateFiles.replace(cachePath, with: data)
  }

  private func read() -> Copy? {
    guard let data = try? PrivateFiles.read(cachePath) else { return nil }
    // A damaged copy is no copy; it is replaced by the next results.
    guard let copy = try? JSONDecoder().decode(Copy.self, from: data) else { return nil }
    // The copy came from a file: what the cloud refuses is refused here too.
    return Copy(bookmarks: copy.bookmarks.filter(Self.isShown))
  }

  public func access() async throws -> ShelfAccess { try await shelf.access() }
  public func create(worldReadable: Bool) async throws { try await shelf.create(worldReadable: worldReadable) }
  public func setWorldReadable(_ worldReadable: Bool) async throws { try await shelf.setWorldReadable(worldReadable) }

  public func bookmark(id: String) async throws -> ShelfBookmark? {
    do {
      return try await shelf.bookmark(id: id).flatMap { Self.isShown($0) ? $0 : nil }
    } catch ShelfError.unavailable(let reason) {
      guard let copy = read(), let found = copy.bookmarks.first(where: { $0.id == id }) else {
        throw ShelfError.unavailable(reason)
      }
      return found
    }
  }

  public func add(name: String, url: String) async throws -> ShelfBookmark {
    try await shelf.add(name: name, url: url)
  }

  public func edit(id: String, name: String, url: String, basedOn version: Int64) async throws -> ShelfEdit {
    try await shelf.edit(id: id, name: name, url: url, basedOn: version)
  }

  public func remove(id: String) async throws { try await shelf.remove(id: id) }
  public func members() async throws -> [ShelfMember] { try await shelf.members() }

  @discardableResult
  public func grant(account: String, group: String?, role: ShelfRole) async throws -> ShelfMember {
    try await shelf.grant(account: account, group: group, role: role)
  }

  public func revoke(account: String, group: String?) async throws {
    try await shelf.revoke(account: account, group: group)
  }

  public func signals() -> AsyncStream<Void> { shelf.signals() }
  public func close() async { await shelf.close() }
}
