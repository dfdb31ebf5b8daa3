import ArchiveSync
import Archives
import BookmarkModel
import BookmarksState
import DeviceHome
import Foundation
import TerminalUI
import WebPages

/// The app's kept pages (`W`, `r`): the same archives as `cloudy archive` and `cloudy read`.
package enum AppArchives {
  /// - Parameters:
  ///   - web: how pages are fetched; nil when fetching is off (`W` then says so).
  ///   - cloud: where kept pages are sent and fetched from (a synced store, online); nil
  ///     keeps them on this device.
  package static func services(in location: StoreLocation, web: WebAccess?, cloud: ArchiveCloud?) -> ArchiveServices {
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
            let kept = try library.keep(archive, for: bookmark.id, fetched: Date())
            if let cloud {
              do {
                _ = try await ArchiveSharing(library: library, cloud: cloud).sendNewest(of: bookmark.id)
              } catch {
                return .success("Kept the page of “\(bookmark.name)” on this device only: \(sentence(error))")
              }
            }
            switch kept {
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
          var library = try ArchiveAccess.library(in: location, creating: false)
          // Kept on another device: fetched when it is opened.
          if try library?.versions(of: bookmark.id).isEmpty ?? true, let cloud {
            let theirs = try await cloud.versions(of: bookmark.id)
            if !theirs.isEmpty, let here = try ArchiveAccess.library(in: location, creating: true) {
              try await ArchiveSharing(library: here, cloud: cloud).fetch(bookmark.id, from: theirs)
              library = here
            }
          }
          guard let library, let newest = try library.versions(of: bookmark.id).first,
            let archive = try library.open(newest.hash)
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

  /// An error as the end of a sentence.
  private static func sentence(_ error: any Error) -> String {
    let text = "\(error)"
    return text.hasSuffix(".") ? text : text + "."
  }
}
