import Archives
import ArgumentParser
import CommandLineIO
import Foundation
import PageAccess
import ScreenRendering

/// `cloudy [--shelf] search [--text] QUERY… [--json]`: `list QUERY` for this device's bookmarks; on
/// the team shelf, a search the cloud runs (name and URL, case-insensitive substrings); with
/// `--text`, inside the pages archived on this device.
struct SearchCommand: AsyncParsableCommand, BookmarkListing {
  static let configuration = CommandConfiguration(
    commandName: "search",
    abstract: "Print the bookmarks a query matches (with --shelf, the team shelf's, searched on the cloud).",
    discussion: """
      For your own bookmarks it is `cloudy list QUERY`, matched as the list's / filter matches. On the team \
      shelf (--shelf) the query is one piece of text, found in names and URLs whatever its case. With --text, \
      the query is found inside the pages `cloudy archive` kept on this device (case, accents and width \
      ignored, as the filter does); each match prints its id, name and a snippet of the page.
      """)

  @OptionGroup var options: GlobalOptions

  @Argument(help: ArgumentHelp("What to look for (quote it for the shell).", valueName: "query"))
  var query: [String]

  @Flag(name: .long, help: "Print a JSON array instead of lines.")
  var json = false

  @Flag(name: .long, help: "Search inside the archived pages' text (`cloudy archive` keeps them).")
  var text = false

  var folder: String? { nil }
  var tag: [String] { [] }

  func validate() throws {
    if query.joined().isEmpty { throw ValidationError("Give something to look for; `cloudy list` prints everything.") }
    if text, options.shelf { throw ValidationError("--text searches this device's archived pages, not the shelf.") }
  }

  func run() async throws {
    if options.shelf { return try await ShelfCLI.list(options, query: query.joined(separator: " "), json: json) }
    if text { return try await searchText() }
    try await printList()
  }

  /// One match inside an archived page, as `--json` prints it.
  private struct TextMatch: Encodable {
    var id: String
    var name: String
    var url: String
    var title: String?
    var archivedURL: String
    var archived: Date
    var snippet: String
  }

  private func searchText() async throws {
    try await CLIError.reporting {
      let store = try await options.openStore()
      let library = try ArchiveAccess.reporting { try ArchiveAccess.library(in: options.location, creating: false) }
      let hits = try ArchiveAccess.reporting { try library?.search(query.joined(separator: " ")) } ?? []
      // Only the bookmarks found are read (a page of a bookmark no longer listed is left out).
      let found = try await store.bookmarks(withIDs: Set(hits.map(\.version.bookmarkID)))
      let bookmarks = Dictionary(found.map { ($0.id, $0) }, uniquingKeysWith: { $1 })
      let matches = hits.compactMap { hit in
        bookmarks[hit.version.bookmarkID].map { bookmark in
          TextMatch(
            id: bookmark.id, name: bookmark.name, url: bookmark.url, title: hit.version.title,
            archivedURL: hit.version.url, archived: hit.version.fetched, snippet: hit.snippet)
        }
      }
      if json {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        try StandardStream.output.write(encoder.encode(matches) + Data("\n".utf8))
      } else {
        for match in matches {
          print([match.id, match.name, match.snippet].map(DisplayText.sanitize).joined(separator: "\t"))
        }
      }
      if matches.isEmpty, !json {
        GlobalOptions.warn("No archived page holds “\(DisplayText.sanitize(query.joined(separator: " ")))”.")
      }
    }
  }
}
