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

  @Flag(name: .long, help: "Print a JSON array of {id, name, url, created, modified}.")
  var json = false

  func run() async throws {
    try await CLIError.reporting {
      let bookmarks = try await options.openStore().load()
      if json {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        // Escaped beyond JSONEncoder's C0: the JSON may go straight to a terminal.
        print(String(decoding: BookmarkJSON.escapingTerminalControls(try encoder.encode(bookmarks)), as: UTF8.self))
      } else {
        for bookmark in bookmarks {
          // Sanitized: names and URLs never reach the terminal as control sequences.
          print([bookmark.id, bookmark.name, bookmark.url].map(DisplayText.sanitize).joined(separator: "\t"))
        }
      }
    }
  }
}
