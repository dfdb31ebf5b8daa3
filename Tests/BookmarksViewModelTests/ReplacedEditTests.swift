import BookmarkModel
import BookmarkStoreInterface
import Foundation
import XCTest

/// The key-value store's last write wins: an edit of this session that an incoming change
/// replaced unseen is told in one line, once, and `u` brings it back.
final class ReplacedEditTests: XCTestCase {
  func testAReplacedEditIsToldOnceAndUBringsItBack() {
    var model = Fixtures.model()
    var mine = Fixtures.three[1]
    mine.name = "Mine"
    mine.tags = ["kept"]
    var theirs = Fixtures.three[1]
    theirs.name = "Theirs"
    theirs.url = "https://theirs.example"
    var list = Fixtures.three
    list[1] = theirs
    var snapshot = Fixtures.snapshot(list)
    snapshot.replacedEdits = [ReplacedEdit(id: "t1", mine: mine, theirs: theirs)]
    _ = model.send(.storeChanged(snapshot))
    XCTAssertEqual(model.state.message?.text, "Another device replaced your edit of “Mine”; u brings it back.")

    // The same report again (the store keeps it for the session) is not told twice.
    model.press(.down)
    _ = model.send(.storeChanged(snapshot))
    XCTAssertNil(model.state.message)

    let draft = BookmarkDraft(name: "Mine", url: mine.url, folder: mine.folder, tags: ["kept"], notes: mine.notes)
    XCTAssertEqual(model.press(.character("u")), [.applyChange(.replace(mine.id, draft))])
    _ = model.send(.changeApplied(nil))
    XCTAssertEqual(model.state.message?.text, "Undid the other device's change to “Theirs”.")
  }
}
