import ArgumentParser
import BookmarkModel
import CommandLineIO
import PageAccess
import WebPages

/// `cloudy retitle [ID…|--all-untitled] [--timeout SECONDS]`.
struct RetitleCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "retitle",
    abstract: "Name bookmarks after their pages' titles.",
    discussion: """
      With ids, those bookmarks are renamed to their pages' titles. With --all-untitled, every bookmark whose \
      name is still its URL or host. A page that has no title, or can't be fetched, leaves its bookmark as it is.
      """)

  @OptionGroup var options: GlobalOptions

  @Argument(help: "Bookmark ids (or unique prefixes) to rename.")
  var ids: [String] = []

  @Flag(name: .long, help: "Every bookmark whose name is still its URL or host.")
  var allUntitled = false

  @Option(name: .long, help: ArgumentHelp("Give up on one page after this long.", valueName: "seconds"))
  var timeout: Int = 10

  func validate() throws {
    if timeout < 1 { throw ValidationError("--timeout needs a whole number of seconds, 1 or more.") }
    if ids.isEmpty == !allUntitled { throw ValidationError("Give bookmark ids, or --all-untitled (not both).") }
  }

  func run() async throws {
    try options.requireFetching("Naming bookmarks after their pages")
    try await CLIError.reporting {
      let store = try await options.openStore()
      let bookmarks = try await store.load()
      let chosen = allUntitled ? bookmarks.filter(WebAccess.isUntitled) : try ids.map { try bookmarks.resolve($0) }
      let titles = await WebAccess(timeout: .seconds(timeout), environment: options.environment).with { fetcher in
        let titles = TitleFetcher(fetcher: fetcher)
        return await withTaskGroup(of: (Bookmark, String?).self) { group in
          var started = 0
          var found: [(Bookmark, String?)] = []
          for bookmark in chosen {
            // Eight pages at a time: polite to the sites, quick enough for a library.
            if started >= 8, let done = await group.next() { found.append(done) }
            group.addTask { (bookmark, await titles.title(for: bookmark.url)) }
            started += 1
          }
          for await done in group { found.append(done) }
          return found
        }
      }
      var renamed = 0
      // Read again: a bookmark renamed while its page was fetched keeps the new name.
      let now = Dictionary(try await store.load().map { ($0.id, $0) }, uniquingKeysWith: { $1 })
      for (bookmark, title) in titles {
        guard let title, title != bookmark.name, let current = now[bookmark.id], current.name == bookmark.name else {
          continue
        }
        _ = try await store.update(id: bookmark.id, with: BookmarkDraft(name: title, url: current.url))
        renamed += 1
      }
      GlobalOptions.warn(
        "Renamed \(renamed) of \(chosen.count) \(chosen.count == 1 ? "bookmark" : "bookmarks") after their pages.")
      await options.finish(store)
    }
  }
}
