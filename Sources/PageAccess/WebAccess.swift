import BookmarkModel
import BookmarkStoreInterface
import DeviceHome
import Foundation
import Synchronization
import TerminalUI
import WebFetching
import WebPages

/// The web as the commands use it: one fetcher with the user's proxy settings and a
/// timeout, shut down when the work is done.
package struct WebAccess {
  /// The longest one fetch may take, redirects included (`--timeout`).
  package var timeout: Duration
  package var environment: [String: String]

  package init(timeout: Duration, environment: [String: String]) {
    self.timeout = timeout
    self.environment = environment
  }

  /// Runs `body` with a fetcher, then closes its connections.
  package func with<T>(_ body: (HTTPPageFetcher) async throws -> T) async rethrows -> T {
    let fetcher = makeFetcher()
    do {
      let result = try await body(fetcher)
      await fetcher.shutdown()
      return result
    } catch {
      await fetcher.shutdown()
      throw error
    }
  }

  /// The app's titles and link checks over one fetcher that lives as long as the app; the
  /// checks are kept in this device's `link-checks.json`. Call the returned `close` after the
  /// app ends.
  package func pageServices(keepingChecksIn location: StoreLocation, store: any BookmarkStore) -> (
    PageServices, close: @Sendable () async -> Void
  ) {
    let fetcher = makeFetcher()
    let services = PageServices(
      fetchTitle: { url in await TitleFetcher(fetcher: fetcher).title(for: url) },
      checkLinks: { bookmarks, each in
        // The last result is told only once every result is kept, so "Checked N links" on the
        // screen means they are on disk (a quit right after it loses nothing).
        let last = Mutex<(Bookmark.ID, LinkCheck, Int, Int)?>(nil)
        let checks = Mutex<[Bookmark.ID: LinkCheck]>([:])
        _ = await LinkChecker(fetcher: fetcher).check(bookmarks.map { (key: $0.id, url: $0.url) }) {
          result, done, total in
          let check = LinkCheck(url: result.url, status: result.status, checked: Date())
          checks.withLock { $0[result.key] = check }
          if done == total {
            last.withLock { $0 = (result.key, check, done, total) }
          } else {
            each(result.key, check, done, total)
          }
        }
        let ids = (try? await store.load()).map { Set($0.map(\.id)) }
        _ = try? LinkCheckFile.merge(checks.withLock { $0 }, keeping: ids, into: location)
        if let (id, check, done, total) = last.withLock({ $0 }) { each(id, check, done, total) }
      },
      keptChecks: { (try? LinkCheckFile.load(from: location)) ?? [:] })
    return (services, { await fetcher.shutdown() })
  }

  private func makeFetcher() -> HTTPPageFetcher {
    HTTPPageFetcher(environment: environment, connectTimeout: min(.seconds(5), timeout), requestTimeout: timeout)
  }

  /// Whether a bookmark's name is still only its default (its host, or its URL): a name
  /// from the page may replace it.
  package static func isUntitled(_ bookmark: Bookmark) -> Bool {
    bookmark.name == BookmarkDraft.name("", orDefaultFor: bookmark.url) || bookmark.name == bookmark.url
  }
}
