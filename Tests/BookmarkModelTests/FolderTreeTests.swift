import BookmarkModel
import Foundation
import XCTest

/// How folder records resolve into the tree every device shows, whatever order they came
/// in, and how a change becomes records to write.
final class FolderTreeTests: XCTestCase {
  private let date = Date(timeIntervalSince1970: 1_790_000_000)

  private func record(_ id: String, _ name: String, in parent: String? = nil, order: Int = 0, deleted: Bool = false)
    -> FolderRecord
  {
    FolderRecord(id: id, name: name, parent: parent, order: order, deleted: deleted, modified: date)
  }

  private func bookmark(_ id: String, in folder: [String], record: String? = nil) -> Bookmark {
    Bookmark(
      id: id, name: id, url: "https://\(id).example", created: date, modified: date, folder: folder, folderID: record)
  }

  func testRecordsPlaceTheirBookmarksAndADeletedOneSendsThemUp() {
    let tree = FolderTree([
      record("t", "Toolbar"), record("d", "Dev", in: "t"), record("s", "Swift", in: "d"),
      record("x", "Gone", in: "t", deleted: true), record("y", "Below", in: "x"),
    ])
    XCTAssertEqual(tree.resolved(bookmark("1", in: ["Old", "Path"], record: "s")).folder, ["Toolbar", "Dev", "Swift"])
    XCTAssertEqual(tree.resolved(bookmark("2", in: ["Toolbar", "Gone"], record: "x")).folder, ["Toolbar"])
    XCTAssertEqual(tree.resolved(bookmark("3", in: [], record: "y")).folder, ["Toolbar", "Below"])
    // No record, or one this device doesn't know: the path it carries.
    XCTAssertEqual(tree.resolved(bookmark("4", in: ["Somewhere"])).folder, ["Somewhere"])
    XCTAssertEqual(tree.resolved(bookmark("5", in: ["Later"], record: "unknown")).folder, ["Later"])
    XCTAssertEqual(
      Set(tree.liveFolders), [["Toolbar"], ["Toolbar", "Below"], ["Toolbar", "Dev"], ["Toolbar", "Dev", "Swift"]])
  }

  func testSiblingsComeInTheirOrderAndAnUnknownParentIsTheTop() {
    let tree = FolderTree([
      record("b", "Beta", order: 2), record("a", "Alpha", order: 3), record("c", "Gamma", order: 1),
      record("o", "Orphan", in: "missing", order: 4),
    ])
    XCTAssertEqual(tree.liveFolders, [["Gamma"], ["Beta"], ["Alpha"], ["Orphan"]])
  }

  func testACycleIsBrokenAtItsSmallestIdTheSameWayWhateverTheOrder() {
    let records = [record("m", "M", in: "z"), record("z", "Z", in: "m"), record("k", "K", in: "z")]
    let trees = [
      FolderTree(records), FolderTree(records.reversed()), FolderTree([records[2], records[0], records[1]]),
    ]
    for tree in trees {
      XCTAssertEqual(tree.place(of: "m"), ["M"], "m has the smallest id in the cycle: it goes to the top")
      XCTAssertEqual(tree.place(of: "z"), ["M", "Z"])
      XCTAssertEqual(tree.place(of: "k"), ["M", "Z", "K"])
    }
  }

  func testTwoRecordsWithOnePathShowAsOneAndThePathNamesTheOlder() {
    let tree = FolderTree([record("n", "Same", order: 5), record("o", "Same", order: 1)])
    XCTAssertEqual(tree.liveFolders, [["Same"]])
    XCTAssertEqual(tree.record(at: ["Same"]), "o")
  }

  func testTwoRecordsWithOnePathChangeAsOne() throws {
    var tree = FolderTree([record("n", "Same", order: 5), record("o", "Same", order: 1)])
    let writes = try tree.writes(
      for: .rename(["Same"], to: "Other"), bookmarks: [bookmark("1", in: ["Same"], record: "n")], order: 9, now: date
    ) { "x" }
    XCTAssertEqual(Set(writes.records.map(\.id)), ["n", "o"])
    XCTAssertEqual(tree.liveFolders, [["Other"]])
    XCTAssertEqual(tree.resolved(bookmark("1", in: ["Same"], record: "n")).folder, ["Other"])
  }

  func testARenameFilesBookmarksThatCarriedOnlyAPathAndTouchesNoOtherBookmark() throws {
    var tree = FolderTree([record("t", "Toolbar")])
    let bookmarks = [
      bookmark("bound", in: ["Toolbar"], record: "t"),
      bookmark("legacy", in: ["Toolbar", "Dev"]),
      bookmark("elsewhere", in: ["Other"]),
    ]
    var ids = 0
    let writes = try tree.writes(
      for: .rename(["Toolbar"], to: "Bar"), bookmarks: bookmarks, order: 100, now: date,
      newID: {
        ids += 1
        return "new\(ids)"
      })
    XCTAssertEqual(writes.bookmarks.map(\.id), ["legacy"], "only the bookmark without a record is written")
    XCTAssertEqual(writes.bookmarks.first?.folderID, "new1")
    XCTAssertEqual(Set(writes.records.map(\.id)), ["new1", "t"])
    XCTAssertEqual(writes.records.first { $0.id == "t" }?.name, "Bar")
    XCTAssertEqual(tree.resolved(writes.bookmarks[0]).folder, ["Bar", "Dev"])
  }

  func testAChangeThatCantBeMadeWritesNothing() {
    var tree = FolderTree([record("t", "Toolbar"), record("d", "Dev", in: "t")])
    XCTAssertThrowsError(
      try tree.writes(for: .move(["Toolbar"], into: ["Toolbar", "Dev"]), bookmarks: [], order: 0, now: date) { "x" }
    ) { error in
      XCTAssertEqual(error as? FolderProblem, .intoItself)
    }
    XCTAssertEqual(tree.place(of: "t"), ["Toolbar"])
  }

  func testRewritingPathsForUserDefaults() {
    XCTAssertEqual(FolderChange.rename(["A", "B"], to: "C").rewrite(["A", "B", "D"]), ["A", "C", "D"])
    XCTAssertEqual(FolderChange.rename(["A", "B"], to: "C").rewrite(["A", "Bee"]), ["A", "Bee"])
    XCTAssertEqual(FolderChange.move(["A", "B"], into: []).rewrite(["A", "B"]), ["B"])
    XCTAssertEqual(FolderChange.delete(["A", "B"]).rewrite(["A", "B", "D"]), ["A", "D"])
  }

  func testRecordsReadBackFromTheirStoredForms() {
    let original = FolderRecord(
      id: "f1", name: "Back\\slash\nline", parent: "p", order: 7, deleted: true, modified: date)
    XCTAssertNil(FolderRecord(document: original.document), "a name with a line break is no folder name")
    let plain = FolderRecord(id: "f1", name: "Back\\slash «new»", parent: "p", order: 7, deleted: true, modified: date)
    XCTAssertEqual(FolderRecord(document: plain.document), plain)
    XCTAssertEqual(FolderRecord(propertyList: plain.propertyList), plain)
    XCTAssertNil(FolderRecord(document: Data("cloudy-bookmark 1\nid: x\nname: y\n".utf8)))
  }
}
