import ArgumentParser
import BookmarkStoreInterface
import CommandLineIO
import PageAccess

/// `cloudy sync [--apply-deletes | --keep-deleted | --watch]`: pushes this device's queued
/// changes and fetches the others' once, and settles deletes held back because they take too
/// many bookmarks at once. Without a choice, held deletes are refused: they stay held, one
/// sentence says so, and the exit status is 1. `--watch` keeps syncing with no screen open
/// (``SyncWatch``).
struct SyncCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "sync",
    abstract: "Push queued changes and fetch other devices' once; settle deletes held back.",
    discussion: """
      A change from another device that deletes more than a fifth of the bookmarks, and at least 50, has \
      its deletes held back on this device (the rest of it is applied) until you choose: --apply-deletes \
      deletes them here too (Recently Deleted keeps them), --keep-deleted keeps the bookmarks on every \
      device.

      Pages kept on this device while the cloud could not be reached (cloudy archive, W in the app) are \
      sent too, and the pages of bookmarks deleted for good are let go, each with one line saying how many.

      --watch keeps doing it until stopped (SIGTERM or Ctrl-C), with no screen open: changes made on this \
      device are pushed, other devices' are fetched as they come, and queued changes go out as soon as the \
      cloud comes back. It prints one line whenever the state of sync changes. docs/sync-service.md has a \
      systemd user unit for it.
      """)

  @OptionGroup var options: GlobalOptions

  @Flag(name: .long, help: "Apply deletes held back: they are deleted here too, and kept in Recently Deleted.")
  var applyDeletes = false

  @Flag(name: .long, help: "Keep the bookmarks held-back deletes would take, on every device.")
  var keepDeleted = false

  @Flag(name: .long, help: "Keep syncing until stopped (SIGTERM or Ctrl-C), with no screen open.")
  var watch = false

  func validate() throws {
    if applyDeletes, keepDeleted { throw ValidationError("Choose one of --apply-deletes and --keep-deleted.") }
    if watch, applyDeletes || keepDeleted {
      throw ValidationError(
        "--watch settles no held deletes; run `cloudy sync --apply-deletes` or `--keep-deleted` once.")
    }
  }

  func run() async throws {
    if watch { return try await SyncWatch(options: options).run() }
    try await CLIError.reporting {
      let store = try options.makeStore(watching: false)
      let waiting = await store.status().pending
      let synced = await store.sync()
      if let synced, synced.sync == .synced { await Self.keepUpPages(options, store, after: synced) }
      guard let held = await store.snapshot()?.heldDeletes, let syncing = store.synced else {
        if applyDeletes || keepDeleted { StandardStream.output.say("No deletes are held back.\n") }
        try report(synced, waitingBefore: waiting)
        return
      }
      guard applyDeletes || keepDeleted else { throw CLIError(held.sentence) }
      let copies = try await syncing.settleHeldDeletes(held, keeping: keepDeleted)
      StandardStream.output.say(
        keepDeleted
          ? "Kept \(held.count) bookmarks on every device.\n"
          : "Deleted \(held.count) bookmarks here too; "
            + (copies == 0
              ? "the other device kept no copies in Recently Deleted.\n"
              : "`cloudy trash list` shows \(copies == held.count ? "them" : "\(copies) of them").\n")
      )
      await options.finish(store)
    }
  }

  /// Sends the pages kept here while the cloud could not be reached, lets go of those of
  /// bookmarks gone for good (only when the store is known whole after the sync: nothing
  /// unreadable, pending or held back), and says so.
  static func keepUpPages(_ options: GlobalOptions, _ store: any BookmarkStore, after status: StoreStatus) async {
    guard KeptPagesUpkeep.anyKept(in: options.location) else { return }
    do {
      let done = try await options.withArchiveCloud { cloud -> KeptPagesUpkeep.Done in
        guard let cloud else { return KeptPagesUpkeep.Done() }
        let listed = Set(try await store.load().map(\.id))
        let held = await store.snapshot()?.heldDeletes
        let whole = status.problem == nil && status.pending == 0 && held == nil
        let deleted = whole ? Set(try await store.recentlyDeleted().map(\.id)) : nil
        return try await KeptPagesUpkeep.keepUp(in: options.location, through: cloud, listed: listed, deleted: deleted)
      }
      StandardStream.output.say(lines(done))
    } catch {
      GlobalOptions.warn(
        "Kept pages could not be kept in step with the cloud: \(ArchiveCommand.sentence(error))"
          + " Those kept here wait on this device.")
    }
  }

  /// What an upkeep of kept pages says: a line for what it did, nothing when it did nothing.
  static func lines(_ done: KeptPagesUpkeep.Done) -> String {
    var lines = ""
    if done.sent > 0 { lines += "Sent \(ArchiveCommand.pages(done.sent)) kept while the cloud could not be reached.\n" }
    if done.freed > 0 {
      lines +=
        "Let go of the kept pages of \(done.freed == 1 ? "1 bookmark" : "\(done.freed) bookmarks") deleted for good.\n"
    }
    return lines
  }

  /// Says on stderr what a sync that could not reach the cloud did, and exits with
  /// ``GlobalOptions/staleExitCode``: what waits on this device, or that it was sent and only
  /// the fetch failed. `waitingBefore` is how many changes waited before the sync.
  private func report(_ status: StoreStatus?, waitingBefore: Int) throws {
    guard let status else { return }
    guard status.sync == .offline, !options.isOffline else {
      if let problem = status.problem { GlobalOptions.warn(problem) }
      return
    }
    var problem = status.problem ?? "Can't reach the cloud."
    if problem.hasSuffix(".") { problem.removeLast() }
    let what =
      if status.pending > 0 {
        status.pending == 1 ? "1 change waits on this device" : "\(status.pending) changes wait on this device"
      } else if waitingBefore > 0 {
        "this device's changes were sent, but other devices' changes could not be fetched"
      } else {
        "nothing waited to be sent, and other devices' changes could not be fetched"
      }
    GlobalOptions.warn("\(problem); \(what).")
    throw ExitCode(GlobalOptions.staleExitCode)
  }
}
