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

  @Flag(
    name: .customLong("no-mouse"),
    help: "Leave the mouse to the terminal, for selecting text (env CLOUDY_NO_MOUSE=1).")
  var noMouse = false

  /// Whether the list takes clicks and the wheel: not with `--no-mouse` or `CLOUDY_NO_MOUSE=1`.
  var usesMouse: Bool {
    !noMouse && !["1", "true", "yes"].contains(options.environment["CLOUDY_NO_MOUSE"]?.lowercased() ?? "")
  }

  func run() async throws {
    let store = try await CLIError.reporting { try options.makeStore() }
    try await TerminalApp.run(store: store, environment: options.environment, mouse: usesMouse)
  }
}
