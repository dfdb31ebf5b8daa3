import ArgumentParser
import BookmarkFormats
import BookmarkModel
import BookmarkStoreInterface
import BookmarksState
import CommandLineIO
import DeviceHome
import Foundation
import JSONListings
import ListSearch
import PageAccess
import ScreenRendering

/// `cloudy list [QUERY…] [--folder PATH] [--tag TAG…] [--json]`.
struct ListCommand: AsyncParsableCommand, BookmarkListing {
  static let configuration = CommandConfiguration(
    commandName: "list",
    abstract: "Print the bookmarks: one a line (id, name, URL, tab-separated), or a JSON array.",
    discussion: """
      With a query, only the bookmarks it matches, as the list's / filter matches them: every word in the \
      name, URL, folder path, tags or notes; "a phrase" as typed; #tag for a tag; in:Folder/Sub for a folder \
      and below; is:dead or is:moved for what `cloudy check` found; -word to exclude (after --, so it isn't taken for an option: cloudy list -- swift -rust).
      """)

  @OptionGroup var options: GlobalOptions

  @Argument(help: ArgumentHelp("Words to match (quote them for the shell).", valueName: "query"))
  var query: [String] = []

  @Option(name: .long, help: ArgumentHelp("Only this folder and below, names joined by /.", valueName: "path"))
  var folder: String?

  @Option(name: .long, help: ArgumentHelp("Only bookmarks with this tag (repeatable).", valueName: "tag"))
  var tag: [String] = []

  @Flag(
    name: .long,
    help: "Print a JSON array of {id, name, url, created, modified}, with \"conflict\": true where unresolved.")
  var json = false

  func run() async throws {
    if options.shelf { return try await ShelfCLI.list(options, query: query.joined(separator: " "), json: json) }
    try await printList()
  }
}

/// What `list` and `search` print for this device's bookmarks.
protocol BookmarkListing {
  var options: GlobalOptions { get }
  var query: [String] { get }
  var folder: String? { get }
  var tag: [String] { get }
  var json: Bool { get }
}

extension BookmarkListing {
  func printList() async throws {
    try await CLIError.reporting {
      let store = try await options.openStore()
      let bookmarks = try await matching(try await store.load(), in: store)
      KeptUntilExit.keep(store)
      KeptUntilExit.keep(bookmarks)
      do {
        if json {
          let conflicted = await store.snapshot()?.conflicted ?? []
          let listed = bookmarks.map { ListedBookmark(bookmark: $0, conflict: conflicted.contains($0.id)) }
          let encoder = JSONEncoder()
          encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
          encoder.dateEncodingStrategy = .iso8601
          // Escaped beyond JSONEncoder's C0: the JSON may go straight to a terminal.
          let escaped = BookmarkJSON.escapingTerminalControls(try encoder.encode(listed))
          try StandardStream.output.write(escaped + Data("\n".utf8))
        } else {
          try Self.printLines(of: bookmarks)
        }
      } catch let error as StandardStream.WriteFailed {
        throw CLIError("Couldn't write the list to standard output (\(error.reason)).")
      }
      // A stale copy, and entries left out (unreadable, or a URL the one URL rule refuses),
      // are said on stderr, not hidden.
      try options.report(await store.status())
      // An empty store whose bookmarks are in another of this device's stores (after a
      // migrate, say) says where they are, as the app's empty screen does.
      if bookmarks.isEmpty, query.isEmpty, folder == nil, tag.isEmpty, try await store.load().isEmpty,
        let elsewhere = await OtherStores.describe(options)
      {
        StandardStream.error.say(elsewhere + "\n")
      }
    }
  }
}

extension BookmarkListing {
  /// One line a bookmark, its id, name and URL tab-separated and sanitized (names and URLs
  /// never reach the terminal as control sequences), written a megabyte at a time rather than
  /// one `print` a line. Throws if output can't be written (`print` dropped it silently).
  fileprivate static func printLines(of bookmarks: [Bookmark]) throws {
    var output: [UInt8] = []
    output.reserveCapacity(1 << 20 + 4096)
    func append(_ text: String, then separator: UInt8) {
      var text = DisplayText.sanitize(text)
      text.withUTF8 { output.append(contentsOf: $0) }
      output.append(separator)
    }
    for bookmark in bookmarks {
      append(bookmark.id, then: UInt8(ascii: "\t"))
      append(bookmark.name, then: UInt8(ascii: "\t"))
      append(bookmark.url, then: UInt8(ascii: "\n"))
      if output.count >= 1 << 20 {
        try StandardStream.output.write(Data(output))
        output.removeAll(keepingCapacity: true)
      }
    }
    if !output.isEmpty { try StandardStream.output.write(Data(output)) }
  }

  /// The bookmarks the query, folder and tags match, in list order (all without them). An
  /// `is:dead` or `is:moved` term asks this device's link checks; `is:conflict` the store.
  fileprivate func matching(_ bookmarks: [Bookmark], in store: any BookmarkStore) async throws -> [Bookmark] {
    guard !query.isEmpty || folder != nil || !tag.isEmpty else { return bookmarks }
    var search = BookmarkSearch()
    let path = (folder ?? "").split(separator: "/").map(String.init)
    let parsed = search.parse(query.joined(separator: " "), folder: path, tags: tag)
    var matches = search.matches(for: parsed, in: bookmarks).map { bookmarks[$0] }
    if !parsed.pageTexts.isEmpty {
      // `text:` asks this device's kept pages, as the filter does.
      let library = try ArchiveAccess.reporting { try ArchiveAccess.library(in: options.location, creating: false) }
      for term in parsed.pageTexts {
        let found = Set(
          try ArchiveAccess.reporting { try library?.bookmarks(holding: term.text, limit: ArchiveAccess.filterLimit) }
            ?? [])
        matches = matches.filter { found.contains($0.id) != term.isExcluded }
      }
    }
    guard !parsed.conditions.isEmpty else { return matches }
    let checks = try LinkCheckFile.load(from: options.location)
    let conflicted = await store.snapshot()?.conflicted ?? []
    return matches.filter { bookmark in
      let check = checks[bookmark.id].flatMap { $0.url == bookmark.url ? $0.status : nil }
      return parsed.conditions.allSatisfy {
        $0.holds(linkStatus: check, isConflicted: conflicted.contains(bookmark.id))
      }
    }
  }
}
