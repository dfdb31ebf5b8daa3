import ArgumentParser
import BookmarkModel
import CommandLineIO
import ScreenRendering

/// `cloudy folders`: every folder with how many bookmarks it holds, empty ones too.
struct FoldersCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "folders",
    abstract: "Print every folder (names joined by /) with how many bookmarks it and its folders hold.")

  @OptionGroup var options: GlobalOptions

  func run() async throws {
    try await CLIError.reporting {
      let store = try await options.openStore()
      var counts = try await store.load().folderCounts()
      // Folders kept as folders of their own: empty ones are listed too.
      let listed = Set(counts.map(\.path))
      for path in await store.snapshot()?.folders ?? [] where !listed.contains(path) { counts.append((path, 0)) }
      counts.sort { $0.path.lexicographicallyPrecedes($1.path) { $0.lowercased() < $1.lowercased() } }
      for (path, count) in counts {
        print("\(count)\t" + DisplayText.sanitize(BookmarkOrganisation.folderText(path)))
      }
      try options.report(await store.status())
    }
  }
}
