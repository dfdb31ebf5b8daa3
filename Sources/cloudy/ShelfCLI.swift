import ArgumentParser
import BookmarkFormats
import BookmarkModel
import CommandLineIO
import Foundation
import JSONListings
import PageAccess
import ScreenRendering
import Shelf
import WebPages

/// What `list`, `search`, `add`, `edit` and `remove` do with `--shelf`: the same commands on
/// the team shelf. Every text printed is sanitized; a list read from this device's copy
/// (the cloud unreachable) says so on stderr and exits with the stale status, as `list` does.
enum ShelfCLI {
  /// Prints every bookmark `query` matches, a page at a time as the cloud sends them: one a
  /// line (id, name, URL, who added it; tab-separated), or a JSON array.
  static func list(_ options: GlobalOptions, query: String, json: Bool) async throws {
    try await CLIError.reporting {
      let shelf = try options.makeShelf()
      var after: ShelfCursor?
      var stale: String?
      var all: [ListedShelfBookmark] = []
      repeat {
        let page = try await shelf.page(matching: query, after: after, limit: 1000)
        stale = stale ?? page.stale
        if json {
          all += page.bookmarks.map(ListedShelfBookmark.init)
        } else {
          try write(lines: page.bookmarks)
        }
        after = page.hasMore ? page.bookmarks.last?.cursor : nil
      } while after != nil
      if json {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        try StandardStream.output.write(
          BookmarkJSON.escapingTerminalControls(try encoder.encode(all)) + Data("\n".utf8))
      }
      await shelf.close()
      if let stale {
        GlobalOptions.warn(
          stale.trimmingCharacters(in: CharacterSet(charactersIn: "."))
            + ". This is this device's copy of the team shelf and may be out of date.")
        throw ExitCode(GlobalOptions.staleExitCode)
      }
    }
  }

  private static func write(lines bookmarks: [ShelfBookmark]) throws {
    var output = ""
    for bookmark in bookmarks {
      output +=
        [bookmark.id, bookmark.name, bookmark.url, bookmark.createdBy].map(DisplayText.sanitize)
        .joined(separator: "\t") + "\n"
    }
    do {
      try StandardStream.output.write(Data(output.utf8))
    } catch let error as StandardStream.WriteFailed {
      throw CLIError("Couldn't write the list to standard output (\(error.reason)).")
    }
  }

  /// Adds a bookmark; the URL rule and the name's default are the same as for your own.
  static func add(_ options: GlobalOptions, url: String, name: String, timeout: Int) async throws {
    try await CLIError.reporting {
      var draft = try BookmarkDraft(name: name, url: url).validated().mapError { CLIError($0.description) }.get()
      if name.trimmingWhitespace().isEmpty, options.fetchesPages,
        let title = await WebAccess(timeout: .seconds(timeout), environment: options.environment).with({
          await TitleFetcher(fetcher: $0).title(for: draft.url)
        })
      {
        draft.name = title
      }
      let shelf = try options.makeShelf()
      let added = try await shelf.add(name: draft.name, url: draft.url)
      await shelf.close()
      print(added.id)
    }
  }

  /// Changes a bookmark from the version read just before; if someone changed it in
  /// between, the change is kept beside theirs, and stderr says so.
  static func edit(_ options: GlobalOptions, id: String, name: String?, url: String?) async throws {
    try await CLIError.reporting {
      let shelf = try options.makeShelf()
      guard let current = try await shelf.bookmark(id: id) else { throw ShelfError.noSuchBookmark(id) }
      let draft = try BookmarkDraft(name: name ?? current.name, url: url ?? current.url)
        .validated(unchangedURL: current.url).mapError { CLIError($0.description) }.get()
      let outcome = try await shelf.edit(id: current.id, name: draft.name, url: draft.url, basedOn: current.version)
      await shelf.close()
      if case .keptBeside(let kept) = outcome {
        GlobalOptions.warn(
          "Someone changed “\(current.name)” on the team shelf first; yours is kept beside it as \(kept.id).")
      }
    }
  }

  static func remove(_ options: GlobalOptions, id: String) async throws {
    try await CLIError.reporting {
      let shelf = try options.makeShelf()
      guard try await shelf.bookmark(id: id) != nil else { throw ShelfError.noSuchBookmark(id) }
      try await shelf.remove(id: id)
      await shelf.close()
    }
  }
}
