import ArchiveSync
import Archives
import ArgumentParser
import BookmarkModel
import BookmarkStoreInterface
import CommandLineIO
import Foundation
import PageAccess
import ScreenRendering

#if canImport(Glibc)
  import Glibc
#endif

/// `cloudy read ID [--copy N]`: a bookmark's archived page as text, through a pager when
/// standard output is a terminal.
struct ReadCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "read",
    abstract: "Print the text of a bookmark's archived page (`cloudy archive` keeps it).",
    discussion: """
      Prints the title, the URL the page came from, when it was fetched, then the readable text with its links \
      as numbered footnotes. Through $PAGER (else less) when standard output is a terminal. Control and bidi \
      characters in the page are shown as symbols, never sent to the terminal as they are.
      """)

  @OptionGroup var options: GlobalOptions

  @Argument(help: "The bookmark's id (or a unique prefix).")
  var id: String

  // (Not `--version`: the argument parser takes that for the program's version everywhere.)
  @Option(name: .long, help: ArgumentHelp("Which kept copy: 1 is the newest, 2 the one before…", valueName: "n"))
  var copy: Int = 1

  func validate() throws {
    if copy < 1 { throw ValidationError("--copy counts from 1, the newest.") }
  }

  func run() async throws {
    let text = try await options.withArchiveCloud { try await read(through: $0) }
    if isatty(STDOUT_FILENO) == 1, Self.page(text, pager: options.environment["PAGER"]) { return }
    try StandardStream.output.write(Data(text.utf8))
  }

  /// The page's text; a page kept on another device is fetched from the cloud first.
  private func read(through cloud: ArchiveCloud?) async throws -> String {
    try await CLIError.reporting {
      let store = try await options.openStore()
      let bookmark = try await store.load().resolve(id)
      let name = DisplayText.sanitize(bookmark.name)
      var library = try ArchiveAccess.reporting { try ArchiveAccess.library(in: options.location, creating: false) }
      var versions = try ArchiveAccess.reporting { try library?.versions(of: bookmark.id) } ?? []
      // Kept on another device: fetched now (the archives folder is made only if it has one).
      if versions.count < copy, let cloud {
        do {
          let theirs = try await cloud.versions(of: bookmark.id)
          if !theirs.isEmpty, let here = try ArchiveAccess.library(in: options.location, creating: true) {
            try await ArchiveSharing(library: here, cloud: cloud).fetch(bookmark.id, from: theirs)
            library = here
            versions = try here.versions(of: bookmark.id)
          }
        } catch {
          GlobalOptions.warn("The cloud could not be asked for the page: \(ArchiveCommand.sentence(error))")
        }
      }
      guard !versions.isEmpty else {
        throw CLIError("“\(name)” has no archived page here; `cloudy archive \(bookmark.id)` keeps it.")
      }
      guard copy <= versions.count else {
        throw CLIError("“\(name)” has \(versions.count) archived \(versions.count == 1 ? "copy" : "copies").")
      }
      let chosen = versions[copy - 1]
      guard let archive = try ArchiveAccess.reporting({ try library?.open(chosen.hash) }) else {
        throw CLIError("The archived page of “\(name)” is not on this device.")
      }
      return Self.page(archive, fetched: chosen.fetched)
    }
  }

  /// The text printed: a heading of title, URL and date, then the page's text.
  static func page(_ archive: PageArchive, fetched: Date) -> String {
    let date = ISO8601DateFormatter().string(from: fetched)
    let heading = [archive.title ?? archive.url, archive.url, "Archived \(date)"].map(DisplayText.sanitize)
    let body = archive.text.split(separator: "\n", omittingEmptySubsequences: false).map {
      DisplayText.sanitize(String($0))
    }
    return (heading + [""] + body).joined(separator: "\n") + "\n"
  }

  /// Shows `text` through the pager; false when none could be started.
  private static func page(_ text: String, pager: String?) -> Bool {
    let command = pager.flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 } ?? "less"
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command]
    var environment = ProcessInfo.processInfo.environment
    if environment["LESS"] == nil { environment["LESS"] = "FX" }
    process.environment = environment
    let input = Pipe()
    process.standardInput = input
    do { try process.run() } catch { return false }
    signal(SIGPIPE, SIG_IGN)
    try? input.fileHandleForWriting.write(contentsOf: Data(text.utf8))
    try? input.fileHandleForWriting.close()
    process.waitUntilExit()
    return true
  }
}
