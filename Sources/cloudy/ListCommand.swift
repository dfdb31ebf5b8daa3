import ArgumentParser
import BookmarkFormats
import BookmarkModel
import BookmarkStores
import Foundation
import ScreenRendering

/// `cloudy list [--json]`.
struct ListCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list",
    abstract: "Print the bookmarks: one a line (id, name, URL, tab-separated), or a JSON array.")

  @OptionGroup var options: GlobalOptions

  @Flag(
    name: .long,
    help: "Print a JSON array of {id, name, url, created, modified}, with \"conflict\": true where unresolved.")
  var json = false

  func run() async throws {
    try await CLIError.reporting {
      let store = try await options.openStore()
      let bookmarks = try await store.load()
      if json {
        let conflicted = await store.snapshot()?.conflicted ?? []
        let listed = bookmarks.map { ListedBookmark(bookmark: $0, conflict: conflicted.contains($0.id)) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        // Escaped beyond JSONEncoder's C0: the JSON may go straight to a terminal.
        print(String(decoding: BookmarkJSON.escapingTerminalControls(try encoder.encode(listed)), as: UTF8.self))
      } else {
        for bookmark in bookmarks {
          // Sanitized: names and URLs never reach the terminal as control sequences.
          print([bookmark.id, bookmark.name, bookmark.url].map(DisplayText.sanitize).joined(separator: "\t"))
        }
      }
      // A stale copy, and entries left out (unreadable, or a URL the one URL rule refuses),
      // are said on stderr, not hidden.
      try options.report(await store.status())
    }
  }
}

/// A bookmark as `list --json` prints it: its JSON form, plus `"conflict": true` while it
/// has unresolved conflict versions.
private struct ListedBookmark: Encodable {
  var bookmark: Bookmark
  var conflict: Bool

  private enum Key: String, CodingKey { case conflict }

  func encode(to encoder: any Encoder) throws {
    try bookmark.encode(to: encoder)
    if conflict {
      var container = encoder.container(keyedBy: Key.self)
      try container.encode(true, forKey: .conflict)
    }
  }
}
