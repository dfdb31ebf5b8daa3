import ArgumentParser

/// `cloudy [--shelf] search QUERY… [--json]`: `list QUERY` for this device's bookmarks; on
/// the team shelf, a search the cloud runs (name and URL, case-insensitive substrings).
struct SearchCommand: AsyncParsableCommand, BookmarkListing {
  static let configuration = CommandConfiguration(
    commandName: "search",
    abstract: "Print the bookmarks a query matches (with --shelf, the team shelf's, searched on the cloud).",
    discussion: """
      For your own bookmarks it is `cloudy list QUERY`, matched as the list's / filter matches. On the team \
      shelf (--shelf) the query is one piece of text, found in names and URLs whatever its case.
      """)

  @OptionGroup var options: GlobalOptions

  @Argument(help: ArgumentHelp("What to look for (quote it for the shell).", valueName: "query"))
  var query: [String]

  @Flag(name: .long, help: "Print a JSON array instead of lines.")
  var json = false

  var folder: String? { nil }
  var tag: [String] { [] }

  func validate() throws {
    if query.joined().isEmpty { throw ValidationError("Give something to look for; `cloudy list` prints everything.") }
  }

  func run() async throws {
    if options.shelf { return try await ShelfCLI.list(options, query: query.joined(separator: " "), json: json) }
    try await printList()
  }
}
