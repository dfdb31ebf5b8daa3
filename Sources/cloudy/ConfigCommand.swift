import ArgumentParser
import BookmarkModel
import BookmarksState
import Cloud
import CommandLineIO
import DeviceHome
import StoreWiring

/// `cloudy config [set NAME VALUE | unset NAME]`: what this device remembers.
struct ConfigCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "config",
    abstract: "Show or change what this device remembers: store, cloud and account.",
    discussion: """
      With no arguments, prints each saved setting as NAME=VALUE. `set store documents` makes \
      plain `cloudy` open the document store; `unset store` goes back to the default. A flag \
      (--store, --cloud, --account) or an environment variable (CLOUDY_STORE, CLOUDY_CLOUD, \
      CLOUDY_ACCOUNT) still wins over a saved setting. `cloudy migrate` saves the store it moved to.
      """)

  @OptionGroup var options: GlobalOptions

  @Argument(help: "set or unset; leave out to print the settings.")
  var action: String?

  @Argument(
    help:
      "store, cloud, account, sort, follow-place, keep-deleted-days, history-versions, history-days or archive-on-add.")
  var name: String?

  @Argument(help: "The value, for set.")
  var value: String?

  private static let names = SavedSettings.Name.allCases.map(\.rawValue).joined(separator: ", ")

  /// A missing or unknown action, name or value is a usage error (exit status 64); a value
  /// that would make every later run fail is refused in ``run()`` (exit status 1).
  func validate() throws {
    switch action {
    case nil: break
    case "set":
      guard name.flatMap(SavedSettings.Name.init(rawValue:)) != nil, let value, !value.isEmpty else {
        throw ValidationError("config set needs a setting (\(Self.names)) and its value.")
      }
    case "unset":
      guard name.flatMap(SavedSettings.Name.init(rawValue:)) != nil, value == nil else {
        throw ValidationError("config unset needs one setting (\(Self.names)).")
      }
    default:
      throw ValidationError(
        "Unknown config action “\(action ?? "")”; use set or unset, or nothing to print the settings.")
    }
  }

  func run() async throws {
    try await CLIError.reporting {
      var settings = try options.savedSettings()
      switch action {
      case nil:
        for name in SavedSettings.Name.allCases {
          if let value = settings[name] { print("\(name.rawValue)=\(CLIError(value).description)") }
        }
      case "set":
        guard let name = name.flatMap(SavedSettings.Name.init(rawValue:)), let value else { return }
        settings[name] = try checked(value, for: name)
        try settings.save(to: options.location)
      default:
        guard let name = name.flatMap(SavedSettings.Name.init(rawValue:)) else { return }
        settings[name] = nil
        try settings.save(to: options.location)
      }
    }
  }

  /// Refuses a value that would make every later run fail.
  private func checked(_ value: String, for name: SavedSettings.Name) throws -> String {
    switch name {
    case .store:
      do { _ = try StoreChoice.backend(named: value) } catch let error as WiringError {
        throw CLIError(error.description)
      }
    case .cloud:
      do { _ = try CloudAddress(parsing: value) } catch let error as CloudError { throw CLIError(error.description) }
    case .account:
      guard !value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
        throw CLIError("An account name can't contain control characters.")
      }
    case .sort:
      guard ListOrder(rawValue: value) != nil else {
        throw CLIError(
          "Unknown order “\(value)”; choose one of \(ListOrder.allCases.map(\.rawValue).joined(separator: ", ")).")
      }
    case .followPlace, .archiveOnAdd:
      guard ["on", "off"].contains(value) else {
        throw CLIError("\(name.rawValue) is on or off, not “\(value)”.")
      }
    case .keepDeletedDays:
      guard let days = Int(value), (0...RecentlyDeletedRules.maximumKeepDays).contains(days) else {
        throw CLIError(
          "keep-deleted-days is a whole number of days from 0 to \(RecentlyDeletedRules.maximumKeepDays), not “\(value)”."
        )
      }
    case .historyVersions:
      guard let versions = Int(value), (1...HistoryRules.maximumVersions).contains(versions) else {
        throw CLIError("history-versions is a whole number from 1 to \(HistoryRules.maximumVersions), not “\(value)”.")
      }
    case .historyDays:
      guard let days = Int(value), (1...HistoryRules.maximumDays).contains(days) else {
        throw CLIError("history-days is a whole number of days from 1 to \(HistoryRules.maximumDays), not “\(value)”.")
      }
    }
    return value
  }
}
