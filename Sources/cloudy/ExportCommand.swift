import ArgumentParser
import BookmarkFormats
import BookmarkModel
import CommandLineIO
import DurableFiles
import Foundation

/// `cloudy export [--format html|xbel|json] [-o FILE]`.
struct ExportCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "export",
    abstract: "Write every bookmark as a browser bookmark file (html), XBEL or JSON.",
    discussion: """
      html is the Netscape bookmark file that Firefox, Chrome, Edge and Safari import, with \
      folders, dates and notes. json is lossless (ids, dates, folders, notes, tags) and is what \
      `cloudy import` reads back exactly. Without -o the file goes to standard output.
      """)

  @OptionGroup var options: GlobalOptions

  @Option(
    name: .long,
    help: ArgumentHelp("html, xbel or json (default: from -o's extension, else html).", valueName: "format"))
  var format: String?

  @Option(name: [.customShort("o"), .long], help: ArgumentHelp("Write to this file (mode 0600).", valueName: "file"))
  var output: String?

  func validate() throws {
    if let format, BookmarkFileFormat(rawValue: format.lowercased()) == nil {
      throw ValidationError("Unknown format “\(format)”; choose html, xbel or json.")
    }
  }

  func run() async throws {
    try await CLIError.reporting {
      let format = chosenFormat
      let store = try await options.openStore()
      let bookmarks = try await store.load()
      // Empty folders too, where the format nests folders (JSON lists bookmarks only).
      let folders = await store.snapshot()?.folders ?? []
      let data: Data
      switch format {
      case .html: data = NetscapeBookmarkWriter.data(for: bookmarks, folders: folders)
      case .xbel: data = XBELWriter.data(for: bookmarks, folders: folders)
      case .json: data = try BookmarkJSON.data(for: bookmarks)
      }
      guard let output, output != "-" else {
        do {
          try StandardStream.output.write(data)
        } catch let error as StandardStream.WriteFailed {
          throw CLIError("Couldn't write the export to standard output (\(error.reason)).")
        }
        return
      }
      do {
        try PrivateFiles.replace(output, with: data)
      } catch FileError.writeFailed(_, let reason), FileError.unreadable(_, let reason) {
        throw CLIError("Couldn't write \(output) (\(reason)); nothing was exported.")
      }
      let count = bookmarks.count == 1 ? "1 bookmark" : "\(NumberText.grouped(bookmarks.count)) bookmarks"
      StandardStream.error.say(CLIError("Exported \(count) to \(output).").description + "\n")
    }
  }

  /// `--format` (checked in ``validate()``), else from `-o`'s extension, else html.
  private var chosenFormat: BookmarkFileFormat {
    if let chosen = format.flatMap({ BookmarkFileFormat(rawValue: $0.lowercased()) }) { return chosen }
    return output.flatMap { BookmarkFileFormat(pathExtension: ($0 as NSString).pathExtension) } ?? .html
  }
}
