import ArgumentParser
import BookmarkFormats
import BookmarkModel
import BookmarkStoreInterface
import CommandLineIO
import Foundation
import JSONListings
import ScreenRendering

/// `cloudy history ID [--json]`: a bookmark's saved versions, newest first (the document
/// store keeps them; the others say they keep none).
struct HistoryCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "history",
    abstract: "List a bookmark's saved versions, newest first: version, when, device, what changed, name, URL.",
    discussion: """
      The documents store keeps the last 50 versions of each bookmark, for up to 90 days \
      (`cloudy config set history-versions N` and `history-days N` change it on this device), from \
      every device. `cloudy revert ID VERSION` makes an old version current again.
      """)

  @OptionGroup var options: GlobalOptions

  @Argument(help: "The bookmark's id, as `cloudy list` prints it, or a unique prefix of it.")
  var id: String

  @Flag(name: .long, help: "Print a JSON array of {id, parents, saved, device, changes, note, current, bookmark}.")
  var json = false

  func validate() throws {
    if id.isEmpty { throw ValidationError("Give the bookmark's id; `cloudy list` shows every id.") }
  }

  func run() async throws {
    try await CLIError.reporting {
      let store = try await options.openStore()
      guard let versioned = store.versioned else { throw StoreError.noHistory(store.backend) }
      let history = try await versioned.history(of: try await Self.bookmarkID(id, in: store))
      let listed = HistoryListing(history)
      do {
        if json {
          let encoder = JSONEncoder()
          encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
          encoder.dateEncodingStrategy = .iso8601
          let data = try encoder.encode(listed.rows.map(ListedVersion.init))
          try StandardStream.output.write(BookmarkJSON.escapingTerminalControls(data) + Data("\n".utf8))
        } else {
          let dates = ISO8601DateFormatter()
          var text = ""
          for row in listed.rows {
            let version = row.version
            let fields = [
              version.shortID, dates.string(from: version.saved), version.device.isEmpty ? "-" : version.device,
              row.changes, version.bookmark.name, version.bookmark.url,
            ]
            text += fields.map(DisplayText.sanitize).joined(separator: "\t") + "\n"
          }
          try StandardStream.output.write(Data(text.utf8))
        }
      } catch let error as StandardStream.WriteFailed {
        throw CLIError("Couldn't write the history to standard output (\(error.reason)).")
      }
      try options.report(await store.status())
    }
  }

  /// The id of the bookmark `given` names (an id or a unique start of one) in the list, or in
  /// Recently Deleted (whose history the store explains it can't show yet).
  static func bookmarkID(_ given: String, in store: any BookmarkStore) async throws -> Bookmark.ID {
    do {
      return try await store.load().resolve(given).id
    } catch StoreError.notFound {
      // A bookmark in Recently Deleted: the store says how to get its history back.
      let deleted = try await store.recentlyDeleted()
      if let exact = deleted.first(where: { $0.id == given }) { return exact.id }
      let matches = deleted.filter { $0.id.hasPrefix(given.lowercased()) }
      guard matches.count == 1, given.count >= 4 else { throw StoreError.notFound(given) }
      return matches[0].id
    }
  }
}
