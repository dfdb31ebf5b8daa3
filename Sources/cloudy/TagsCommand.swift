import ArgumentParser
import BookmarkModel
import CommandLineIO
import ScreenRendering

/// `cloudy tags`: every tag with how many bookmarks have it.
struct TagsCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tags", abstract: "Print every tag with how many bookmarks have it.")

  @OptionGroup var options: GlobalOptions

  func run() async throws {
    try await CLIError.reporting {
      let store = try await options.openStore()
      for (tag, count) in try await store.load().tagCounts() {
        print("\(count)\t" + DisplayText.sanitize(tag))
      }
      try options.report(await store.status())
    }
  }
}
