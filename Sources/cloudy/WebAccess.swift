import BookmarkModel
import Foundation
import WebFetching
import WebPages

/// The web as the commands use it: one fetcher with the user's proxy settings and a
/// timeout, shut down when the work is done.
struct WebAccess {
  /// The longest one fetch may take, redirects included (`--timeout`).
  var timeout: Duration
  var environment: [String: String]

  /// Runs `body` with a fetcher, then closes its connections.
  func with<T>(_ body: (HTTPPageFetcher) async throws -> T) async rethrows -> T {
    let fetcher = HTTPPageFetcher(
      environment: environment, connectTimeout: min(.seconds(5), timeout), requestTimeout: timeout)
    do {
      let result = try await body(fetcher)
      await fetcher.shutdown()
      return result
    } catch {
      await fetcher.shutdown()
      throw error
    }
  }

  /// Whether a bookmark's name is still only its default (its host, or its URL): a name
  /// from the page may replace it.
  static func isUntitled(_ bookmark: Bookmark) -> Bool {
    bookmark.name == BookmarkDraft.name("", orDefaultFor: bookmark.url) || bookmark.name == bookmark.url
  }
}
