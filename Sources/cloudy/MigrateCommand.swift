import ArgumentParser
import BookmarkModel
import BookmarkStoreInterface
import CommandLineIO
import Foundation
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
  var to: StoreBackend?

  @Flag(name: .long, help: "Copy only: leave the bookmarks in the current store too.")
  var keep = false

  @Flag(name: .long, help: "Move back what the last migrate on this device moved, as one step.")
  var undo = false

  func validate() throws {
    if undo, to != nil || keep { throw ValidationError("--undo takes neither --to nor --keep.") }
    if !undo, to == nil { throw ValidationError("Give the store to move to with --to, or --undo.") }
  }

  func run() async throws {
    if undo { return try await runUndo() }
    try await CLIError.reporting {
      let from = try options.backend()
      guard let target = to else { return }
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
      // What `--undo` moves back: this move (a copy leaves nothing to undo, and no older move).
      MigrationRecord.remove(from: options.location)
      if !keep, !outcome.moved.isEmpty {
        let settings = try options.settingsInEffect(store: target)
        let record = MigrationRecord(
          from: from, to: target, moved: outcome.moved, copied: outcome.copiedIDs, at: Date(),
          cloud: settings[.cloud] ?? "", account: settings[.account] ?? "")
        do {
          try record.save(to: options.location)
        } catch {
          GlobalOptions.warn("The move can't be undone with --undo: its record could not be written (\(error)).")
        }
      }
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

  /// `--undo`: the last migrate's bookmarks go back to the store they came from, and cloudy
  /// opens that store again.
  private func runUndo() async throws {
    try await CLIError.reporting {
      guard let record = MigrationRecord.load(from: options.location), let (from, target) = record.stores
      else { throw CLIError("There is no migrate to undo on this device.") }
      let settings = try options.settingsInEffect(store: target)
      guard settings[.cloud] ?? "" == record.cloud, settings[.account] ?? "" == record.account else {
        throw CLIError(
          "The last migrate was made with another cloud or account than this command's; nothing was changed.")
      }
      let current = try options.backend()
      guard current == target else {
        throw CLIError(
          "The last migrate moved bookmarks to the \(target.rawValue) store, but cloudy opens the \(current.rawValue)"
            + " store now; nothing was changed.")
      }
      let destination = try await options.openStore()
      let result: (movedBack: Int, gone: Int, left: Int)
      do {
        result = try await StoreMigration.undo(
          record, from: destination, to: { try options.makeStore(from, watching: false) }
        ) {
          await options.finish($0)
        }
      } catch let refusal as StoreMigration.Refusal {
        throw CLIError(Self.sentence(refusal, from: target, to: from))
      }
      try options.settingsInEffect(store: from).save(to: options.location)
      MigrationRecord.remove(from: options.location)
      let count = result.movedBack == 1 ? "1 bookmark" : "\(NumberText.grouped(result.movedBack)) bookmarks"
      let gone = result.gone == 0 ? "" : " (\(result.gone) deleted since stay deleted)"
      print(
        "Moved \(count) back from \(target.rawValue) to \(from.rawValue)\(gone), undoing the migrate of"
          + " \(ISO8601DateFormatter().string(from: record.at)). From now on cloudy opens the \(from.rawValue) store.")
      if result.left > 0 {
        GlobalOptions.warn(
          "\(result.left == 1 ? "1 bookmark the migrate didn't move stays" : "\(result.left) bookmarks the migrate didn't move stay")"
            + " in the \(target.rawValue) store (`--store \(target.rawValue)` shows them).")
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
    case .nothingToMoveBack:
      return "None of the bookmarks the last migrate moved is in the \(from.rawValue) store any more; nothing was"
        + " changed."
    case .missing(let count):
      return
        "\(count) bookmarks did not arrive in the \(target.rawValue) store; the \(from.rawValue) store was left as it was."
    }
  }
}
