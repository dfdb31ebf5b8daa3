import ArgumentParser
import BookmarkFormats
import BookmarkModel
import BookmarkStoreInterface
import CommandLineIO
import Foundation
import JSONListings
import ScreenRendering

/// `cloudy trash list|restore|empty`: Recently Deleted, for scripts. Each change is one
/// change of the store, synced as one.
struct TrashCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "trash",
    abstract: "List, restore or empty Recently Deleted (what was deleted on any of your devices).",
    discussion: """
      A deleted bookmark is kept for 30 days (`cloudy config set keep-deleted-days N` changes it on this \
      device), then goes for good. In the key-value store what it keeps counts against the quota.
      """,
    subcommands: [List.self, Restore.self, Empty.self])

  struct List: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Print Recently Deleted, newest first: id, name, URL, when and on which device, tab-separated.")
    @OptionGroup var options: GlobalOptions
    @Flag(name: .long, help: "Print a JSON array of {id, name, url, folder, tags, notes, deleted, device}.")
    var json = false

    func run() async throws {
      try await CLIError.reporting {
        let store = try await options.openStore()
        let deleted = try await store.recentlyDeleted()
        do {
          if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            encoder.dateEncodingStrategy = .iso8601
            let listed = try encoder.encode(deleted.map(ListedDeleted.init))
            try StandardStream.output.write(BookmarkJSON.escapingTerminalControls(listed) + Data("\n".utf8))
          } else {
            var text = ""
            let dates = ISO8601DateFormatter()
            for item in deleted {
              let fields = [
                item.id, item.bookmark.name, item.bookmark.url, dates.string(from: item.deleted), item.device,
              ]
              text += fields.map(DisplayText.sanitize).joined(separator: "\t") + "\n"
            }
            try StandardStream.output.write(Data(text.utf8))
          }
        } catch let error as StandardStream.WriteFailed {
          throw CLIError("Couldn't write the list to standard output (\(error.reason)).")
        }
        try options.report(await store.status())
      }
    }
  }

  struct Restore: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Put bookmarks back where they were, with their ids, dates, tags and notes; print their ids.")
    @OptionGroup var options: GlobalOptions
    @Argument(help: "Ids as `cloudy trash list` prints them, or unique prefixes.") var ids: [String]

    func validate() throws {
      if ids.isEmpty || ids.contains(where: \.isEmpty) {
        throw ValidationError("Give the ids to restore; `cloudy trash list` shows them.")
      }
    }

    func run() async throws {
      try await CLIError.reporting {
        let store = try await options.openStore()
        let chosen = try TrashCommand.resolve(ids, in: try await store.recentlyDeleted())
        let restored = try await store.restoreDeleted(Set(chosen.map(\.id)))
        for bookmark in restored { print(DisplayText.sanitize(bookmark.id)) }
        let left = chosen.filter { item in !restored.contains { $0.id == item.id } }
        // Read again only to say why some were not put back.
        let listed = left.isEmpty ? [] : Set(try await store.load().map(\.id))
        for item in left {
          let name = DisplayText.sanitize(item.bookmark.name)
          GlobalOptions.warn(
            listed.contains(item.id)
              ? "“\(name)” is in the list already (put back on another device, or imported); nothing was replaced."
              : "“\(name)” wasn't put back: an entry that can't be read holds its id, or it was deleted for good meanwhile."
          )
        }
        await options.finish(store)
      }
    }
  }

  struct Empty: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Delete what Recently Deleted holds for good: everything, or only the ids given.")
    @OptionGroup var options: GlobalOptions
    @Argument(help: "Ids or unique prefixes; none empties it.") var ids: [String] = []

    func run() async throws {
      try await CLIError.reporting {
        let store = try await options.openStore()
        let chosen =
          ids.isEmpty ? nil : Set(try TrashCommand.resolve(ids, in: try await store.recentlyDeleted()).map(\.id))
        let count = try await store.removeDeleted(chosen)
        print(count == 1 ? "Deleted 1 bookmark for good." : "Deleted \(count) bookmarks for good.")
        await options.finish(store)
      }
    }
  }

  /// The deleted bookmarks these ids (or unique prefixes) name.
  static func resolve(_ ids: [String], in deleted: [DeletedBookmark]) throws -> [DeletedBookmark] {
    try ids.map { given in
      if let exact = deleted.first(where: { $0.id == given }) { return exact }
      let matches = deleted.filter { $0.id.hasPrefix(given.lowercased()) }
      switch matches.count {
      case 1: return matches[0]
      case 0: throw CLIError("Nothing in Recently Deleted has the id \(given); `cloudy trash list` shows them.")
      default:
        throw CLIError("More than one bookmark in Recently Deleted has an id starting with \(given); give more of it.")
      }
    }
  }
}
