import Archives
import BookmarkModel
import BookmarksState
import DeviceHome
import Foundation
import TerminalUI
import WebPages

/// The app's kept pages (`W`, `r`): the same archives as `cloudy archive` and `cloudy read`.
package enum AppArchives {
  /// - Parameter web: how pages are fetched; nil when fetching is off (`W` then says so).
  package static func services(in location: StoreLocation, web: WebAccess?) -> ArchiveServices {
    ArchiveServices(
      archive: { bookmark in
        guard let web else {
          return .failure(FailureMessage("Keeping pages needs the web, which --no-fetch turns off."))
        }
        let fetched = await web.with { fetcher in await PageArchiver(fetcher: fetcher).archive(bookmark.url) }
        switch fetched {
        case .failure(let failure):
          return .failure(FailureMessage("The page of “\(bookmark.name)” was not kept: \(failure.sentence)."))
        case .success(let archive):
          do {
            guard let library = try ArchiveAccess.library(in: location, creating: true) else {
              return .failure(FailureMessage("No archives here."))
            }
            switch try library.keep(archive, for: bookmark.id, fetched: Date()) {
            case .stored(_, let bytes):
              return .success("Kept the page of “\(bookmark.name)” (\((bytes + 1023) / 1024) KB); r reads it.")
            case .shared: return .success("Kept the page of “\(bookmark.name)”: the same as another copy; r reads it.")
            case .unchanged: return .success("The page of “\(bookmark.name)” has not changed since it was kept.")
            }
          } catch {
            return .failure(FailureMessage("The page of “\(bookmark.name)” was not kept: \(error)"))
          }
        }
      },
      read: { bookmark in
        do {
          guard let library = try ArchiveAccess.library(in: location, creating: false),
            let newest = try library.versions(of: bookmark.id).first, let archive = try library.open(newest.hash)
          else { return .success(nil) }
          return .success(
            ReaderPage(
              title: archive.title, url: archive.url, fetched: newest.fetched, text: archive.text, links: archive.links)
          )
        } catch {
          return .failure(FailureMessage("\(error)"))
        }
      },
      search: { text in
        let library = try? ArchiveAccess.library(in: location, creating: false)
        return (try? library?.bookmarks(holding: text, limit: ArchiveAccess.filterLimit)) ?? []
      },
      kept: { ids in
        let library = try? ArchiveAccess.library(in: location, creating: false)
        return ids.intersection((try? library?.archivedBookmarks()) ?? [])
      })
  }
}
