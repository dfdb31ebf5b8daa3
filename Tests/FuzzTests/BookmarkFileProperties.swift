import BookmarkFormats
import BookmarkModel
import Foundation
import PropertyLists
import TestSupport

/// What must hold for any bytes given to the bookmark-file reader (HTML or JSON):
///
/// - `error-type`: reading fails only with a ``BookmarkFileError``;
/// - `chunk-split`: the reader (and the Netscape parser alone) gives the same file, or the
///   same error, whatever chunks the bytes arrive in, as its documentation promises;
/// - `import-rule`: every bookmark of a file that reads is added, merged as a duplicate or
///   reported skipped by ``ImportPlan``, and every added URL passes the one URL rule (no
///   control or bidi character);
/// - `date-range`: every added date is one the writers can write (``WritableDate``);
/// - `export-round-trip`: exporting what was imported, importing that and exporting again
///   gives the same file (dates in the band the format reads unambiguously);
/// - `json-round-trip`: Cloudy's JSON is lossless for what was imported;
/// - `store-round-trip`: each imported bookmark reads back the same from its document and
///   from its property-list entry (the stores' formats).
enum BookmarkFileProperties {
  private static let environment = BookmarkEnvironment(
    now: { Date(timeIntervalSince1970: 1_750_000_000) }, newID: { UUID().uuidString.lowercased() })

  static func check(_ input: [UInt8], _ random: inout SplitMix64) throws(FuzzFailure) -> String {
    let whole = try read(input, splits: [])
    let splits = randomSplits(count: input.count, using: &random)
    let chunked = try read(input, splits: splits)
    try FuzzFailure.check(
      chunked == whole, "chunk-split",
      "BookmarkFileReader fed in chunks split at \(splits) gives \(describe(chunked)); fed at once, \(describe(whole))")
    let parsed = try parseNetscape(input, splits: [])
    let parsedChunked = try parseNetscape(input, splits: splits)
    try FuzzFailure.check(
      parsed == parsedChunked, "chunk-split",
      "NetscapeBookmarkParser fed in chunks split at \(splits) gives \(describe(parsedChunked)); fed at once, "
        + describe(parsed))
    switch whole {
    case .failure(let error):
      return "error " + String(describing: error).prefix { $0 != "(" }
    case .success(let file):
      try checkImport(file)
      return "\(file.format) \(min(file.bookmarks.count, 4)) \(min(file.skipped.count, 2)) \(file.separators > 0)"
        + " \(file.emptyFolders > 0) \(file.folderDescriptions > 0) \(file.bookmarks.map(\.folder.count).max() ?? 0)"
    }
  }

  /// The reader's answer for `bytes` fed in chunks ending at `splits` (then the rest).
  static func read(_ bytes: [UInt8], splits: [Int]) throws(FuzzFailure) -> Result<ParsedFile, BookmarkFileError> {
    var reader = BookmarkFileReader()
    do {
      var start = 0
      for end in splits + [bytes.count] where end >= start {
        try reader.feed(Array(bytes[start..<end]))
        start = end
      }
      return .success(try reader.finish())
    } catch let error as BookmarkFileError {
      return .failure(error)
    } catch {
      throw FuzzFailure("error-type", "BookmarkFileReader threw \(type(of: error)): \(error)")
    }
  }

  /// ``read(_:splits:)`` with the Netscape parser alone.
  static func parseNetscape(_ bytes: [UInt8], splits: [Int]) throws(FuzzFailure) -> Result<
    ParsedFile, BookmarkFileError
  > {
    var parser = NetscapeBookmarkParser()
    do {
      var start = 0
      for end in splits + [bytes.count] where end >= start {
        try parser.feed(Array(bytes[start..<end]))
        start = end
      }
      return .success(try parser.finish())
    } catch let error as BookmarkFileError {
      return .failure(error)
    } catch {
      throw FuzzFailure("error-type", "NetscapeBookmarkParser threw \(type(of: error)): \(error)")
    }
  }

  /// Where to cut `count` bytes into chunks: every byte, every few bytes, or a few random
  /// places (an empty chunk now and then).
  static func randomSplits(count: Int, using random: inout SplitMix64) -> [Int] {
    guard count > 1 else { return random.oneIn(2) ? [0] : [] }
    switch random.below(4) {
    case 0:
      return Array(1..<count)
    case 1:
      return Array(stride(from: 1 + random.below(8), to: count, by: 1 + random.below(8)))
    default:
      return (0...random.below(8)).map { _ in random.below(count + 1) }.sorted()
    }
  }

  // MARK: - Import

  private static func checkImport(_ file: ParsedFile) throws(FuzzFailure) {
    let plan = ImportPlan(file: file, existing: [], environment: environment)
    let refused = plan.skipped.count - file.skipped.count
    try FuzzFailure.check(
      plan.additions.count + plan.duplicates.count + refused == file.bookmarks.count, "import-rule",
      "\(file.bookmarks.count) bookmarks read, but \(plan.additions.count) added + \(plan.duplicates.count) merged"
        + " + \(refused) refused")
    for bookmark in plan.additions {
      if let scalar = ForbiddenScalar.first(in: bookmark.url) {
        throw FuzzFailure(
          "import-rule",
          "an added URL holds U+\(String(scalar.value, radix: 16, uppercase: true)): "
            + ForbiddenScalar.visible(bookmark.url))
      }
      try FuzzFailure.check(
        BookmarkURL.storageProblem(bookmark.url) == nil, "import-rule",
        "an added URL breaks the rule (\(BookmarkURL.storageProblem(bookmark.url)!)): "
          + ForbiddenScalar.visible(bookmark.url))
      try WritableDate.check(bookmark.created, "the created date of \(ForbiddenScalar.visible(bookmark.name))")
      try WritableDate.check(bookmark.modified, "the modified date of \(ForbiddenScalar.visible(bookmark.name))")
    }
    for duplicate in plan.duplicates {
      guard case .success = BookmarkURL.accept(duplicate.entry.url) else {
        throw FuzzFailure(
          "import-rule", "a refused URL was merged as a duplicate: \(ForbiddenScalar.visible(duplicate.entry.url))")
      }
    }
    try checkExport(plan.additions)
    try checkJSON(plan.additions)
    try checkStores(plan.additions)
  }

  /// Export → import → export is identical, for dates the format reads back as seconds.
  private static func checkExport(_ bookmarks: [Bookmark]) throws(FuzzFailure) {
    let seconds: Range<Double> = -99_999_999_999..<100_000_000_000
    guard bookmarks.allSatisfy({ seconds.contains($0.created.timeIntervalSince1970) })
    else { return }
    guard bookmarks.allSatisfy({ seconds.contains($0.modified.timeIntervalSince1970) })
    else { return }
    let first = NetscapeBookmarkWriter.data(for: bookmarks)
    let reread = try read(Array(first), splits: [])
    guard case .success(let file) = reread else {
      throw FuzzFailure("export-round-trip", "the export of what was imported can't be read: \(describe(reread))")
    }
    let second = NetscapeBookmarkWriter.data(
      for: ImportPlan(file: file, existing: [], environment: environment).additions)
    guard first != second else { return }
    let lines = (
      String(decoding: first, as: UTF8.self).split(separator: "\n"),
      String(decoding: second, as: UTF8.self).split(separator: "\n")
    )
    let shorter = min(lines.0.count, lines.1.count)
    let index = (0..<shorter).first { lines.0[$0] != lines.1[$0] } ?? shorter
    let exported = index < lines.0.count ? String(lines.0[index]) : "(end)"
    let again = index < lines.1.count ? String(lines.1[index]) : "(end)"
    throw FuzzFailure(
      "export-round-trip",
      "export → import → export differs at line \(index + 1): \(ForbiddenScalar.visible(exported)) became "
        + ForbiddenScalar.visible(again))
  }

  /// Cloudy's JSON reads back exactly what was written.
  private static func checkJSON(_ bookmarks: [Bookmark]) throws(FuzzFailure) {
    let data: Data
    let file: ParsedFile
    do {
      data = try BookmarkJSON.data(for: bookmarks)
      file = try BookmarkJSON.parse(data)
    } catch {
      throw FuzzFailure("json-round-trip", "the JSON of what was imported can't be read back: \(error)")
    }
    let back = file.bookmarks.map { entry in
      Bookmark(
        id: entry.id ?? "", name: entry.name, url: entry.url, created: entry.created ?? .distantPast,
        modified: entry.modified ?? .distantPast, folder: entry.folder, notes: entry.notes, tags: entry.tags)
    }
    guard back != bookmarks else { return }
    let shorter = min(back.count, bookmarks.count)
    let index = (0..<shorter).first { back[$0] != bookmarks[$0] } ?? shorter
    throw FuzzFailure(
      "json-round-trip",
      "written \(index < bookmarks.count ? "\(bookmarks[index])" : "(none)"), read back "
        + (index < back.count ? "\(back[index])" : "(none)"))
  }

  /// Each bookmark reads back the same from the document store's file and from the
  /// property-list stores' entry.
  private static func checkStores(_ bookmarks: [Bookmark]) throws(FuzzFailure) {
    for bookmark in bookmarks.prefix(8) {
      let document = BookmarkDocument.read(BookmarkDocument.data(for: bookmark, order: 1))
      try FuzzFailure.check(
        document?.bookmark == bookmark && document?.order == 1, "store-round-trip",
        "the document of \(bookmark) reads back as \(document.map { "\($0.bookmark)" } ?? "nothing (unreadable)")")
      let data = PropertyListXMLWriter.data(for: .dictionary(bookmark.propertyListEntries))
      let entry = (try? PropertyListReader.read(data)).flatMap(Bookmark.init(propertyList:))
      try FuzzFailure.check(
        entry == bookmark, "store-round-trip",
        "the property-list entry of \(bookmark) reads back as \(entry.map { "\($0)" } ?? "nothing (unreadable)")")
    }
  }

  // MARK: - Reports

  static func describe(_ result: Result<ParsedFile, BookmarkFileError>) -> String {
    switch result {
    case .failure(let error):
      return "the error “\(error)”"
    case .success(let file):
      let bookmarks = file.bookmarks.prefix(3).map {
        "\(ForbiddenScalar.visible($0.name)) \(ForbiddenScalar.visible($0.url)) in \($0.folder) line \($0.line)"
      }
      return "\(file.format) with \(file.bookmarks.count) bookmarks [\(bookmarks.joined(separator: "; "))],"
        + " \(file.skipped.count) skipped, \(file.separators) separators, \(file.emptyFolders) empty folders,"
        + " \(file.folderDescriptions) folder descriptions"
    }
  }
}
