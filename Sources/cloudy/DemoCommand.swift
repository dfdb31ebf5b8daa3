import ArgumentParser
import CommandLineIO
import Demo
import Foundation
import TerminalUI

/// `cloudy demo`: the full app on a sample set of bookmarks in a throwaway home.
///
/// Made for recordings and first looks: the home is a private temporary folder removed on
/// exit, the store is user defaults (no cloud, no network), the clock is fixed and ids are
/// sequential, and the store reports only its first snapshot, so the same keystrokes draw
/// the same frames every time.
struct DemoCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "demo",
    abstract: "Open the full app on sample bookmarks in a throwaway home (deterministic, for recordings).",
    discussion: """
      Nothing you do in the demo touches your own bookmarks: it runs in a private temporary \
      folder that is removed when you quit. The same keystrokes draw the same frames every \
      time (fixed clock, sequential ids, no cloud, no terminal queries), so recordings of a \
      scripted session are identical.
      """)

  @Flag(
    name: .customLong("no-mouse"),
    help: "Leave the mouse to the terminal, for selecting text (env CLOUDY_NO_MOUSE=1).")
  var noMouse = false

  func run() async throws {
    let environment = ProcessInfo.processInfo.environment
    let mouse = !noMouse && !["1", "true", "yes"].contains(environment["CLOUDY_NO_MOUSE"]?.lowercased() ?? "")
    let home = try DemoHome.create()
    defer { home.remove() }
    let store = try await CLIError.reporting { try await DemoStore.seeded(location: home.location) }
    var services = AppServices(store: store, environment: environment)
    services.mouse = mouse
    try await TerminalApp.run(services)
  }
}
