import ArchiveSync
import ArgumentParser
import BookmarksState
import CommandLineIO
import DeviceHome
import DurableFiles
import Foundation
import PageAccess
import ScreenRendering
import TerminalUI

#if canImport(Glibc)
  import Glibc
#endif

/// `cloudy`: the full-screen bookmark list, plus subcommands for scripts.
@main
struct Cloudy: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "cloudy",
    abstract: "A full-screen terminal bookmark list: names over URLs, an Edit mode, an Add dialog.",
    discussion: """
      Run `cloudy` with no subcommand to open the full-screen list. Press ? there for every key.
      Bookmarks are stored on this machine in user defaults unless --store says otherwise.
      The manual, with every key, store and file: man cloudy.
      """,
    version: BuildStamp.versionLine(version: version),
    subcommands: [
      ListCommand.self, AddCommand.self, EditCommand.self, RemoveCommand.self, ImportCommand.self, ExportCommand.self,
      FoldersCommand.self, FolderCommand.self, TagsCommand.self, MigrateCommand.self, ConfigCommand.self,
      CheckCommand.self, RetitleCommand.self, TrashCommand.self, HistoryCommand.self, RevertCommand.self,
      SyncCommand.self, SearchCommand.self, ArchiveCommand.self, ReadCommand.self, ShelfCommand.self, DemoCommand.self,
    ]
  )

  /// This build's version, for `cloudy --version`.
  static let version = "0.6.0"

  @OptionGroup var options: GlobalOptions

  @Flag(
    name: .customLong("no-mouse"),
    help: "Leave the mouse to the terminal, for selecting text (env CLOUDY_NO_MOUSE=1).")
  var noMouse = false

  @Flag(
    name: .customLong("no-follow-place"),
    help: "Open at the top, not where the account's other devices left the list (setting follow-place).")
  var noFollowPlace = false

  /// Whether the list takes clicks and the wheel: not with `--no-mouse` or `CLOUDY_NO_MOUSE=1`.
  var usesMouse: Bool {
    !noMouse && !["1", "true", "yes"].contains(options.environment["CLOUDY_NO_MOUSE"]?.lowercased() ?? "")
  }

  /// `AsyncParsableCommand.main()`, after setting up malloc's arenas while this is still
  /// the only thread.
  static func main() async {
    MallocArenas.prepare()
    if let problem = ArgumentEncoding.problem() { exit(withError: CLIError(problem)) }
    let commands = configuration.subcommands.compactMap { $0.configuration.commandName } + ["help"]
    if let problem = CommandSuggestion.problem(Array(CommandLine.arguments.dropFirst()), commands: commands) {
      exitSanitizing(ValidationError(problem))
    }
    do {
      var command = try parseAsRoot()
      // A command waiting on a lock says who holds it; the full screen would be scribbled on.
      if !(command is Cloudy), !(command is DemoCommand) { LockWait.setNotice { GlobalOptions.warn($0) } }
      if var asyncCommand = command as? AsyncParsableCommand {
        try await asyncCommand.run()
      } else {
        try command.run()
      }
    } catch {
      exitSanitizing(error)
    }
  }

  /// `exit(withError:)`, with every line of the message sanitized: an argument parsing
  /// error quotes what was typed, which must never reach the terminal as control sequences.
  static func exitSanitizing(_ error: any Error) -> Never {
    let code = exitCode(for: error)
    let message = fullMessage(for: error).split(separator: "\n", omittingEmptySubsequences: false)
      .map { DisplayText.sanitize(String($0)) }.joined(separator: "\n")
    if !message.isEmpty {
      (code == .success ? StandardStream.output : StandardStream.error).say(message + "\n")
    }
    Glibc.exit(code.rawValue)
  }

  func run() async throws {
    let session = AppSession(options: options, usesMouse: usesMouse, followsPlace: !noFollowPlace)
    do {
      // A store with a stamp opens after the frame kept for it is drawn; one without (never
      // written yet) first, as its notices go to the terminal before the screen is set up.
      let opening = session.opening()
      if let opening, opening.stamp != nil {
        _ = try await TerminalApp.run(opening: opening, environment: options.environment, mouse: usesMouse) {
          try session.make()
        }
      } else {
        try await TerminalApp.run(try session.make(), opening: opening)
      }
    } catch is TerminalApp.StartCancelled {
      // Ctrl-C while the store opened: as an interrupt would have ended it.
      await session.close(keepingPlace: false)
      Glibc.exit(130)
    } catch {
      await session.close(keepingPlace: false)
      throw error
    }
    await session.close(keepingPlace: true)
  }
}
