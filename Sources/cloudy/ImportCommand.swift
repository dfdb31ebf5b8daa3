import ArgumentParser
import BookmarkFormats
import BookmarkModel
import BookmarkStoreInterface
import CommandLineIO
import Foundation
import PropertyLists
import ScreenRendering

#if canImport(Glibc)
  import Glibc
#endif

/// `cloudy import FILE [--dry-run] [--yes]`.
struct ImportCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import",
    abstract: "Import a browser's bookmarks.html, an XBEL file or a Cloudy JSON export, all or nothing.",
    discussion: """
      Reads the whole file first and prints a report: how many bookmarks will be imported, how \
      many are already here or repeated in the file (same URL), and each entry skipped with the reason. \
      Then it asks before writing; everything is written in one atomic step, so an import that \
      fails or is killed leaves the store as it was. Without a terminal to ask on, pass --yes.
      """)

  @OptionGroup var options: GlobalOptions

  @Argument(
    help: "The file: a Netscape bookmark file (HTML), XBEL, or a JSON array from `cloudy export --format json`.")
  var file: String

  @Flag(name: .long, help: "Print the report and stop; nothing is written.")
  var dryRun = false

  @Flag(name: [.customShort("y"), .long], help: "Import without asking (needed when stdin is not a terminal).")
  var yes = false

  func run() async throws {
    try await CLIError.reporting {
      let store = try await options.openStore()
      let progress = ImportProgress(label: "Reading \((file as NSString).lastPathComponent)")
      let plan = try await makePlan(for: store, progress: progress)
      for line in plan.report(fileName: file) { print(DisplayText.sanitize(line)) }
      let count = plan.additions.count
      if let capacity = await store.remainingCapacity() {
        // In a store that counts keys, each new folder takes one too, before its bookmarks:
        // the same count the store's own refusal makes.
        let folders = await Self.newFolderCount(plan.additions, plan.folders, in: store)
        if count + folders > capacity {
          throw StoreError.wouldNotFit(store.backend, fitting: max(0, capacity - folders), requested: count)
        }
      }
      if dryRun {
        print("Dry run: nothing was imported.")
        return
      }
      if count == 0 && plan.folders.isEmpty {
        print("Nothing new to import.")
        return
      }
      if !yes, try !confirm(count: count, backend: store.backend) {
        // The user's own choice is not an error: a plain sentence, exit status 0.
        print("Nothing was imported: you answered no.")
        return
      }
      progress.step("Saving \(NumberText.grouped(count)) bookmarks…")
      defer { progress.finish() }
      try await store.importBookmarks(plan.additions, folders: plan.folders)
      progress.finish()
      await options.finish(store)
      let folders = plan.folders.count
      let made = folders == 1 ? " and 1 empty folder" : " and \(NumberText.grouped(folders)) empty folders"
      print(
        "Imported \(count == 1 ? "1 bookmark" : "\(NumberText.grouped(count)) bookmarks")"
          + (folders == 0 ? "" : made) + " into \(store.backend.rawValue).")
    }
  }

  /// How many folders the additions are filed in that the store has no record of yet (each
  /// folder of a path counts: `A/B` needs `A` and `A/B`).
  private static func newFolderCount(_ additions: [Bookmark], _ folders: [[String]], in store: any BookmarkStore)
    async -> Int
  {
    var known = FolderPathSet(await store.snapshot()?.folders ?? [])
    return additions.reduce(0) { $0 + known.insert($1.folder) } + folders.reduce(0) { $0 + known.insert($1) }
  }

  /// Reads the file and plans the import. In a function of its own so the parsed file is
  /// freed before the store is written (memory peaks during the write).
  private func makePlan(for store: any BookmarkStore, progress: ImportProgress) async throws -> ImportPlan {
    let parsed: ParsedFile
    do {
      defer { progress.finish() }
      parsed = try BookmarkFileInput.read(file, progress: progress)
    }
    return ImportPlan(
      file: parsed, existing: try await store.load(), existingFolders: await store.snapshot()?.folders ?? [],
      environment: .live)
  }

  /// Asks on the terminal and returns the answer; without one, refuses (a script must say
  /// --yes).
  private func confirm(count: Int, backend: StoreBackend) throws -> Bool {
    guard isatty(STDIN_FILENO) == 1 else {
      throw CLIError(
        "Standard input is not a terminal, so Cloudy can't ask; nothing was imported (pass --yes to import).")
    }
    StandardStream.error.say("Import \(NumberText.grouped(count)) bookmarks into \(backend.rawValue)? [y/N] ")
    let answer = readLine()?.trimmingWhitespace().lowercased() ?? ""
    return answer == "y" || answer == "yes"
  }
}
