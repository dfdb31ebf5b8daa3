import ArgumentParser
import BookmarkModel
import BookmarkStores
import StoreWiring

/// `cloudy migrate --to STORE`.
struct MigrateCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "migrate",
    abstract: "Move every bookmark from the current store (--store) to another, keeping ids and dates.",
    discussion: """
      Copies every bookmark into the other store in one atomic step, checks that each one arrived, \
      and only then removes them from the current store (unless --keep). Refuses before changing \
      anything when the other store can't hold them all (the key-value store's quota), or when a \
      bookmark has an unresolved conflict (resolve it first, so no version is lost).
      """)

  @OptionGroup var options: GlobalOptions

  @Option(
    name: .long, help: ArgumentHelp("The store to move to: user-defaults, key-value or documents.", valueName: "store"))
  var to: StoreBackend

  @Flag(name: .long, help: "Copy only: leave the bookmarks in the current store too.")
  var keep = false

  func run() async throws {
    try await CLIError.reporting {
      let from = try options.backend()
      let target = to
      guard target != from else { throw CLIError("The bookmarks are already in the \(from.rawValue) store.") }
      let source = try await options.openStore()
      let outcome: StoreMigration.Outcome
      do {
        outcome = try await StoreMigration.run(
          from: source, to: { try options.makeStore(target, watching: false) }, keep: keep
        ) {
          await options.finish($0)
        }
      } catch let refusal as StoreMigration.Refusal {
        throw CLIError(Self.sentence(refusal, from: from, to: target))
      }
      // From now on a plain `cloudy` opens the store the bookmarks are in, through the same
      // cloud and account.
      if !keep { try options.settingsInEffect(store: target).save(to: options.location) }
      let count = outcome.total == 1 ? "1 bookmark" : "\(NumberText.grouped(outcome.total)) bookmarks"
      let verb = keep ? "Copied" : "Moved"
      let skipped = outcome.total - outcome.copied
      let there =
        (skipped == 0 ? "" : " (\(skipped) were already there)")
        + (outcome.foldersMade == 0
          ? "" : outcome.foldersMade == 1 ? ", and 1 empty folder" : ", and \(outcome.foldersMade) empty folders")
      let next =
        keep
        ? "Use --store \(target.rawValue) to open them there."
        : "From now on cloudy opens the \(target.rawValue) store (`cloudy config` shows and changes that)."
      print("\(verb) \(count) from \(from.rawValue) to \(target.rawValue)\(there). \(next)")
      if let left = outcome.foldersLeft {
        var reason = left.reason
        if reason.hasSuffix(".") { reason.removeLast() }
        GlobalOptions.warn(
          "\(left.count == 1 ? "1 empty folder was" : "\(left.count) empty folders were") not made in the "
            + "\(target.rawValue) store (\(reason)); they are still in the \(from.rawValue) store.")
      }
    }
  }

  private static func sentence(_ refusal: StoreMigration.Refusal, from: StoreBackend, to target: StoreBackend) -> String
  {
    switch refusal {
    case .conflicts(let count):
      return "\(count == 1 ? "1 bookmark has" : "\(count) bookmarks have") unresolved conflicts; "
        + "resolve them first (Enter on the row in the list), so no version is lost. Nothing was changed."
    case .noRoom(let capacity, let needed):
      return "The \(target.rawValue) store has room for \(capacity) more bookmarks, and these are \(needed); "
        + "nothing was changed."
    case .missing(let count):
      return
        "\(count) bookmarks did not arrive in the \(target.rawValue) store; the \(from.rawValue) store was left as it was."
    }
  }
}
