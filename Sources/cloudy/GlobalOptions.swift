import ArgumentParser
import BookmarkStores
import Cloud
import CloudSQLite
import DurableFiles
import Foundation
import Ubiquity

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

  /// This device's name as other devices show it.
  var deviceDisplayName: String {
    let home = home ?? environment["CLOUDY_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? environment["HOME"] ?? ""
    return DeviceIdentity.name(
      given: deviceName ?? environment["CLOUDY_DEVICE_NAME"].flatMap { $0.isEmpty ? nil : $0 }, home: home)
  }

  var environment: [String: String] { ProcessInfo.processInfo.environment }

  func validate() throws {
    // An empty --home is a mistake (an unset variable in a script), not "the default".
    if home?.isEmpty == true { throw ValidationError("--home needs a folder; leave it out for the default folders.") }
  }

  /// What this device remembers (`cloudy config`, `cloudy migrate`).
  func savedSettings() throws -> SavedSettings {
    try SavedSettings.load(from: location)
  }

  /// The settings in effect for this run (flag, else environment, else saved), as
  /// `cloudy migrate` remembers them: the store it moved to, and the cloud and account that
  /// store syncs through, so that a plain `cloudy` afterwards opens the same bookmarks.
  func settingsInEffect(store target: StoreBackend) throws -> SavedSettings {
    var settings = try savedSettings()
    settings[.store] = target.rawValue
    if target.isSynced {
      if let cloud = try chosen(cloud, "CLOUDY_CLOUD", .cloud) { settings[.cloud] = cloud }
      if let account = try chosen(account, "CLOUDY_ACCOUNT", .account) { settings[.account] = account }
    }
    return settings
  }

  /// A setting from its flag, else its environment variable, else what this device saved.
  private func chosen(_ flag: String?, _ variable: String, _ name: SavedSettings.Name) throws -> String? {
    if let flag { return flag }
    if let value = environment[variable], !value.isEmpty { return value }
    return try savedSettings()[name]
  }

  /// The backend chosen by `--store`, else `CLOUDY_STORE`, else the saved setting, else
  /// user defaults.
  func backend() throws -> StoreBackend {
    try StoreBackend.named(try chosen(store?.rawValue, "CLOUDY_STORE", .store) ?? StoreBackend.userDefaults.rawValue)
  }

  /// This device's folders, from `--home`, else `CLOUDY_HOME`, else XDG.
  var location: StoreLocation {
    StoreLocation.resolve(home: home ?? environment["CLOUDY_HOME"], environment: environment)
  }

  /// Whether to work without the cloud: `--offline`, else `CLOUDY_OFFLINE=1`.
  var isOffline: Bool {
    offline || ["1", "true", "yes"].contains(environment["CLOUDY_OFFLINE"]?.lowercased() ?? "")
  }

  /// Whose data: `--account`, else `CLOUDY_ACCOUNT`, else the saved setting, else the login
  /// name.
  func accountName() throws -> String {
    let name = try chosen(account, "CLOUDY_ACCOUNT", .account) ?? Self.loginName()
    guard let name, !name.isEmpty else {
      throw CLIError("Can't tell whose bookmarks to use; pass --account NAME.")
    }
    guard name.utf8.count <= 200, !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
    else { throw CLIError("An account name must be at most 200 bytes, with no control characters.") }
    return name
  }

  /// The cloud: `--cloud`, else `CLOUDY_CLOUD`, else the saved setting, else
  /// `sqlite:<data>/cloud.sqlite`.
  func cloudAddress() throws -> CloudAddress {
    guard let text = try chosen(cloud, "CLOUDY_CLOUD", .cloud) else { return defaultCloud }
    do {
      return try CloudAddress(parsing: text)
    } catch let error as CloudError {
      throw CLIError(error.description)
    }
  }

  /// The cloud a device uses when it is told of none.
  var defaultCloud: CloudAddress { .sqlite(path: location.dataDirectory + "/cloud.sqlite") }

  /// The store the options describe, or the one of another backend (for `migrate`);
  /// `connected: false` opens a synced store on its local copy alone.
  func makeStore(_ chosen: StoreBackend? = nil, connected: Bool = true) throws -> any BookmarkStore {
    switch try chosen ?? backend() {
    case .userDefaults: return UserDefaultsStore(location: location)
    case .keyValue: return try makeKeyValueStore(connected: connected)
    case .documents: return try makeDocumentStore()
    }
  }

  /// The document store: this device's container for the account and cloud, with its
  /// metadata index beside `Documents/`.
  private func makeDocumentStore() throws -> any BookmarkStore {
    let address = try cloudAddress()
    let account = try accountName()
    let service = isOffline ? nil : try CloudFactory.make(address, account: account, isDefault: address == defaultCloud)
    let root =
      location.dataDirectory + "/documents/" + AccountCloudName.make(account: account, cloud: address.displayName)
    let index: SQLiteDocumentIndex
    do {
      index = try SQLiteDocumentIndex(path: root + "/index.sqlite")
    } catch let error as FileError {
      throw StoreError(error)
    }
    let container = DocumentContainer(
      root: root, index: index, cloud: service, device: try DeviceIdentity.load(in: location),
      deviceName: deviceDisplayName, readable: DocumentBookmarkStore.isReadable)
    return DocumentBookmarkStore(container: container)
  }

  private func makeKeyValueStore(connected: Bool = true) throws -> any BookmarkStore {
    let address = try cloudAddress()
    let account = try accountName()
    let service =
      isOffline || !connected
      ? nil : try CloudFactory.make(address, account: account, isDefault: address == defaultCloud)
    let store = UbiquitousKeyValueStore(
      directory: location.dataDirectory + "/key-value", account: account, cloudName: address.displayName,
      cloud: service, device: try DeviceIdentity.load(in: location))
    return KeyValueBookmarkStore(keyValueStore: store)
  }

  /// The store, brought up to date with its cloud first.
  func openStore() async throws -> any BookmarkStore {
    let store = try makeStore()
    await store.sync()
    return store
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

  /// `list`'s exit status when it printed this device's copy because the cloud could not
  /// be used: the list is complete as far as this device knows, but may be stale.
  static let staleExitCode: Int32 = 3

  /// One sanitized line on stderr.
  static func warn(_ sentence: String) {
    StandardStream.error.say(CLIError(sentence).description + "\n")
  }

  private static func loginName() -> String? {
    if let user = ProcessInfo.processInfo.environment["USER"], !user.isEmpty { return user }
    guard let entry = getpwuid(getuid()), let name = entry.pointee.pw_name else { return nil }
    return String(cString: name)
  }
}
