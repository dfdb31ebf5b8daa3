import ArgumentParser
import BookmarkModel
import BookmarkStoreInterface
import CommandLineIO
import DeviceHome
import Foundation
import JSONListings
import PageAccess
import ScreenRendering
import WebPages

#if canImport(Glibc)
  import Glibc
#endif

/// `cloudy check [ID…] [--json] [--update-moved [--yes]] [--timeout SECONDS]`.
struct CheckCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: "Check that bookmarks' links still work; exit status 4 when one is dead.",
    discussion: """
      Prints each link that is not fine (status, id, name, URL, what was found), then a summary. Statuses: \
      moved (for good, to a new URL), gone (404, 410), client-error, server-error (5xx twice), dns, refused, \
      timeout, tls, bad-redirect (a loop, too many, or into a private network), not-web (never fetched), failed \
      (anything else that ended the fetch: the server closed or reset the connection, a proxy refused) and unchecked (nothing \
      found out: no network, or 429 twice; not dead). The results are kept on this \
      device and shown in the list (is:dead, is:moved). Nothing is changed unless you say yes to --update-moved.
      """)

  /// The exit status when at least one link is dead (1 stays "the command failed").
  static let deadExitCode: Int32 = 4

  @OptionGroup var options: GlobalOptions

  @Argument(help: "Bookmark ids (or unique prefixes) to check; all bookmarks when none is given.")
  var ids: [String] = []

  @Flag(name: .long, help: "Print a JSON array: {id, name, url, status, detail, checked} and movedTo for moves.")
  var json = false

  @Flag(name: .long, help: "Offer to change the URLs of bookmarks that moved for good to where they moved.")
  var updateMoved = false

  @Flag(name: .long, help: "With --update-moved: update without asking.")
  var yes = false

  @Option(name: .long, help: ArgumentHelp("Give up on one link after this long.", valueName: "seconds"))
  var timeout: Int = 10

  func validate() throws {
    if timeout < 1 { throw ValidationError("--timeout needs a whole number of seconds, 1 or more.") }
    if yes, !updateMoved { throw ValidationError("--yes goes with --update-moved.") }
  }

  func run() async throws {
    try options.requireFetching("Checking links")
    let dead = try await CLIError.reporting {
      let store = try await options.openStore()
      let bookmarks = try await store.load()
      let chosen = ids.isEmpty ? bookmarks : try ids.map { try bookmarks.resolve($0) }
      let progress = CheckProgress(enabled: !json && isatty(STDERR_FILENO) == 1)
      let results = await WebAccess(timeout: .seconds(timeout), environment: options.environment).with { fetcher in
        await LinkChecker(fetcher: fetcher).check(chosen.map { (key: $0, url: $0.url) }) { _, done, total in
          progress.update(done: done, total: total)
        }
      }
      progress.finish()
      let now = Date()
      let checks = Dictionary(
        results.map { ($0.key.id, LinkCheck(url: $0.url, status: $0.status, checked: now)) },
        uniquingKeysWith: { $1 })
      do {
        try LinkCheckFile.merge(checks, keeping: Set(bookmarks.map(\.id)), into: options.location)
      } catch {
        GlobalOptions.warn("The results could not be kept for the list: \(error)")
      }
      try report(results.map { ($0.key, $0.status) }, checked: now)
      if updateMoved { try await update(results.compactMap(Self.move), in: store) }
      await options.finish(store)
      return results.contains { $0.status.isDead }
    }
    if dead { throw ExitCode(Self.deadExitCode) }
  }

  private static func move(_ result: (key: Bookmark, url: String, status: LinkStatus)) -> (Bookmark, String)? {
    guard case .moved(let url) = result.status else { return nil }
    return (result.key, url)
  }

  /// Prints the links that are not fine (or, with `--json`, every link), and the summary.
  private func report(_ results: [(Bookmark, LinkStatus)], checked: Date) throws {
    if json {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
      encoder.dateEncodingStrategy = .iso8601
      let rows = results.map { CheckedLink(bookmark: $0.0, status: $0.1, checked: checked) }
      try StandardStream.output.write(encoder.encode(rows) + Data("\n".utf8))
      return
    }
    for (bookmark, status) in results where status != .ok {
      let fields = [status.label, bookmark.id, bookmark.name, bookmark.url, status.detail]
      print(fields.map(DisplayText.sanitize).joined(separator: "\t"))
    }
    let moved = results.filter { if case .moved = $0.1 { true } else { false } }.count
    let dead = results.filter { $0.1.isDead }.count
    let ok = results.filter { $0.1 == .ok }.count
    let notWeb = results.filter { $0.1 == .notWeb }.count
    let unchecked = results.filter { !$0.1.isKnown }.count
    var summary =
      "Checked \(results.count) \(results.count == 1 ? "link" : "links"): \(ok) ok, \(moved) moved, \(dead) dead"
    if notWeb > 0 { summary += ", \(notWeb) not web addresses" }
    if unchecked > 0 { summary += ", \(unchecked) could not be checked" }
    GlobalOptions.warn(summary + ".")
  }

  /// Changes the URLs of moved bookmarks after the user's yes (or `--yes`).
  private func update(_ moves: [(Bookmark, String)], in store: any BookmarkStore) async throws {
    guard !moves.isEmpty else { return }
    if !yes {
      guard isatty(STDIN_FILENO) == 1 else {
        throw CLIError("\(moves.count) moved; pass --yes with --update-moved to update them without being asked.")
      }
      StandardStream.error.say(
        "Update \(moves.count) \(moves.count == 1 ? "bookmark" : "bookmarks") to the URL it moved to? [y/N] ")
      guard let answer = readLine(), answer.lowercased().hasPrefix("y") else {
        GlobalOptions.warn("Nothing was changed.")
        return
      }
    }
    var updated = 0
    // Read again: a bookmark changed while the links were checked keeps that change.
    let now = Dictionary(try await store.load().map { ($0.id, $0) }, uniquingKeysWith: { $1 })
    for (checked, url) in moves {
      guard let bookmark = now[checked.id], bookmark.url == checked.url else {
        GlobalOptions.warn("“\(checked.name)” was changed meanwhile; it was left as it is.")
        continue
      }
      guard case .success(let draft) = BookmarkDraft(name: bookmark.name, url: url).validated() else {
        GlobalOptions.warn("“\(bookmark.name)” moved to a URL Cloudy can't store; it was left as it is.")
        continue
      }
      _ = try await store.update(id: bookmark.id, with: draft)
      updated += 1
    }
    GlobalOptions.warn("Updated \(updated) \(updated == 1 ? "bookmark" : "bookmarks").")
  }
}
