import BookmarkFormats
import BookmarkModel
import Foundation
import TestSupport
import XCTest

/// The list's `I` reads a whole regular file: a FIFO, a device or a folder is refused at
/// once (one would block or never end), and every addition gets a new id.
final class ImportFileTests: XCTestCase {
  private var folder: TemporaryFolder!

  override func setUpWithError() throws {
    folder = try TemporaryFolder()
  }

  override func tearDown() {
    folder.remove()
  }

  private let environment = BookmarkEnvironment(now: { Date(timeIntervalSince1970: 0) }, newID: { "new-id" })

  private func failure(_ path: String) -> String? {
    do {
      _ = try ImportFile.plan(path: path, existing: [], environment: environment)
      return nil
    } catch {
      return error.description
    }
  }

  func testAFileIsPlannedWithNewIdsAndDuplicatesLeftOut() throws {
    let path = folder.path + "/bookmarks.json"
    let listed = Bookmark(
      id: "listed", name: "Listed", url: "https://listed.example", created: .distantPast, modified: .distantPast)
    let json = """
      [{"id": "listed", "name": "Again", "url": "https://listed.example", "created": "2020-01-01T00:00:00Z"},
       {"id": "file-id", "name": "New", "url": "https://new.example", "created": "2020-01-01T00:00:00Z"}]
      """
    try Data(json.utf8).write(to: URL(fileURLWithPath: path))
    let plan = try ImportFile.plan(path: path, existing: [listed], environment: environment)
    XCTAssertEqual(plan.additions.map(\.id), ["new-id"])
    XCTAssertEqual(plan.additions.map(\.name), ["New"])
    XCTAssertEqual(plan.duplicates.count, 1)
  }

  func testAFIFOAFolderAndADeviceAreRefusedAtOnce() throws {
    let fifo = folder.path + "/pipe"
    XCTAssertEqual(mkfifo(fifo, 0o600), 0)
    XCTAssertEqual(failure(fifo), "\(fifo) is not a file of bookmarks (a folder or a device); nothing was imported.")
    XCTAssertEqual(
      failure(folder.path), "\(folder.path) is not a file of bookmarks (a folder or a device); nothing was imported.")
    XCTAssertEqual(
      failure("/dev/zero"), "/dev/zero is not a file of bookmarks (a folder or a device); nothing was imported.")
    XCTAssertEqual(
      failure(folder.path + "/missing.html"),
      "Can't read \(folder.path)/missing.html (there is no such file); nothing was imported.")
  }
}
