import BookmarkStoreInterface
import BookmarksState
import XCTest

@testable import TerminalUI

/// Keys and clicks typed ahead at the start wait for the list, in order (issue 39: the
/// opening frame shows before the list is read).
final class TypeAheadTests: XCTestCase {
  func testKeysAndClicksWaitForTheListAndComeInTheOrderTyped() {
    var typeAhead = TypeAhead()
    let click = Action.mouse(MouseEvent(.click, row: 3, column: 4))
    let first = typeAhead.admit([.keyPressed(.down), .messageExpired, click], listLoaded: false)
    XCTAssertEqual(first, [.messageExpired], "only what is not a key or a click goes through")
    XCTAssertEqual(typeAhead.release(listLoaded: false), [], "nothing is let go before the list")
    let second = typeAhead.admit(
      [.resized(ScreenSize(columns: 90, rows: 30)), .keyPressed(.character("j"))], listLoaded: false)
    XCTAssertEqual(second, [.resized(ScreenSize(columns: 90, rows: 30))])
    XCTAssertEqual(
      typeAhead.release(listLoaded: true), [.keyPressed(.down), click, .keyPressed(.character("j"))],
      "once the list is there, every key and click typed ahead, in order")
    XCTAssertEqual(typeAhead.release(listLoaded: true), [], "each only once")
  }

  func testAKeyAfterTheListIsLoadedIsHandledAtOnce() {
    var typeAhead = TypeAhead()
    XCTAssertEqual(typeAhead.admit([.keyPressed(.up)], listLoaded: true), [.keyPressed(.up)])
    XCTAssertEqual(typeAhead.release(listLoaded: true), [])
  }

  func testKeysInTheBatchThatLoadsTheListComeAfterThoseTypedBefore() {
    var typeAhead = TypeAhead()
    _ = typeAhead.admit([.keyPressed(.down)], listLoaded: false)
    // The list was loaded by an earlier action of this loop turn; keys waiting go first.
    XCTAssertEqual(typeAhead.admit([.keyPressed(.up)], listLoaded: true), [])
    XCTAssertEqual(typeAhead.release(listLoaded: true), [.keyPressed(.down), .keyPressed(.up)])
  }

  /// The account's place arriving while the list loads waits too, and comes after the keys
  /// typed meanwhile whenever it came: they act at the place on the screen, and the place
  /// after them is not applied. With no key typed, it is applied once the list is there.
  func testThePlaceArrivingWhileTheListLoadsComesAfterTheKeys() {
    let place = Action.placeArrived(ReadingPlace(folder: ["B"]))
    var typeAhead = TypeAhead()
    XCTAssertEqual(typeAhead.admit([place], listLoaded: false), [])
    XCTAssertEqual(typeAhead.admit([.keyPressed(.down), .messageExpired], listLoaded: false), [.messageExpired])
    XCTAssertEqual(typeAhead.release(listLoaded: true), [.keyPressed(.down), place])

    var alone = TypeAhead()
    XCTAssertEqual(alone.admit([place], listLoaded: false), [])
    XCTAssertEqual(alone.release(listLoaded: false), [])
    XCTAssertEqual(alone.release(listLoaded: true), [place])
    XCTAssertEqual(alone.admit([place], listLoaded: true), [place], "once loaded, a place is handled at once")
  }
}
