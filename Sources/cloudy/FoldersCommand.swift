import ArgumentParser
import BookmarkModel
import ScreenRendering

/// `cloudy folders`: every folder with how many bookmarks it holds.
struct FoldersCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "folders",
    abstract: "Print every folder (names joined by /) with how many bookmarks it and its folders hold.")

  @OptionGroup var options: GlobalOptions

  func run() async throws {
    try await CLIError.reporting {
      let store = try await options.openStore()
      for (path, count) in try await store.load().folderCounts() {
        print("\(count)\t" + DisplayText.sanitize(BookmarkOrganisation.folderText(path)))
      }
      try options.report(await store.status())
    }
  }
}
