import BookmarkStoreInterface
import Foundation
import OpeningFrames
import ScreenRendering
import TestSupport
import XCTest

/// The opening frame's file (issue 39): read back exactly as kept, and only for the same
/// store stamp and window size; a file that isn't whole, or would put a control character on
/// the screen, is not drawn.
final class OpeningFrameTests: XCTestCase {
  private var folder: TemporaryFolder!

  override func setUpWithError() throws {
    folder = try TemporaryFolder()
  }

  override func tearDown() {
    folder.remove()
  }

  private var path: String { folder.file("data/" + OpeningFrame.fileName) }

  /// A frame with what a list draws: text in styles, a wide character, a box and a cursor.
  private func sample() -> ScreenBuffer {
    var frame = ScreenBuffer(width: 20, height: 4)
    frame.write("Example 東京", row: 0, column: 1, style: Style([.bold], role: .accent))
    frame.draw(.topLeft, row: 1, column: 0, style: .plain)
    frame.draw(.horizontal, row: 1, column: 1, style: Style([.dim]))
    frame.fill(row: 3, column: 0, width: 20, height: 1, style: Style(role: .bar))
    frame.write("Opening…", row: 3, column: 1, style: Style(role: .bar))
    frame.cursor = ScreenBuffer.Position(row: 2, column: 5)
    return frame
  }

  func testAFrameIsReadBackAsKeptForTheSameStampAndSize() throws {
    let frame = sample()
    let places: [ReadingPlace?] = [
      nil, ReadingPlace(folder: nil), ReadingPlace(folder: []),
      ReadingPlace(folder: ["Work", "東京"], selected: "id-1", sort: "name", filter: "swift #dev"),
      ReadingPlace(folder: ["A"], selected: nil, sort: nil, filter: ""),
    ]
    for place in places {
      OpeningFrame.write(frame, place: place, stamp: "documents abc 42 /root", to: path)
      let read = OpeningFrame.read(path, stamp: "documents abc 42 /root", columns: 20, rows: 4)
      XCTAssertEqual(read?.frame, frame)
      XCTAssertEqual(read?.place, place, "the place it shows, as kept")
    }
    let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    XCTAssertEqual(mode, 0o600, "private to the user")
    let folderMode = try FileManager.default.attributesOfItem(atPath: folder.file("data"))[.posixPermissions] as? Int
    XCTAssertEqual(folderMode, 0o700, "the data folder it makes is private too")
  }

  func testAnotherStampOrSizeReadsNothing() {
    OpeningFrame.write(sample(), place: nil, stamp: "documents abc 42 /root", to: path)
    XCTAssertNil(OpeningFrame.read(path, stamp: "documents abc 43 /root", columns: 20, rows: 4), "a newer generation")
    XCTAssertNil(OpeningFrame.read(path, stamp: "documents abc 42 /root", columns: 21, rows: 4), "a wider window")
    XCTAssertNil(OpeningFrame.read(path, stamp: "documents abc 42 /root", columns: 20, rows: 5), "a taller window")
    OpeningFrame.remove(path)
    XCTAssertNil(OpeningFrame.read(path, stamp: "documents abc 42 /root", columns: 20, rows: 4), "removed")
  }

  func testADamagedFileReadsNothing() throws {
    OpeningFrame.write(sample(), place: nil, stamp: "s", to: path)
    var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    for damage in [bytes.count / 2, bytes.count - 1] {
      var damaged = bytes
      damaged[damage] ^= 0x40
      try damaged.write(to: URL(fileURLWithPath: path))
      XCTAssertNil(OpeningFrame.read(path, stamp: "s", columns: 20, rows: 4), "a byte changed at \(damage)")
    }
    bytes.removeLast(10)
    try bytes.write(to: URL(fileURLWithPath: path))
    XCTAssertNil(OpeningFrame.read(path, stamp: "s", columns: 20, rows: 4), "cut short")
  }

  func testAFrameThatWouldPutAControlCharacterOnTheScreenIsNotRead() {
    // Written whole (checksum and all) by someone else: a cell holding ESC.
    var frame = ScreenBuffer(width: 2, height: 1)
    frame[0, 0] = Cell(.character("\u{1B}"))
    OpeningFrame.write(frame, place: nil, stamp: "s", to: path)
    XCTAssertNil(OpeningFrame.read(path, stamp: "s", columns: 2, rows: 1))
    frame[0, 0] = Cell(.character("\u{202E}"))
    OpeningFrame.write(frame, place: nil, stamp: "s", to: path)
    XCTAssertNil(OpeningFrame.read(path, stamp: "s", columns: 2, rows: 1), "a bidi override")
    frame[0, 0] = Cell(.character("x"))
    OpeningFrame.write(frame, place: nil, stamp: "s", to: path)
    XCTAssertEqual(OpeningFrame.read(path, stamp: "s", columns: 2, rows: 1)?.frame, frame)
  }
}
