import ArgumentParser
import CommandLineIO

/// `cloudy remove ID`: says on stderr what it removed.
struct RemoveCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "remove", abstract: "Delete a bookmark. ID may be a unique prefix.")

  @OptionGroup var options: GlobalOptions

  @Argument(help: "The bookmark's id, as `cloudy list` prints it, or a unique prefix of it.")
  var id: String

  func validate() throws {
    if id.isEmpty { throw ValidationError("Give the bookmark's id; `cloudy list` shows every id.") }
  }

  func run() async throws {
    if options.shelf { return try await ShelfCLI.remove(options, id: id) }
    try await CLIError.reporting {
      let store = try await options.openStore()
      let bookmark = try await store.load().resolve(id)
      try await store.delete(id: bookmark.id)
      GlobalOptions.warn("Removed “\(bookmark.name)” (\(bookmark.id.prefix(8))); Recently Deleted has it.")
      await options.finish(store)
    }
  }
}
