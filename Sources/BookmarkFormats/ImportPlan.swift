import BookmarkModel
import Foundation
import PropertyLists

/// What importing a file into a store would do, decided before anything is written: the
/// bookmarks to add, the entries merged as duplicates, and the entries skipped.
///
/// A bookmark is a duplicate when its URL has the same ``BookmarkURL/comparisonKey(_:)`` as
/// a stored bookmark (it is already here) or as an earlier bookmark of the same file (it is
/// repeated in the file); the first one is kept as it is and the later one is merged into it
/// (not added). A JSON entry keeps its id unless a
/// stored bookmark already has that id, or it is empty (no store can read a bookmark back
/// without one): then it gets a new one. An entry with a date no writer can write (outside
/// the years 1 to 9999, `Date.isWritable`) is skipped with its reason.
public struct ImportPlan: Sendable {
  /// An entry of the file whose URL is already there.
  public struct Duplicate: Hashable, Sendable {
    public var entry: ParsedBookmark
    /// The name of the bookmark it duplicates (stored, or earlier in the file).
    public var existingName: String
    /// Whether it repeats an earlier entry of the file; otherwise a stored bookmark has its URL.
    public var isRepeatInFile: Bool
  }

  public var format: BookmarkFileFormat
  /// The bookmarks to add, with ids and whole-second dates, in file order.
  public var additions: [Bookmark]
  public var duplicates: [Duplicate]
  /// The duplicates whose URL a stored bookmark has.
  public var alreadyHere: Int { duplicates.count - repeatsInFile }
  /// The duplicates whose URL an earlier entry of the file has.
  public var repeatsInFile: Int { duplicates.count { $0.isRepeatInFile } }
  public var skipped: [SkippedEntry]
  public var separators: Int
  /// The file's empty folders the store has not (each with the folders above it it lacks),
  /// parents first: the import makes them.
  public var folders: [[String]]
  /// Empty folders of the file whose names break the folder rules (``BookmarkOrganisation``).
  public var unkeptFolders: Int
  public var folderDescriptions: Int

  /// Plans the import of `file` into a store that holds `existing` and the folders
  /// `existingFolders`. Entries without a date get `now`; new ids come from `newID`.
  public init(
    file: ParsedFile, existing: [Bookmark], existingFolders: [[String]] = [], environment: BookmarkEnvironment
  ) {
    format = file.format
    skipped = file.skipped
    separators = file.separators
    folderDescriptions = file.folderDescriptions
    folders = []
    unkeptFolders = 0
    additions = []
    additions.reserveCapacity(file.bookmarks.count)
    duplicates = []
    // The first name under each key, and whether it came from the file.
    var names: [String: (name: String, inFile: Bool)] = [:]
    names.reserveCapacity(existing.count + file.bookmarks.count)
    for bookmark in existing {
      let key = BookmarkURL.comparisonKey(bookmark.url)
      if names[key] == nil { names[key] = (bookmark.name, false) }
    }
    var ids = Set(existing.map(\.id))
    let now = environment.now().wholeSeconds
    for entry in file.bookmarks {
      // Checked here, for every format, by the rule `add` and every store use: an HTML file
      // and a JSON file must not differ in what URLs they can bring in.
      let url: String
      guard entry.url.utf8.count <= NetscapeLimits.maximumValueBytes else {
        skipped.append(
          SkippedEntry(
            line: entry.line, name: entry.name,
            reason: "its URL is longer than \(Self.grouped(NetscapeLimits.maximumValueBytes)) bytes"))
        continue
      }
      switch BookmarkURL.accept(entry.url) {
      case .failure(let problem):
        skipped.append(SkippedEntry(line: entry.line, name: entry.name, reason: problem.clause))
        continue
      case .success(let accepted):
        url = accepted.text
      }
      // A date beyond what the stores and exports write (`1e300` seconds, the year 30000) is
      // not stored to trap a writer or to be written back as another year.
      if let reason = Self.dateProblem(entry) {
        skipped.append(SkippedEntry(line: entry.line, name: entry.name, reason: reason))
        continue
      }
      // The limits every entry point applies (a name, folder names and depth, tags, notes): a
      // store refuses to read back what breaks them.
      let name = BookmarkDraft.name(entry.name, orDefaultFor: url)
      if let problem = BookmarkOrganisation.problem(name: name) ?? BookmarkOrganisation.problem(folder: entry.folder)
        ?? BookmarkOrganisation.limitProblem(tags: entry.tags) ?? BookmarkOrganisation.problem(notes: entry.notes)
      {
        skipped.append(SkippedEntry(line: entry.line, name: entry.name, reason: problem.clause))
        continue
      }
      let key = BookmarkURL.comparisonKey(url)
      // One hash in the common case: insert, and put the first name back if there was one.
      if let first = names.updateValue((entry.name, true), forKey: key) {
        names[key] = first
        duplicates.append(Duplicate(entry: entry, existingName: first.name, isRepeatInFile: first.inFile))
        continue
      }
      var id = entry.id.flatMap { $0.isEmpty ? nil : $0 } ?? environment.newID()
      while ids.contains(id) { id = environment.newID() }
      ids.insert(id)
      let created = entry.created.map(\.wholeSeconds) ?? now
      additions.append(
        Bookmark(
          id: id, name: name, url: url, created: created,
          modified: entry.modified.map(\.wholeSeconds) ?? created, folder: entry.folder, notes: entry.notes,
          tags: entry.tags))
    }
    skipped.sort { $0.line < $1.line }
    planFolders(file.emptyFolderPaths, existing: existing.map(\.folder) + existingFolders)
  }

  /// The empty folders to make: those the store and the additions don't have already.
  private mutating func planFolders(_ paths: [[String]], existing: [[String]]) {
    var known = Set<[String]>()
    for path in existing + additions.map(\.folder) where !path.isEmpty {
      for depth in 1...path.count { known.insert(Array(path.prefix(depth))) }
    }
    for path in paths {
      guard !path.isEmpty, BookmarkOrganisation.problem(folder: path) == nil else {
        unkeptFolders += 1
        continue
      }
      for depth in 1...path.count where known.insert(Array(path.prefix(depth))).inserted {
        folders.append(Array(path.prefix(depth)))
      }
    }
  }

  /// Why an entry's dates can't be stored, as a clause: "its creation date is outside the
  /// years 1 to 9999".
  static func dateProblem(_ entry: ParsedBookmark) -> String? {
    for (date, which) in [(entry.created, "creation"), (entry.modified, "modification")] {
      if let date, !date.isWritable { return "its \(which) date is outside the years 1 to 9999" }
    }
    return nil
  }

  // MARK: - Report

  /// The report shown before anything is written, one line each: the counts, then each
  /// skipped entry with its reason. Names come from the file: sanitize before printing.
  public func report(fileName: String) -> [String] {
    var lines = ["\(fileName) (\(format.displayName)):"]
    lines.append("  \(Self.count(additions.count, "bookmark")) to import")
    if !folders.isEmpty { lines.append("  \(Self.count(folders.count, "empty folder")) to make") }
    if alreadyHere > 0 { lines.append("  \(Self.grouped(alreadyHere)) already here (merged into the stored bookmark)") }
    if repeatsInFile > 0 {
      lines.append("  \(Self.grouped(repeatsInFile)) repeated in the file (merged into the first)")
    }
    lines.append("  \(Self.count(skipped.count, "entry", plural: "entries")) skipped" + (skipped.isEmpty ? "" : ":"))
    for entry in skipped { lines.append("    " + reason(entry)) }
    var notKept: [String] = []
    if separators > 0 { notKept.append(Self.count(separators, "separator")) }
    if unkeptFolders > 0 { notKept.append(Self.count(unkeptFolders, "empty folder") + " with a name Cloudy can't use") }
    if folderDescriptions > 0 { notKept.append(Self.count(folderDescriptions, "folder description")) }
    if !notKept.isEmpty { lines.append("  not kept: " + notKept.joined(separator: ", ")) }
    let nonWeb = additions.filter { !Self.isWeb($0.url) }.count
    if nonWeb > 0 {
      lines.append(
        "  \(Self.count(nonWeb, "bookmark")) with a non-web URL (javascript:, place:, file:, …) kept as text, "
          + "never opened")
    }
    return lines
  }

  /// A skipped entry as the report says it: `line 9: “No URL” — it has no URL` (in a JSON
  /// file, `entry 9`). The name comes from the file: sanitize before printing.
  public func reason(_ entry: SkippedEntry) -> String {
    let place = format == .json ? "entry" : "line"
    let shown = entry.name.count > 80 ? entry.name.prefix(79) + "…" : entry.name
    let name = entry.name.isEmpty ? "(no name)" : "“\(shown)”"
    return "\(place) \(entry.line): \(name) — \(entry.reason)"
  }

  static func isWeb(_ url: String) -> Bool {
    let lower = url.prefix(8).lowercased()
    return lower.hasPrefix("http://") || lower.hasPrefix("https://")
  }

  static func count(_ number: Int, _ noun: String, plural: String? = nil) -> String {
    "\(grouped(number)) \(number == 1 ? noun : plural ?? noun + "s")"
  }

  /// `100000` as `100,000`, whatever the locale, so reports read the same everywhere.
  static func grouped(_ number: Int) -> String { NumberText.grouped(number) }
}
