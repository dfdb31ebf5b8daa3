import DocumentContainer
import DocumentIndexSQLite
import Foundation
import Synchronization
import TestSupport
import XCTest

/// A document's life: open, save for creating and overwriting, revert, close, its states,
/// and the container's files and index.
final class DocumentLifecycleTests: XCTestCase {
  private var devices: DocumentDevices!

  override func setUpWithError() throws {
    devices = try DocumentDevices()
  }

  override func tearDown() async throws {
    await devices.tearDown()
  }

  func testOpenSaveRevertCloseAndTheirStates() async throws {
    let container = try devices.device("a", online: false)
    let document = UbiquitousDocument(container: container, file: "one.bookmark")
    XCTAssertEqual(document.documentState, .closed)
    do {
      try await document.open()
      XCTFail("opened a document that does not exist")
    } catch {
      XCTAssertEqual(error as? DocumentContainerError, .notFound("one.bookmark"))
    }

    try await document.save(Data(text: "first"), for: .forCreating)
    XCTAssertEqual(document.documentState, .normal)
    do {
      try await document.save(Data(text: "again"), for: .forCreating)
      XCTFail("created a document twice")
    } catch {
      XCTAssertEqual(error as? DocumentContainerError, .exists("one.bookmark"))
    }
    XCTAssertEqual(document.documentState, .savingError, "a failed save is surfaced in the state")
    try await document.save(Data(text: "second"), for: .forOverwriting)
    XCTAssertEqual(document.documentState, .normal, "a good save clears the error")
    let onDisk = try String(contentsOfFile: container.documentsDirectory + "/one.bookmark", encoding: .utf8)
    XCTAssertEqual(onDisk, "second")

    // Another session on the device changes it; revert picks that up.
    let other = try devices.device("a", online: false)
    try other.save("one.bookmark", contents: Data(text: "third"), for: .forOverwriting)
    let reverted = try await document.revert()
    XCTAssertEqual(reverted.text, "third")

    await document.close()
    XCTAssertEqual(document.documentState, .closed)
    let missing = UbiquitousDocument(container: container, file: "none.bookmark")
    do {
      try await missing.save(Data(text: "x"), for: .forOverwriting)
      XCTFail("overwrote a document that does not exist")
    } catch {
      XCTAssertEqual(error as? DocumentContainerError, .notFound("none.bookmark"))
    }
  }

  func testStateChangesAreSentWhileSaving() async throws {
    let container = try devices.device("a", online: false)
    let document = UbiquitousDocument(container: container, file: "d.bookmark")
    let updates = document.stateUpdates()
    try await document.save(Data(text: "x"), for: .forCreating)
    let states = await withTimeout(.seconds(5)) {
      var seen: [DocumentState] = []
      for await state in updates {
        seen.append(state)
        if state == .normal { return seen }
      }
      return seen
    }
    XCTAssertEqual(states, [.editingDisabled, .normal], "editing is disabled during the save")
  }

  func testFilesAndIndexArePrivate() async throws {
    let container = try devices.device("a", online: false)
    try container.save("p.bookmark", contents: Data(text: "secret"), for: .forCreating)
    func mode(_ path: String) throws -> Int {
      (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int ?? -1) & 0o777
    }
    XCTAssertEqual(try mode(container.root), 0o700)
    XCTAssertEqual(try mode(container.documentsDirectory), 0o700)
    XCTAssertEqual(try mode(container.documentsDirectory + "/p.bookmark"), 0o600)
    XCTAssertEqual(try mode(container.root + "/index.sqlite"), 0o600)
  }

  /// The index is brought up to date from the files: a file edited or dropped in by hand
  /// is a new version, one deleted by hand is deleted, temporaries and hidden files aren't
  /// documents; and a lost index is rebuilt from the files.
  func testHandChangesToTheFolderAreTakenInAndALostIndexIsRebuilt() async throws {
    let container = try devices.device("a", online: false)
    try container.save("keep.bookmark", contents: Data(text: "keep"), for: .forCreating)
    try container.save("edit.bookmark", contents: Data(text: "old"), for: .forCreating)
    try container.save("gone.bookmark", contents: Data(text: "gone"), for: .forCreating)
    let folder = container.documentsDirectory
    // Another length: written in the same clock tick as the save, the file's signature
    // would otherwise be the one recorded.
    try Data(text: "edited").write(to: URL(fileURLWithPath: folder + "/edit.bookmark"))
    try Data(text: "dropped").write(to: URL(fileURLWithPath: folder + "/dropped.bookmark"))
    try Data(text: "junk").write(to: URL(fileURLWithPath: folder + "/.hidden"))
    try Data(text: "junk").write(to: URL(fileURLWithPath: folder + "/x.bookmark.tmp-1-2"))
    try FileManager.default.removeItem(atPath: folder + "/gone.bookmark")
    Self.markChangedByHand(folder)
    try container.refreshFromFiles()
    XCTAssertEqual(try container.entry("edit.bookmark")?.contents.text, "edited")
    XCTAssertEqual(try container.entry("edit.bookmark")?.pending, true, "a hand edit is pushed like any save")
    XCTAssertEqual(try container.entry("dropped.bookmark")?.contents.text, "dropped")
    XCTAssertNil(try container.entry("gone.bookmark"))
    XCTAssertNil(try container.entry(".hidden"))
    XCTAssertNil(try container.entry("x.bookmark.tmp-1-2"))

    await container.close()
    for suffix in ["", "-wal", "-shm"] { unlink(container.root + "/index.sqlite" + suffix) }
    let rebuilt = try devices.device("a", online: false)
    let query = MetadataQuery(container: rebuilt)
    let items = try query.start()
    XCTAssertEqual(Set(items.map(\.file)), ["keep.bookmark", "edit.bookmark", "dropped.bookmark"])
    XCTAssertEqual(Set(items.map(\.contents.text)), ["keep", "edited", "dropped"])
    query.stop()
  }

  /// A file written by hand just before a commit of this process (a save in the app before
  /// the folder watch's scan ran, a batch of an import's files) is still found by that scan:
  /// the commit doesn't record, as its own, a folder changed outside it.
  func testAHandChangeJustBeforeACommitIsStillFound() async throws {
    let container = try devices.device("a", online: false)
    try container.save("first.bookmark", contents: Data(text: "first"), for: .forCreating)
    try Data(text: "by hand").write(to: URL(fileURLWithPath: container.documentsDirectory + "/hand.bookmark"))
    Self.markChangedByHand(container.documentsDirectory)
    try container.save("second.bookmark", contents: Data(text: "second"), for: .forCreating)
    try container.refreshFromFiles()
    XCTAssertEqual(try container.entry("hand.bookmark")?.contents.text, "by hand")
    XCTAssertEqual(try container.entry("second.bookmark")?.contents.text, "second")
  }

  /// A new container's first scan runs in the clock tick its folder was made in. It waits
  /// for the tick to pass and records the folder, so the commits after it record theirs and
  /// the next open does not scan every file (an import into a new home left the folder
  /// unrecorded, and the first open after importing 100,000 bookmarks scanned them all).
  func testANewContainersFolderIsRecordedByItsFirstScan() async throws {
    let folder = devices.folder("a")
    let container = DocumentContainer(
      root: folder, index: try SQLiteDocumentIndex(path: folder + "/index.sqlite"), cloud: nil, device: "a")
    try container.refreshFromFiles()  // makes the folder, and scans it at once
    XCTAssertNotNil(try container.index.read { try $0.value("folder") }, "the first scan records the folder")
    try container.create((0..<10).map { (file: "b\($0).bookmark", contents: Data(text: "\($0)")) })
    XCTAssertNotNil(try container.index.read { try $0.value("folder") }, "the commits after it record theirs")
    await container.close()
  }

  /// Gives the folder the time of a change by hand a while after the last commit. Made
  /// within the clock tick of that commit (a few milliseconds, as a test makes it), a change
  /// can leave the folder's signature as the commit recorded it, which no person does.
  private static func markChangedByHand(_ folder: String) {
    let time = timeval(tv_sec: Int(Date().timeIntervalSince1970) - 7200, tv_usec: 0)
    _ = utimes(folder, [time, time])
  }

  /// A file dropped in while a scan reads the folder is found by the next check, which the
  /// folder watch makes when it hears of the file (recording the folder as it was after the
  /// scan made that check find nothing new, and the file was never taken in).
  func testAFileDroppedInDuringAScanIsFoundByTheNextCheck() throws {
    let dropped = Mutex(false)
    let folder = devices.folder("a")
    // The folder's time two hours ago before the scan, one hour ago after the drop: both
    // settled, so only what the scan records tells whether the drop is seen.
    @Sendable func setFolderTime(hoursAgo: Int) {
      let time = timeval(tv_sec: Int(Date().timeIntervalSince1970) - hoursAgo * 3600, tv_usec: 0)
      _ = utimes(folder + "/Documents", [time, time])
    }
    let container = DocumentContainer(
      root: folder, index: try SQLiteDocumentIndex(path: folder + "/index.sqlite"), cloud: nil, device: "a",
      readable: { _ in
        // The scan reads the first file it finds by hand; another arrives meanwhile.
        if !dropped.withLock({ $0 }) {
          dropped.withLock { $0 = true }
          try? Data(text: "during").write(to: URL(fileURLWithPath: folder + "/Documents/during.bookmark"))
          setFolderTime(hoursAgo: 1)
        }
        return true
      })
    defer { Task { await container.close() } }
    try FileManager.default.createDirectory(atPath: container.documentsDirectory, withIntermediateDirectories: true)
    try Data(text: "before").write(to: URL(fileURLWithPath: container.documentsDirectory + "/before.bookmark"))
    setFolderTime(hoursAgo: 2)
    try container.refreshFromFiles()
    XCTAssertTrue(dropped.withLock { $0 })
    XCTAssertEqual(try container.entry("before.bookmark")?.contents.text, "before")
    try container.refreshFromFiles()
    XCTAssertEqual(try container.entry("during.bookmark")?.contents.text, "during")
  }

  /// Writing the files of a commit records where they stand without changing the documents:
  /// a reader of changes since the commit finds none (an import of 100,000 otherwise had its
  /// rows read and decoded again for each batch of files), and every file is written.
  func testWritingACommitsFilesIsNoChangeToItsDocuments() async throws {
    let container = try devices.device("a", online: false)
    // Out of the index's order, as an import's random ids are; more than one batch.
    let files = (0..<2_500).map { String(format: "%05d", ($0 * 7_919) % 2_500) + ".bookmark" }
    XCTAssertEqual(try container.create(files.map { ($0, Data(text: "contents of " + $0)) }), 2_500)
    let (changedSince, unwritten, generation) = try container.index.read { session in
      let generation = try session.generation()
      return (try session.entries(changedAfter: 0), try session.unwrittenFiles(), generation)
    }
    XCTAssertEqual(Set(changedSince.map(\.generation)), [generation], "one commit, one generation")
    XCTAssertEqual(changedSince.count, 2_500)
    XCTAssertEqual(unwritten, [])
    XCTAssertTrue(changedSince.allSatisfy { $0.signature != nil })
    for file in [files[0], files[1_234], files[2_499]] {
      XCTAssertEqual(
        try String(contentsOfFile: container.documentsDirectory + "/" + file, encoding: .utf8), "contents of " + file)
    }
  }

  /// Gathering reads the index, not the documents: a document changed in place (which
  /// leaves the folder's own time alone) is not read again when the list opens.
  func testGatheringDoesNotReadTheDocuments() async throws {
    let container = try devices.device("a", online: false)
    try container.save("a.bookmark", contents: Data(text: "indexed"), for: .forCreating)
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: container.documentsDirectory + "/a.bookmark"))
    try handle.write(contentsOf: Data(text: "INDEXED"))
    try handle.close()
    let query = MetadataQuery(container: try devices.device("a", online: false, start: false))
    XCTAssertEqual(try query.start().map(\.contents.text), ["indexed"])
    query.stop()
  }

  func testFileNamesAreStableUniqueAndSafe() {
    XCTAssertEqual(DocumentContainer.fileName(for: "A1-b_2", extension: "bookmark"), "A1-b_2.bookmark")
    XCTAssertEqual(DocumentContainer.fileName(for: "../x y", extension: "bookmark"), "%2E%2E%2Fx%20y.bookmark")
    let long = String(repeating: "é", count: 200)
    let name = DocumentContainer.fileName(for: long, extension: "bookmark")
    XCTAssertLessThan(name.utf8.count, 255)
    XCTAssertNotEqual(name, DocumentContainer.fileName(for: long + "x", extension: "bookmark"))
    // Exact names, which every device must agree on (a folder record is only read under its
    // own name): bytes escaped in upper-case hex, and over 160 bytes cut to 120 (here inside
    // an escape) and given the id's 64-bit FNV-1a hash.
    XCTAssertEqual(DocumentContainer.fileName(for: "é/x", extension: "folder"), "%C3%A9%2Fx.folder")
    XCTAssertEqual(
      DocumentContainer.fileName(for: String(repeating: "a", count: 160), extension: "bookmark"),
      String(repeating: "a", count: 160) + ".bookmark")
    XCTAssertEqual(
      DocumentContainer.fileName(for: String(repeating: "a", count: 161), extension: "bookmark"),
      String(repeating: "a", count: 120) + "~2a57fe3470d09bec.bookmark")
    XCTAssertEqual(
      DocumentContainer.fileName(
        for: String(repeating: "a", count: 119) + "é" + String(repeating: "b", count: 50), extension: "bookmark"),
      String(repeating: "a", count: 119) + "%~90a578b404eecebe.bookmark")
  }
}
