import ArchiveSync
import Archives
import ArgumentParser
import BookmarkModel
import BookmarkStoreInterface
import CommandLineIO
import Foundation
import PageAccess
import ScreenRendering

/// `cloudy archive [ID…|--all|--missing] [--timeout SECONDS]`: keep bookmarks' pages on this
/// device, to read (`cloudy read`) and search (`cloudy search --text`) without the web.
struct ArchiveCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "archive",
    abstract: "Keep bookmarks' pages on this device, to read and search inside them offline.",
    discussion: """
      Fetches each page once (only the page: no images, scripts or frames), with the rules of title fetches \
      (web addresses only, redirects checked, no redirect into a private network, at most 2 MB), and keeps its \
      readable text, title, final URL and the original HTML, compressed. A page is kept once however many \
      bookmarks have it; fetching an unchanged page again keeps nothing new; the last 3 versions of each \
      bookmark's page are kept. Prints one line a bookmark; exit status 1 when a page could not be archived.

      With a synced store, kept pages go to the cloud, and another device reads them from there (`cloudy read`, \
      `r` in the app fetch a page when it is opened). --download fetches every page other devices kept, to \
      search inside them here. A page kept while the cloud could not be reached is sent by the next `cloudy archive`.
      """)

  /// Pages fetched at once.
  static let concurrency = 4

  @OptionGroup var options: GlobalOptions

  @Argument(help: "Bookmark ids (or unique prefixes) whose pages to keep.")
  var ids: [String] = []

  @Flag(name: .long, help: "Every bookmark's page.")
  var all = false

  @Flag(name: .long, help: "The pages of bookmarks not archived yet.")
  var missing = false

  @Flag(name: .long, help: "Fetch the pages other devices kept (and send the ones kept here that the cloud lacks).")
  var download = false

  @Option(name: .long, help: ArgumentHelp("Give up on one page after this long.", valueName: "seconds"))
  var timeout: Int = 10

  func validate() throws {
    if timeout < 1 { throw ValidationError("--timeout needs a whole number of seconds, 1 or more.") }
    if [!ids.isEmpty, all, missing, download].filter({ $0 }).count != 1 {
      throw ValidationError("Give bookmark ids, or --all, or --missing, or --download.")
    }
  }

  func run() async throws {
    if !download { try options.requireFetching("Archiving pages") }
    let failures = try await options.withArchiveCloud { try await archive(through: $0) }
    if failures > 0 { throw ExitCode(1) }
  }

  /// Keeps the pages asked for (or fetches them, `--download`); how many failed.
  private func archive(through cloud: ArchiveCloud?) async throws -> Int {
    try await CLIError.reporting {
      let store = try await options.openStore()
      let bookmarks = try await store.load()
      guard
        let library = try ArchiveAccess.reporting({ try ArchiveAccess.library(in: options.location, creating: true) })
      else { return 0 }
      let sharing = cloud.map { ArchiveSharing(library: library, cloud: $0) }
      if download {
        guard let sharing else {
          throw CLIError("Pages go through the cloud only with a synced store, online; here they stay on this device.")
        }
        let done = try await exchange(sharing, among: bookmarks, fetching: true)
        GlobalOptions.warn(
          "Fetched \(Self.pages(done.fetched)) kept on other devices; sent \(Self.pages(done.sent)) kept here.")
        try await free(library, sharing, keeping: bookmarks, of: store)
        await options.finish(store)
        return 0
      }
      var chosen = ids.isEmpty ? bookmarks : try ids.map { try bookmarks.resolve($0) }
      if missing {
        let archived = try ArchiveAccess.reporting { try library.archivedBookmarks() }
        chosen = chosen.filter { !archived.contains($0.id) }
      }
      let failures = await WebAccess(timeout: .seconds(timeout), environment: options.environment).with { fetcher in
        await archive(chosen, with: PageArchiver(fetcher: fetcher), into: library)
      }
      let kept = chosen.count - failures
      if chosen.isEmpty {
        GlobalOptions.warn(missing ? "Nothing to archive: every bookmark has a kept page." : "No bookmarks to archive.")
      } else {
        GlobalOptions.warn("Archived \(kept) of \(chosen.count) \(chosen.count == 1 ? "page" : "pages").")
      }
      // What was kept goes to the cloud, with any page kept while it could not be reached.
      if let sharing {
        do {
          _ = try await exchange(sharing, among: bookmarks, fetching: false)
        } catch let error as CLIError {
          GlobalOptions.warn(
            error.description + " The pages stay on this device; the next `cloudy archive` sends them.")
        }
      }
      try await free(library, sharing, keeping: bookmarks, of: store)
      await options.finish(store)
      return failures
    }
  }

  /// Fetches the pages a few at a time and keeps each as it comes; the number that failed.
  private func archive(_ bookmarks: [Bookmark], with archiver: PageArchiver, into library: ArchiveLibrary) async
    -> Int
  {
    await withTaskGroup(of: (Bookmark, Result<PageArchive, PageArchiver.Failure>).self) { group in
      var waiting = bookmarks.makeIterator()
      for _ in 0..<Self.concurrency {
        guard let bookmark = waiting.next() else { break }
        group.addTask { (bookmark, await archiver.archive(bookmark.url)) }
      }
      var failures = 0
      while let (bookmark, result) = await group.next() {
        if let next = waiting.next() { group.addTask { (next, await archiver.archive(next.url)) } }
        let name = DisplayText.sanitize(bookmark.name)
        switch result {
        case .failure(let failure):
          failures += 1
          GlobalOptions.warn("\(bookmark.id) “\(name)” was not archived: \(DisplayText.sanitize(failure.sentence)).")
        case .success(let archive):
          do {
            let kept = try library.keep(archive, for: bookmark.id, fetched: Date())
            print("\(bookmark.id)\t\(name)\t\(Self.describe(kept))")
          } catch {
            failures += 1
            GlobalOptions.warn("\(bookmark.id) “\(name)” was not kept: \(error).")
          }
        }
      }
      return failures
    }
  }

  /// Lets go of the pages of bookmarks gone for good (neither listed nor in Recently
  /// Deleted), here and in the cloud, and says so.
  private func free(
    _ library: ArchiveLibrary, _ sharing: ArchiveSharing?, keeping bookmarks: [Bookmark], of store: any BookmarkStore
  ) async throws {
    let keeping = Set(bookmarks.map(\.id)).union(try await store.recentlyDeleted().map(\.id))
    let gone: Int
    do {
      gone = try await sharing?.free(keeping: keeping) ?? library.free(keeping: keeping)
    } catch {
      return GlobalOptions.warn("The pages of bookmarks deleted for good could not be let go: \(Self.sentence(error))")
    }
    if gone > 0 {
      GlobalOptions.warn(
        "Let go of the kept pages of \(gone == 1 ? "1 bookmark" : "\(gone) bookmarks") deleted for good.")
    }
  }

  /// Sends (and fetches) kept pages, as one line of the command's when the cloud fails.
  private func exchange(_ sharing: ArchiveSharing, among bookmarks: [Bookmark], fetching: Bool) async throws
    -> ArchiveSharing.Exchange
  {
    do {
      return try await sharing.exchange(among: Set(bookmarks.map(\.id)), fetching: fetching)
    } catch {
      throw CLIError("Kept pages could not go through the cloud: \(Self.sentence(error))")
    }
  }

  /// An error of the cloud or the archives as the end of a sentence.
  static func sentence(_ error: any Error) -> String {
    let text = "\(error)"
    return text.hasSuffix(".") ? text : text + "."
  }

  static func pages(_ count: Int) -> String { count == 1 ? "1 page" : "\(count) pages" }

  static func describe(_ kept: ArchiveLibrary.Kept) -> String {
    switch kept {
    case .stored(_, let bytes): "archived (\(bytes < 1024 ? "\(bytes) bytes" : "\((bytes + 1023) / 1024) KB") stored)"
    case .shared: "archived (the same page as another copy: nothing new stored)"
    case .unchanged: "unchanged since the last copy: nothing new stored"
    }
  }
}
