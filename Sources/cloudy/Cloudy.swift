import ArgumentParser
import BookmarkStores
import TerminalUI

/// `cloudy`: the full-screen bookmark list, plus subcommands for scripts.
@main
struct Cloudy: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "cloudy",
    abstract: "A full-screen terminal bookmark list: names over URLs, an Edit mode, an Add dialog.",
    discussion: """
      Run `cloudy` with no subcommand to open the full-screen list. Press ? there for every key.
      Bookmarks are stored on this machine in user defaults unless --store says otherwise.
      """,
    subcommands: [
      ListCommand.self, AddCommand.self, EditCommand.self, RemoveCommand.self, ImportCommand.self, ExportCommand.self,
      MigrateCommand.self, DemoCommand.self,
    ]
  )

  @OptionGroup var options: GlobalOptions

  func run() async throws {
    let store = try await CLIError.reporting { try options.makeStore() }
    try await TerminalApp.run(store: store, environment: options.environment)
  }
}
