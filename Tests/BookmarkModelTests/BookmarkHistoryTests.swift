import BookmarkModel
import Foundation
import XCTest

/// A bookmark's history: versions recorded as a graph of what each was made from, two
/// devices' histories united, bounded by the rules, found by a short id, kept as a JSON
/// document read with every rule, and listed as people read it.
final class BookmarkHistoryTests: XCTestCase {
  private let bookmarkID = "bookmark-1"
  /// 2023-11-14T22:13:20Z.
  private let start = Date(timeIntervalSince1970: 1_700_000_000)
  private let day = 24 * 60

  private func at(_ minutes: Int) -> Date { start.addingTimeInterval(TimeInterval(minutes * 60)) }

  private func bookmark(
    _ name: String = "Swift", url: String = "https://swift.org", modified minutes: Int = 0, folder: [String] = [],
    notes: String = "", tags: [String] = [], folderID: String? = nil
  ) -> Bookmark {
    Bookmark(
      id: bookmarkID, name: name, url: url, created: start, modified: at(minutes), folder: folder, notes: notes,
      tags: tags, folderID: folderID)
  }

  private func saved(_ versionID: String, _ bookmark: Bookmark, device: String = "laptop", at minutes: Int = 0)
    -> BookmarkHistory.Saved
  {
    BookmarkHistory.Saved(versionID: versionID, bookmark: bookmark, device: device, saved: at(minutes))
  }

  private func version(
    _ id: String, parents: [String] = [], at minutes: Int, bookmark: Bookmark? = nil, note: String? = nil
  ) -> HistoryVersion {
    HistoryVersion(
      id: id, parents: parents, device: "laptop", saved: at(minutes), bookmark: bookmark ?? self.bookmark(), note: note)
  }

  private func recordEdit(
    _ history: inout BookmarkHistory, _ id: String, _ bookmark: Bookmark, replacing replaced: [BookmarkHistory.Saved],
    device: String = "laptop", at minutes: Int, note: String? = nil, rules: HistoryRules = HistoryRules()
  ) {
    history.record(
      (id: id, bookmark: bookmark, device: device, saved: at(minutes), note: note), replacing: replaced, rules: rules,
      now: at(minutes))
  }

  private func ids(_ history: BookmarkHistory) -> [String] { history.versions.map(\.id) }

  // MARK: Recording

  func testTheFirstRecordAddsTheReplacedVersionAsTheRoot() throws {
    var history = BookmarkHistory(bookmarkID: bookmarkID)
    let original = bookmark()
    let edited = bookmark("Swift.org", modified: 5)
    recordEdit(&history, "v2", edited, replacing: [saved("v1", original, device: "desktop", at: 0)], at: 5)
    XCTAssertEqual(ids(history), ["v1", "v2"])
    let root = try XCTUnwrap(history.version("v1"))
    XCTAssertEqual(root.parents, [])
    XCTAssertEqual(root.device, "desktop")
    XCTAssertEqual(root.saved, at(0))
    XCTAssertEqual(root.bookmark, original)
    let new = try XCTUnwrap(history.version("v2"))
    XCTAssertEqual(new.parents, ["v1"])
    XCTAssertEqual(new.device, "laptop")
    XCTAssertEqual(new.saved, at(5))
    XCTAssertEqual(new.bookmark, edited)
    XCTAssertEqual(history.heads.map(\.id), ["v2"])
  }

  func testAnEditOfTheNewestVersionIsMadeFromItWithoutAnotherCopy() {
    var history = BookmarkHistory(bookmarkID: bookmarkID)
    let second = bookmark("Second", modified: 5)
    recordEdit(&history, "v2", second, replacing: [saved("v1", bookmark())], at: 5)
    recordEdit(&history, "v3", bookmark("Third", modified: 9), replacing: [saved("unused", second, at: 5)], at: 9)
    XCTAssertEqual(ids(history), ["v1", "v2", "v3"])
    XCTAssertNil(history.version("unused"))
    XCTAssertEqual(history.version("v3")?.parents, ["v2"])
    XCTAssertEqual(history.heads.map(\.id), ["v3"])
    XCTAssertEqual(history.matching(second)?.id, "v2")
  }

  func testAReplacedVersionTheHistoryLacksIsMadeFromTheHeadsOfThatMoment() {
    var history = BookmarkHistory(bookmarkID: bookmarkID)
    recordEdit(&history, "v2", bookmark("Second", modified: 5), replacing: [saved("v1", bookmark())], at: 5)
    let elsewhere = bookmark("Second", modified: 7, folder: ["Renamed folder"])
    let unrecorded = saved("v3", elsewhere, device: "", at: 7)
    recordEdit(&history, "v4", bookmark("Fourth", modified: 9), replacing: [unrecorded], at: 9)
    XCTAssertEqual(ids(history), ["v1", "v2", "v3", "v4"])
    XCTAssertEqual(history.version("v3")?.parents, ["v2"])
    XCTAssertEqual(history.version("v3")?.bookmark, elsewhere)
    XCTAssertEqual(history.version("v4")?.parents, ["v3"])

    var forked = BookmarkHistory(
      bookmarkID: bookmarkID,
      versions: [
        version("root", at: 0), version("left", parents: ["root"], at: 1, bookmark: bookmark("Left", modified: 1)),
        version("right", parents: ["root"], at: 2, bookmark: bookmark("Right", modified: 2)),
      ])
    let unknown = saved("unknown", bookmark("Elsewhere", modified: 3), at: 3)
    recordEdit(&forked, "new", bookmark("New", modified: 4), replacing: [unknown], at: 4)
    XCTAssertEqual(forked.version("unknown")?.parents, ["left", "right"])
    XCTAssertEqual(forked.version("new")?.parents, ["unknown"])
    XCTAssertEqual(forked.heads.map(\.id), ["new"])
  }

  func testTwoDevicesEditsUniteAndAVersionMadeFromBothIsTheOneHead() {
    var common = BookmarkHistory(bookmarkID: bookmarkID)
    let second = bookmark("Second", modified: 5)
    recordEdit(&common, "v2", second, replacing: [saved("v1", bookmark())], at: 5)
    var (laptop, desktop) = (common, common)
    let onLaptop = bookmark("Laptop name", modified: 10)
    let onDesktop = bookmark("Second", url: "https://www.swift.org", modified: 11)
    recordEdit(&laptop, "laptop-edit", onLaptop, replacing: [saved("v2", second, at: 5)], device: "laptop", at: 10)
    recordEdit(&desktop, "desktop-edit", onDesktop, replacing: [saved("v2", second, at: 5)], device: "desktop", at: 11)

    let united = laptop.united(with: desktop)
    XCTAssertEqual(ids(united), ["v1", "v2", "laptop-edit", "desktop-edit"])
    XCTAssertEqual(Set(united.heads.map(\.id)), ["laptop-edit", "desktop-edit"])
    XCTAssertEqual(desktop.united(with: laptop), united, "either way round")
    XCTAssertEqual(united.united(with: common), united, "a version both hold is held once")

    var resolved = united
    let resolution = bookmark("Laptop name", url: "https://www.swift.org", modified: 12)
    recordEdit(
      &resolved, "resolved", resolution,
      replacing: [saved("d", onDesktop, device: "desktop", at: 11), saved("l", onLaptop, at: 10)], at: 12,
      note: "conflict resolved")
    XCTAssertEqual(ids(resolved), ["v1", "v2", "laptop-edit", "desktop-edit", "resolved"])
    XCTAssertEqual(resolved.version("resolved")?.parents, ["desktop-edit", "laptop-edit"])
    XCTAssertEqual(resolved.heads.map(\.id), ["resolved"])
  }

  // MARK: Order

  func testAVersionComesAfterItsParentWhateverTheClocksSaid() {
    let parent = version("parent", at: 60)
    let child = version("child", parents: ["parent"], at: 1, bookmark: bookmark("Child", modified: 1))
    let unrelated = version("unrelated", at: 30)
    let history = BookmarkHistory(bookmarkID: bookmarkID, versions: [child, parent, unrelated, parent])
    XCTAssertEqual(ids(history), ["unrelated", "parent", "child"])
  }

  func testVersionsSavedAtOnceAreOrderedByID() {
    let history = BookmarkHistory(
      bookmarkID: bookmarkID, versions: [version("b", at: 5), version("c", at: 1), version("a", at: 5)])
    XCTAssertEqual(ids(history), ["c", "a", "b"])
  }

  func testACycleInAHandMadeHistoryEndsWithEveryVersionOnce() {
    let history = BookmarkHistory(
      bookmarkID: bookmarkID,
      versions: [
        version("B", parents: ["A"], at: 2), version("A", parents: ["B"], at: 1), version("C", parents: ["B"], at: 3),
      ])
    XCTAssertEqual(ids(history), ["A", "B", "C"])
    XCTAssertEqual(history.heads.map(\.id), ["C"])
  }

  // MARK: Bounds

  func testBoundingDropsWhatIsTooOldOrBeyondTheNewestButNeverWhatIsKept() {
    let now = at(100 * day)
    let history = BookmarkHistory(
      bookmarkID: bookmarkID,
      versions: [
        version("100-days", at: 0),
        version("50-days", parents: ["100-days"], at: 50 * day, bookmark: bookmark("Fifty")),
        version("20-days", parents: ["50-days"], at: 80 * day, bookmark: bookmark("Twenty")),
        version("1-day", parents: ["20-days"], at: 99 * day, bookmark: bookmark("One")),
      ])
    func bounded(_ rules: HistoryRules, keeping: Set<String> = []) -> [String] {
      var copy = history
      copy.bound(by: rules, now: now, keeping: keeping)
      return copy.versions.map(\.id)
    }
    XCTAssertEqual(bounded(HistoryRules(days: 60)), ["50-days", "20-days", "1-day"])
    XCTAssertEqual(bounded(HistoryRules(days: 50)), ["50-days", "20-days", "1-day"], "exactly that old is kept")
    XCTAssertEqual(bounded(HistoryRules(days: 30)), ["20-days", "1-day"])
    XCTAssertEqual(bounded(HistoryRules(days: 30), keeping: ["100-days"]), ["100-days", "20-days", "1-day"])
    XCTAssertEqual(bounded(HistoryRules(versions: 2, days: 3650)), ["20-days", "1-day"])
    XCTAssertEqual(
      bounded(HistoryRules(versions: 2, days: 3650), keeping: ["100-days"]), ["100-days", "20-days", "1-day"])
    XCTAssertEqual(bounded(HistoryRules(versions: 50, days: 3650)), ["100-days", "50-days", "20-days", "1-day"])
  }

  func testRecordingKeepsTheNewestVersionsTheRulesAllow() {
    var history = BookmarkHistory(bookmarkID: bookmarkID)
    var previous = saved("v0", bookmark("Name 0"))
    for n in 1...5 {
      let next = bookmark("Name \(n)", modified: n)
      recordEdit(&history, "v\(n)", next, replacing: [previous], at: n, rules: HistoryRules(versions: 3))
      XCTAssertLessThanOrEqual(history.versions.count, 3)
      XCTAssertEqual(history.versions.last?.id, "v\(n)", "the newest is always kept")
      previous = saved("v\(n)", next, at: n)
    }
    XCTAssertEqual(ids(history), ["v3", "v4", "v5"])
    XCTAssertEqual(history.heads.map(\.id), ["v5"])
  }

  func testRulesAreClampedToWhatASettingMayAskFor() {
    XCTAssertEqual(HistoryRules(), HistoryRules(versions: 50, days: 90))
    XCTAssertEqual(HistoryRules(versions: 0, days: 0), HistoryRules(versions: 1, days: 1))
    XCTAssertEqual(HistoryRules(versions: -5, days: -5).versions, 1)
    XCTAssertEqual(HistoryRules(versions: 1_000_000).versions, HistoryRules.maximumVersions)
    XCTAssertEqual(HistoryRules(days: 1_000_000).days, HistoryRules.maximumDays)
    XCTAssertEqual(HistoryRules(versions: 7, days: 8).versions, 7)
  }

  // MARK: Finding

  func testAVersionIsFoundByItsIDOrAnUnambiguousStartOfIt() {
    let first = version("1A2B3C4D-1111", at: 0)
    let second = version("1A2B9999-2222", parents: [first.id], at: 1, bookmark: bookmark("Two"))
    let third = version("FFEE0000-3333", parents: [second.id], at: 2, bookmark: bookmark("Three"))
    let history = BookmarkHistory(bookmarkID: bookmarkID, versions: [first, second, third])
    XCTAssertEqual(history.find("FFEE0000-3333"), .found(third))
    XCTAssertEqual(history.find("ffee"), .found(third))
    XCTAssertEqual(history.find("fFeE0000"), .found(third))
    XCTAssertEqual(history.find("1a2b3"), .found(first))
    XCTAssertEqual(history.find("1A2B"), .ambiguous(2))
    XCTAssertEqual(history.find("FFE"), BookmarkHistory.Lookup.none, "fewer than four characters")
    XCTAssertEqual(history.find(""), BookmarkHistory.Lookup.none)
    XCTAssertEqual(history.find("9999"), BookmarkHistory.Lookup.none, "only the start of an id")
    XCTAssertEqual(history.find("FFEE0000-3333-4"), BookmarkHistory.Lookup.none)
  }

  // MARK: The document

  func testADocumentReadsBackAsTheSameHistory() throws {
    let first = bookmark()
    let filed = bookmark(
      "Swift — 東京 🚀", url: "https://swift.org/documentation/?q=a#b", modified: 5, folder: ["Toolbar", "Swift"],
      notes: "two\nlines \\ one backslash", tags: ["lang", "apple"], folderID: "folder-7")
    let history = BookmarkHistory(
      bookmarkID: bookmarkID,
      versions: [
        HistoryVersion(id: "v1", parents: [], device: "", saved: at(0), bookmark: first),
        HistoryVersion(id: "v2", parents: ["v1"], device: "laptop", saved: at(5), bookmark: filed),
        HistoryVersion(
          id: "v3", parents: ["v2", "gone"], device: "desktop", saved: at(9), bookmark: first, note: "reverted to V1"),
      ])
    let document = history.document
    XCTAssertTrue(String(decoding: document, as: UTF8.self).contains("\"cloudy-history\":1"))
    let read = try XCTUnwrap(BookmarkHistory(document: document))
    XCTAssertEqual(read, history)
    XCTAssertEqual(read.versions.map(\.parents), [[], ["v1"], ["v2", "gone"]])
    XCTAssertEqual(read.versions.map(\.device), ["", "laptop", "desktop"])
    XCTAssertEqual(read.versions.map(\.note), [nil, nil, "reverted to V1"])
    XCTAssertEqual(read.versions.map(\.saved), [at(0), at(5), at(9)])
    let readFiled = try XCTUnwrap(read.version("v2")?.bookmark)
    XCTAssertEqual(readFiled, filed)
    XCTAssertEqual(readFiled.folder, ["Toolbar", "Swift"])
    XCTAssertEqual(readFiled.folderID, "folder-7")
    XCTAssertEqual(readFiled.tags, ["lang", "apple"])
    XCTAssertEqual(readFiled.notes, "two\nlines \\ one backslash")
  }

  func testADocumentBreakingAnyRuleIsNotAHistory() throws {
    let text = String(decoding: BookmarkDocument.data(for: bookmark()), as: UTF8.self)
    func read(_ history: HandHistory) throws -> BookmarkHistory? {
      let data = try JSONEncoder().encode(history)
      return BookmarkHistory(document: data)
    }
    func one(_ version: HandVersion, format: Int = BookmarkHistory.documentFormat) -> HandHistory {
      HandHistory(format: format, versions: [version])
    }
    let valid = HandVersion(id: "v1", document: text)
    XCTAssertEqual(try read(one(valid))?.versions.map(\.bookmark), [bookmark()], "the hand-made document is one")

    XCTAssertNil(BookmarkHistory(document: Data("cloudy-history 1".utf8)), "not JSON")
    XCTAssertNil(BookmarkHistory(document: Data()))
    XCTAssertNil(try read(one(valid, format: 2)), "a format this version can't read")
    var other = bookmark()
    other.id = "bookmark-2"
    let otherText = String(decoding: BookmarkDocument.data(for: other), as: UTF8.self)
    XCTAssertNil(try read(one(HandVersion(id: "v1", document: otherText))), "another bookmark's version")
    XCTAssertNil(try read(one(HandVersion(id: "v1", document: "name: Swift\nurl: https://swift.org\n"))))
    let refusedURL = String(
      decoding: BookmarkDocument.data(for: bookmark(url: "https://swift.org/\u{1B}[31m")), as: UTF8.self)
    XCTAssertNil(try read(one(HandVersion(id: "v1", document: refusedURL))), "a URL the rule refuses")
    XCTAssertNil(try read(one(HandVersion(id: "v1", device: "\u{1B}[31m", document: text))), "a control in a device")
    XCTAssertNil(try read(one(HandVersion(id: "v1", note: "two\nlines", document: text))), "a note of two lines")
    XCTAssertNil(try read(one(HandVersion(id: "", document: text))), "an empty id")
    for date in ["yesterday", "2023-11-14 22:13:20", "2023-02-29T00:00:00Z"] {
      XCTAssertNil(try read(one(HandVersion(id: "v1", saved: date, document: text))), date)
    }

    let limit = HistoryRules.maximumVersions + 100
    func many(_ count: Int) -> HandHistory {
      HandHistory(
        versions: (0..<count).map { n in
          HandVersion(id: "v\(n)", parents: n == 0 ? [] : ["v\(n - 1)"], document: text)
        })
    }
    XCTAssertEqual(try read(many(limit))?.versions.count, limit)
    XCTAssertNil(try read(many(limit + 1)), "more versions than any history holds")
  }

  // MARK: The listing

  func testTheListingShowsNewestFirstWithWhatChangedInWords() {
    let original = bookmark()
    let renamed = bookmark("Swift.org", url: "https://www.swift.org", modified: 2)
    var history = BookmarkHistory(
      bookmarkID: bookmarkID,
      versions: [
        version("v1", at: 0, bookmark: original),
        version("v2", parents: ["v1"], at: 2, bookmark: renamed),
        version("v3", parents: ["v2"], at: 3, bookmark: renamed),
        version("v4", parents: ["v3"], at: 4, bookmark: original, note: "reverted to V1"),
      ])
    let listing = HistoryListing(history)
    XCTAssertEqual(listing.rows.map(\.version.id), ["v4", "v3", "v2", "v1"])
    XCTAssertEqual(listing.rows.map(\.changes), ["reverted to V1", "saved again", "name, URL changed", "created"])
    XCTAssertEqual(listing.rows.map(\.isCurrent), [true, false, false, false])

    history.bound(by: HistoryRules(versions: 2), now: at(4), keeping: [])
    let bounded = HistoryListing(history)
    XCTAssertEqual(bounded.rows.map(\.changes), ["reverted to V1", "changed"], "its parent was bounded away")
    XCTAssertEqual(bounded.rows.map(\.isCurrent), [true, false])
    XCTAssertEqual(HistoryListing(BookmarkHistory(bookmarkID: bookmarkID)).rows, [])
  }

  func testChangedFieldsNameTheFolderTagsAndNotes() {
    let base = bookmark(folder: ["Work"], notes: "Read later", tags: ["a"], folderID: "folder-1")
    func fields(_ later: Bookmark, from earlier: Bookmark?) -> [String] {
      version("v", at: 0, bookmark: later).changedFields(from: earlier)
    }
    XCTAssertEqual(fields(base, from: nil), ["created"])
    XCTAssertEqual(fields(base, from: base), [])
    var moved = base
    moved.folder = ["Home"]
    XCTAssertEqual(fields(moved, from: base), ["folder"], "by path")
    var refiled = base
    refiled.folderID = "folder-2"
    XCTAssertEqual(fields(refiled, from: base), ["folder"], "by folder record")
    refiled.folderID = nil
    XCTAssertEqual(fields(refiled, from: base), ["folder"])
    var tagged = base
    tagged.tags = ["a", "b"]
    XCTAssertEqual(fields(tagged, from: base), ["tags"])
    var noted = base
    noted.notes = ""
    XCTAssertEqual(fields(noted, from: base), ["notes"])
    var touched = base
    touched.modified = at(60)
    XCTAssertEqual(fields(touched, from: base), [], "the time alone is no field")
    let everything = bookmark(
      "Other", url: "https://www.swift.org", folder: ["Home"], notes: "", tags: [], folderID: "folder-1")
    XCTAssertEqual(fields(everything, from: base), ["name", "URL", "folder", "tags", "notes"])
  }
}

/// A history document written by hand, field by field, to break one rule at a time.
private struct HandHistory: Encodable {
  var format = BookmarkHistory.documentFormat
  var bookmark = "bookmark-1"
  var versions: [HandVersion]

  enum CodingKeys: String, CodingKey {
    case format = "cloudy-history"
    case bookmark, versions
  }
}

private struct HandVersion: Encodable {
  var id: String
  var parents: [String] = []
  var device = "laptop"
  var saved = "2023-11-14T22:13:20Z"
  var note: String? = nil
  var document: String
}
