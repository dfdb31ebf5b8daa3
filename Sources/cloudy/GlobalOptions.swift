import ArchiveSync
import ArgumentParser
import BookmarkStoreInterface
import CommandLineIO
import DeviceHome
import Foundation
import Shelf
import StoreWiring

/// Options every command takes; each also reads an environment variable.
struct GlobalOptions: ParsableArguments {
  @Option(
    name: .long,
    help: ArgumentHelp(
      "Where bookmarks live: user-defaults, key-value or documents (env CLOUDY_STORE).", valueName: "store"))
  var store: StoreBackend?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "One folder for this device's whole state (env CLOUDY_HOME; default: the XDG folders).", valueName: "dir"))
  var home: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The cloud for synced stores: sqlite:/path or postgres://user@host:port/db (env CLOUDY_CLOUD).",
      valueName: "url"))
  var cloud: String?

  @Option(name: .long, help: ArgumentHelp("Whose data in a shared cloud (env CLOUDY_ACCOUNT).", valueName: "name"))
  var account: String?

  @Flag(name: .long, help: "Work from the local copy without contacting the cloud (env CLOUDY_OFFLINE=1).")
  var offline = false

  @Option(
    name: .long,
    help: ArgumentHelp(
      "This device's name in conflicts (env CLOUDY_DEVICE_NAME; default: host name · home folder).",
      valueName: "name"))
  var deviceName: String?

  @Flag(
    name: .customLong("no-fetch"),
    help: "Leave the web alone: no page titles for new bookmarks, no link checks (env CLOUDY_NO_FETCH=1).")
  var noFetch = false

  @Flag(
    name: .long,
    help: "Work on the team shelf, the cloud's shared bookmarks: with list, search, add, edit and remove.")
  var shelf = false

  var environment: [String: String] { ProcessInfo.processInfo.environment }

  /// Whether pages may be fetched: not with `--no-fetch` or `CLOUDY_NO_FETCH=1`.
  var fetchesPages: Bool {
    !noFetch && !["1", "true", "yes"].contains(environment["CLOUDY_NO_FETCH"]?.lowercased() ?? "")
  }

  /// The cloud kept pages go through: the synced store's, online; nil for user defaults or
  /// offline (pages then stay on this device) or when it can't be opened.
  func archiveCloud() -> ArchiveCloud? {
    guard let opened = try? choice.makeArchiveCloud() else { return nil }
    return ArchiveCloud(cloud: opened.cloud, origin: opened.device)
  }

  /// Runs `body` with the cloud kept pages go through (``archiveCloud()``), closed on every
  /// way out.
  func withArchiveCloud<T>(_ body: (ArchiveCloud?) async throws -> T) async throws -> T {
    let cloud = archiveCloud()
    do {
      let result = try await body(cloud)
      await cloud?.cloud.close()
      return result
    } catch {
      await cloud?.cloud.close()
      throw error
    }
  }

  /// Whether a bookmark's page is kept when it is added (`config set archive-on-add on`, and
  /// the web not turned off).
  var archivesOnAdd: Bool {
    fetchesPages && (try? savedSettings())?[.archiveOnAdd] == "on"
  }

  /// Throws the one sentence saying the web is off, for commands that only fetch.
  func requireFetching(_ what: String) throws {
    guard fetchesPages else { throw CLIError("\(what) needs the web, which --no-fetch or CLOUDY_NO_FETCH turns off.") }
  }

  func validate() throws {
    // An empty --home is a mistake (an unset variable in a script), not "the default".
    if home?.isEmpty == true { throw ValidationError("--home needs a folder; leave it out for the default folders.") }
    if home == nil, environment["CLOUDY_HOME"]?.isEmpty == true {
      throw ValidationError("CLOUDY_HOME is empty; give it a folder, or unset it for the default folders.")
    }
  }

  /// The choice these options make, with stderr for its remarks.
  var choice: StoreChoice {
    StoreChoice(
      store: store, home: home, cloud: cloud, account: account, offline: offline, deviceName: deviceName,
      environment: environment, notice: { Self.warn($0) })
  }

  /// This device's folders.
  var location: StoreLocation { choice.location }

  /// Whether to work without the cloud.
  var isOffline: Bool { choice.isOffline }

  /// What this device remembers (`cloudy config`, `cloudy migrate`).
  func savedSettings() throws -> SavedSettings { try wired { try choice.savedSettings() } }

  /// The settings `cloudy migrate` remembers for `target`.
  func settingsInEffect(store target: StoreBackend) throws -> SavedSettings {
    try wired { try choice.settingsInEffect(store: target) }
  }

  /// The backend chosen.
  func backend() throws -> StoreBackend { try wired { try choice.backend() } }

  /// The store chosen, or another backend's (see ``StoreChoice/makeStore(_:connected:watching:)``).
  func makeStore(
    _ chosen: StoreBackend? = nil, connected: Bool = true, watching: Bool = true, besideShelf: Bool = false
  ) throws -> any BookmarkStore {
    // Every command that works on the shelf checks the flag before it opens a store; the app
    // opens both, on the shelf.
    if shelf, !besideShelf { throw CLIError(Self.shelfCommands) }
    return try wired { try choice.makeStore(chosen, connected: connected, watching: watching) }
  }

  static let shelfCommands =
    "--shelf works with list, search, add, edit and remove, and opens the app on the shelf; `cloudy shelf` manages it."

  /// The team shelf of the chosen cloud, as the chosen account.
  func makeShelf() throws -> any ShelfService {
    try wired { try choice.makeShelf() }
  }

  /// The store for a command that exits when done, brought up to date with its cloud first.
  func openStore() async throws -> any BookmarkStore {
    let store = try makeStore(watching: false)
    await store.sync()
    return store
  }

  /// Runs `body`, turning a wiring error into the command line's one sanitized line.
  private func wired<T>(_ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as WiringError {
      throw CLIError(error.description)
    }
  }

  /// Pushes a command's change to the cloud before the process exits. If the cloud can't
  /// be reached, the change stays queued and one line on stderr says so.
  func finish(_ store: any BookmarkStore) async {
    guard let status = await store.sync() else { return }
    if status.sync == .offline, !isOffline {
      var problem = status.problem ?? "The cloud can't be reached."
      if problem.hasSuffix(".") { problem.removeLast() }
      // Nothing pending: the push went through and only the fetch after it failed.
      Self.warn(
        problem
          + (status.pending > 0
            ? ", so the change is saved on this device and will sync later."
            : "; the change is saved and reached the cloud, but other devices' changes could not be fetched."))
    } else if let problem = status.problem {
      Self.warn(problem)
    }
  }

  /// Says on stderr what a read should be taken with (a damaged file kept aside, a cloud
  /// that was reset): the status's problem, if any. A read that should have synced but
  /// could not (the cloud unreachable, refusing the password, damaged) is from this
  /// device's copy and may be stale: that is said too, and the command exits with
  /// ``staleExitCode``.
  func report(_ status: StoreStatus?) throws {
    guard let status else { return }
    if status.sync == .offline, !isOffline {
      var problem = status.problem ?? "The cloud can't be reached."
      if !problem.hasSuffix(".") { problem += "." }
      Self.warn(problem + " This list is this device's copy and may be out of date.")
      throw ExitCode(Self.staleExitCode)
    }
    if let problem = status.problem { Self.warn(problem) }
  }

  /// The exit status when the cloud could not be used: `list` printed this device's copy (it
  /// is complete as far as this device knows, but may be stale), or `sync` did not sync.
  static let staleExitCode: Int32 = 3

  /// One sanitized line on stderr.
  static func warn(_ sentence: String) {
    StandardStream.error.say(CLIError(sentence).description + "\n")
  }
}
