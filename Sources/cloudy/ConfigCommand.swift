import ArgumentParser
import BookmarkModel
import BookmarkStores
import BookmarksViewModel
import Cloud
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

  @Argument(help: "store, cloud or account.")
  var name: String?

  @Argument(help: "The value, for set.")
  var value: String?

  func run() async throws {
    try await CLIError.reporting {
      var settings = try options.savedSettings()
      switch action {
      case nil:
        for name in SavedSettings.Name.allCases {
          if let value = settings[name] { print("\(name.rawValue)=\(CLIError(value).description)") }
        }
      case "set":
        let (name, value) = try nameAndValue()
        settings[name] = try checked(value, for: name)
        try settings.save(to: options.location)
      case "unset":
        guard let name = self.name.flatMap(SavedSettings.Name.init(rawValue:)), value == nil else {
          throw CLIError(
            "Usage: cloudy config unset store|cloud|account|sort|follow-place|keep-deleted-days|history-versions|history-days"
          )
        }
        settings[name] = nil
        try settings.save(to: options.location)
      default:
        throw CLIError("Unknown config action “\(action ?? "")”; use set or unset, or nothing to print the settings.")
      }
    }
  }

  private func nameAndValue() throws -> (SavedSettings.Name, String) {
    guard let name = self.name.flatMap(SavedSettings.Name.init(rawValue:)), let value, !value.isEmpty else {
      throw CLIError(
        "Usage: cloudy config set store|cloud|account|sort|follow-place|keep-deleted-days|history-versions|history-days VALUE"
      )
    }
    return (name, value)
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
    case .followPlace:
      guard ["on", "off"].contains(value) else {
        throw CLIError("follow-place is on or off, not “\(value)”.")
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
