import Archives
import ArgumentParser
import BookmarkModel
import CommandLineIO
import Foundation
import PageAccess
import PropertyLists
import ScreenRendering
import WebPages

/// `cloudy add URL [--name NAME] [--folder PATH] [--tag TAG]… [--notes TEXT]`.
struct AddCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "add",
    abstract: "Add a bookmark and print its id. A URL without a scheme gets https://.")

  @OptionGroup var options: GlobalOptions

  @Argument(help: "The URL, e.g. www.example.com.")
  var url: String

  @Option(name: .long, help: "The name to show (default: the page's title, else the URL's host).")
  var name: String = ""

  @Option(name: .long, help: ArgumentHelp("Give up on the page's title after this long.", valueName: "seconds"))
  var timeout: Int = 10

  @OptionGroup var organisation: OrganisationOptions

  @Flag(name: .long, help: "Add even if a bookmark with the same URL exists.")
  var allowDuplicate = false

  /// Keeps the page fetched for `bookmark` (archive-on-add), saying on standard error how it
  /// went: the bookmark is added either way.
  private func keep(_ fetched: Result<PageArchive, PageArchiver.Failure>, for bookmark: Bookmark) {
    let name = DisplayText.sanitize(bookmark.name)
    switch fetched {
    case .failure(let failure):
      GlobalOptions.warn("The page of “\(name)” was not kept: \(DisplayText.sanitize(failure.sentence)).")
    case .success(let archive):
      do {
        guard
          let library = try ArchiveAccess.reporting({ try ArchiveAccess.library(in: options.location, creating: true) })
        else { return }
        let kept = try library.keep(archive, for: bookmark.id, fetched: Date())
        GlobalOptions.warn("The page of “\(name)”: \(ArchiveCommand.describe(kept)).")
      } catch {
        GlobalOptions.warn("The page of “\(name)” was not kept: \(error).")
      }
    }
  }

  func validate() throws {
    if timeout < 1 { throw ValidationError("--timeout needs a whole number of seconds, 1 or more.") }
  }

  func run() async throws {
    if options.shelf {
      if organisation.isGiven { throw CLIError("The team shelf has no folders, tags or notes; leave those out.") }
      return try await ShelfCLI.add(options, url: url, name: name, timeout: timeout)
    }
    try await CLIError.reporting {
      var draft = try organisation.apply(
        to: try BookmarkDraft(name: name, url: url).validated().mapError { CLIError($0.description) }.get())
      // The page is fetched before the store opens: a slow site holds up nothing else. With
      // archive-on-add the page kept gives the title too, so it is fetched once.
      let web = WebAccess(timeout: .seconds(timeout), environment: options.environment)
      let kept = options.archivesOnAdd ? await web.with { await PageArchiver(fetcher: $0).archive(draft.url) } : nil
      if name.trimmingWhitespace().isEmpty, options.fetchesPages {
        if case .success(let archive)? = kept, let title = archive.title, !title.trimmingWhitespace().isEmpty {
          draft.name = title
        } else if kept == nil, let title = await web.with({ await TitleFetcher(fetcher: $0).title(for: draft.url) }) {
          draft.name = title
        }
      }
      let store = try await options.openStore()
      if !allowDuplicate, let existing = try await store.load().duplicate(of: draft.url) {
        throw CLIError(
          "“\(existing.name)” (\(existing.id)) already has this URL; pass --allow-duplicate to add it anyway.")
      }
      let added = try await store.add(draft)
      print(added.id)
      if let kept { keep(kept, for: added) }
      await options.finish(store)
    }
  }
}
