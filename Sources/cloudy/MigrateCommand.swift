import ArgumentParser
import BookmarkModel
import BookmarkStores

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
      let bookmarks = try await source.load()
      let conflicted = await source.snapshot()?.conflicted ?? []
      if !conflicted.isEmpty {
        throw CLIError(
          "\(conflicted.count == 1 ? "1 bookmark has" : "\(conflicted.count) bookmarks have") unresolved conflicts; "
            + "resolve them first (Enter on the row in the list), so no version is lost. Nothing was changed.")
      }
      let destination = try options.makeStore(target)
      await destination.sync()
      let already = Set(try await destination.load().map(\.id))
      let copies = bookmarks.filter { !already.contains($0.id) }
      if let capacity = await destination.remainingCapacity(), copies.count > capacity {
        throw CLIError(
          "The \(target.rawValue) store has room for \(capacity) more bookmarks, and these are \(copies.count); "
            + "nothing was changed.")
      }
      if !copies.isEmpty { try await destination.importBookmarks(copies) }
      let arrived = Set(try await destination.load().map(\.id))
      let missing = bookmarks.count { !arrived.contains($0.id) }
      guard missing == 0 else {
        throw CLIError(
          "\(missing) bookmarks did not arrive in the \(target.rawValue) store; the \(from.rawValue) store was left as it was."
        )
      }
      await options.finish(destination)
      if !keep, !bookmarks.isEmpty {
        try await source.removeBookmarks(Set(bookmarks.map(\.id)))
        await options.finish(source)
      }
      // From now on a plain `cloudy` opens the store the bookmarks are in, through the same
      // cloud and account.
      if !keep { try options.settingsInEffect(store: target).save(to: options.location) }
      let count = bookmarks.count == 1 ? "1 bookmark" : "\(NumberText.grouped(bookmarks.count)) bookmarks"
      let verb = keep ? "Copied" : "Moved"
      let skipped = bookmarks.count - copies.count
      let there = skipped == 0 ? "" : " (\(skipped) were already there)"
      let next =
        keep
        ? "Use --store \(target.rawValue) to open them there."
        : "From now on cloudy opens the \(target.rawValue) store (`cloudy config` shows and changes that)."
      print("\(verb) \(count) from \(from.rawValue) to \(target.rawValue)\(there). \(next)")
    }
  }
}
