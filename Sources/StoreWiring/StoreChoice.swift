import BookmarkModel
import BookmarkStoreInterface
import Cloud
import DeviceHome
import DurableFiles
import Foundation
import KeyValueStore
import Shelf

/// Which store to open and how: `--store/--home/--cloud/--account/--offline/--device-name`
/// as given (nil when not), each falling back to its environment variable, then to what this
/// device saved (`cloudy config`, `cloudy migrate`), then to the default. Turns that choice
/// into a store; the one place that wires stores to clouds and indexes.
public struct StoreChoice: Sendable {
  public var store: StoreBackend?
  public var home: String?
  public var cloud: String?
  public var account: String?
  public var offline: Bool
  public var deviceName: String?
  public var environment: [String: String]
  /// Told one sentence when a choice is worth a remark but not an error (a named SQLite
  /// cloud that doesn't exist yet and is about to be created).
  public var notice: @Sendable (String) -> Void

  public init(
    store: StoreBackend? = nil, home: String? = nil, cloud: String? = nil, account: String? = nil,
    offline: Bool = false, deviceName: String? = nil, environment: [String: String],
    notice: @escaping @Sendable (String) -> Void = { _ in }
  ) {
    self.store = store
    self.home = home
    self.cloud = cloud
    self.account = account
    self.offline = offline
    self.deviceName = deviceName
    self.environment = environment
    self.notice = notice
  }

  /// This device's folders, from `--home`, else `CLOUDY_HOME`, else XDG.
  public var location: StoreLocation {
    StoreLocation.resolve(home: home ?? environment["CLOUDY_HOME"], environment: environment)
  }

  /// Whether to work without the cloud: `--offline`, else `CLOUDY_OFFLINE=1`.
  public var isOffline: Bool {
    offline || ["1", "true", "yes"].contains(environment["CLOUDY_OFFLINE"]?.lowercased() ?? "")
  }

  /// This device's name as other devices show it.
  public var deviceDisplayName: String {
    let home = home ?? environment["CLOUDY_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? environment["HOME"] ?? ""
    return DeviceIdentity.name(
      given: deviceName ?? environment["CLOUDY_DEVICE_NAME"].flatMap { $0.isEmpty ? nil : $0 }, home: home)
  }

  /// How this device keeps Recently Deleted: its name on what it deletes, and the
  /// `keep-deleted-days` setting (30 days without one, or when the settings can't be read).
  public var recentlyDeletedRules: RecentlyDeletedRules {
    let days = (try? savedSettings()[.keepDeletedDays]).flatMap { $0.flatMap(Int.init) }
    return RecentlyDeletedRules(device: deviceDisplayName, keepDays: days ?? RecentlyDeletedRules.defaultKeepDays)
  }

  /// How much history the document store keeps: the `history-versions` and `history-days`
  /// settings (50 and 90 without them, or when the settings can't be read).
  public var historyRules: HistoryRules {
    let settings = try? savedSettings()
    let versions = settings?[.historyVersions].flatMap(Int.init)
    let days = settings?[.historyDays].flatMap(Int.init)
    return HistoryRules(versions: versions ?? HistoryRules.defaultVersions, days: days ?? HistoryRules.defaultDays)
  }

  /// What this device remembers (`cloudy config`, `cloudy migrate`).
  public func savedSettings() throws -> SavedSettings {
    try SavedSettings.load(from: location)
  }

  /// The settings in effect (flag, else environment, else saved) as `cloudy migrate`
  /// remembers them: the store it moved to, and the cloud and account that store syncs
  /// through, so that a plain `cloudy` afterwards opens the same bookmarks.
  public func settingsInEffect(store target: StoreBackend) throws -> SavedSettings {
    var settings = try savedSettings()
    settings[.store] = target.rawValue
    if target.isSynced {
      if let cloud = try chosen(cloud, "CLOUDY_CLOUD", .cloud) { settings[.cloud] = cloud }
      if let account = try chosen(account, "CLOUDY_ACCOUNT", .account) { settings[.account] = account }
    }
    return settings
  }

  /// The backend chosen by `--store`, else `CLOUDY_STORE`, else the saved setting, else
  /// user defaults.
  public func backend() throws -> StoreBackend {
    try Self.backend(named: try chosen(store?.rawValue, "CLOUDY_STORE", .store) ?? StoreBackend.userDefaults.rawValue)
  }

  /// A backend named in an environment variable or a saved setting, with the sentence a
  /// bad `--store` gets.
  public static func backend(named name: String) throws -> StoreBackend {
    guard let backend = StoreBackend(rawValue: name) else {
      throw WiringError(
        "Unknown store “\(name)”; choose one of \(StoreBackend.allCases.map(\.rawValue).joined(separator: ", ")).")
    }
    return backend
  }

  /// Whose data: `--account`, else `CLOUDY_ACCOUNT`, else the saved setting, else the login
  /// name.
  public func accountName() throws -> String {
    let name = try chosen(account, "CLOUDY_ACCOUNT", .account) ?? Self.loginName(environment)
    guard let name, !name.isEmpty else {
      throw WiringError("Can't tell whose bookmarks to use; pass --account NAME.")
    }
    guard name.utf8.count <= 200, !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
    else { throw WiringError("An account name must be at most 200 bytes, with no control characters.") }
    return name
  }

  /// The cloud: `--cloud`, else `CLOUDY_CLOUD`, else the saved setting, else
  /// `sqlite:<data>/cloud.sqlite`.
  public func cloudAddress() throws -> CloudAddress {
    guard let text = try chosen(cloud, "CLOUDY_CLOUD", .cloud) else { return defaultCloud }
    do {
      return try CloudAddress(parsing: text)
    } catch let error as CloudError {
      throw WiringError(error.description)
    }
  }

  /// The cloud a device uses when it is told of none.
  public var defaultCloud: CloudAddress { .sqlite(path: location.dataDirectory + "/cloud.sqlite") }

  /// The store chosen, or the one of another backend (for `migrate`); `connected: false`
  /// opens a synced store on its local copy alone; `watching: false` (a command that exits
  /// when done) doesn't follow the document store's folder and index live.
  public func makeStore(
    _ chosen: StoreBackend? = nil, connected: Bool = true, watching: Bool = true
  ) throws -> any BookmarkStore {
    // A mode loosened by hand (chmod -R 777) is put back before the store reads a file.
    PrivateFiles.keepPrivate(location.configDirectory)
    PrivateFiles.keepPrivate(location.dataDirectory)
    return try BackendWiring.row(for: try chosen ?? backend()).open(self, connected, watching)
  }

  /// The team shelf of this device's cloud, as its account, with this device's copy of the
  /// latest results for reading offline (`<data>/shelf/…json`, private).
  public func makeShelf() throws -> any ShelfService {
    let address = try cloudAddress()
    let account = try accountName()
    let shelf: any ShelfService =
      isOffline
      ? OfflineShelf(displayName: address.displayName)
      : try CloudFactory.makeShelf(address, account: account, isDefault: address == defaultCloud, notice: notice)
    return CachedShelf(
      shelf,
      cachePath: location.dataDirectory + "/shelf/"
        + AccountCloudName.make(account: account, cloud: address.displayName)
        + ".json")
  }

  /// The store for a command that exits when done, brought up to date with its cloud first.
  public func openStore() async throws -> any BookmarkStore {
    let store = try makeStore(watching: false)
    await store.sync()
    return store
  }

  /// Where the account keeps its place in the list, for a synced store (the key-value
  /// store's own, or one opened beside the document store); nil for user defaults, offline,
  /// or when this device's `follow-place` setting is `off`.
  public func makePlaceFollowing(for store: any BookmarkStore) throws -> (any PlaceFollowing)? {
    guard !isOffline, (try? savedSettings()[.followPlace]) != "off" else { return nil }
    return try BackendWiring.row(for: store.backend).placeFollowing(self, store)
  }

  /// A setting from its flag, else its environment variable, else what this device saved.
  private func chosen(_ flag: String?, _ variable: String, _ name: SavedSettings.Name) throws -> String? {
    if let flag { return flag }
    if let value = environment[variable], !value.isEmpty { return value }
    return try savedSettings()[name]
  }

  /// The cloud that kept pages travel through: the synced store's, seen as this device
  /// (its id names the writes); nil offline or for user defaults, which has no cloud.
  public func makeArchiveCloud() throws -> (cloud: any CloudService, device: String)? {
    guard try backend().isSynced, let cloud = try makeCloud(connected: true) else { return nil }
    return (cloud, try DeviceIdentity.load(in: location))
  }

  func makeCloud(connected: Bool) throws -> (any CloudService)? {
    guard connected, !isOffline else { return nil }
    let address = try cloudAddress()
    return try CloudFactory.make(
      address, account: try accountName(), isDefault: address == defaultCloud, notice: notice)
  }

  private static func loginName(_ environment: [String: String]) -> String? {
    if let user = environment["USER"], !user.isEmpty { return user }
    guard let entry = getpwuid(getuid()), let name = entry.pointee.pw_name else { return nil }
    return String(cString: name)
  }
}
