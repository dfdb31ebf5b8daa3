import ArgumentParser
import BookmarkModel
import BookmarkStoreInterface
import CommandLineIO
import ScreenRendering

/// `cloudy revert ID VERSION`: makes an old version of a bookmark current again, as a new
/// version that syncs.
struct RevertCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "revert",
    abstract: "Make an old version of a bookmark (from `cloudy history ID`) its current one again.",
    discussion: """
      The old version is saved as a new one, so it syncs to every device and is in the history in \
      its turn (revert to the version before to undo it). Only the documents store keeps versions.
      """)

  @OptionGroup var options: GlobalOptions

  @Argument(help: "The bookmark's id, as `cloudy list` prints it, or a unique prefix of it.")
  var id: String

  @Argument(help: "The version, as `cloudy history ID` prints it (its first 4 characters or more).")
  var version: String

  func validate() throws {
    if id.isEmpty { throw ValidationError("Give the bookmark's id; `cloudy list` shows every id.") }
    if version.isEmpty { throw ValidationError("Give the version; `cloudy history \(id)` lists them.") }
  }

  func run() async throws {
    try await CLIError.reporting {
      let store = try await options.openStore()
      guard let versioned = store.versioned else { throw StoreError.noHistory(store.backend) }
      let reverted = try await versioned.revert(id: try await HistoryCommand.bookmarkID(id, in: store), to: version)
      let name = DisplayText.sanitize(reverted.bookmark.name)
      var sentence = "Reverted “\(name)” to version \(DisplayText.sanitize(reverted.version.shortID))."
      if reverted.madeFolder {
        sentence +=
          " Its folder “\(DisplayText.sanitize(reverted.bookmark.folder.joined(separator: " › ")))” was gone and was"
          + " made again."
      }
      print(sentence)
      await options.finish(store)
    }
  }
}
