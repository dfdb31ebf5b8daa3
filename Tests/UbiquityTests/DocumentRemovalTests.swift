import DocumentContainer
import DocumentIndexSQLite
import Foundation
import Synchronization
import TestSupport
import XCTest

/// A removal whose commit fails changes nothing (a full disk), one cut short by a process's
/// death is settled by the next scan, and a document dropped in under another name is filed
/// under its own or, as a second copy of one that is there, kept aside.
final class DocumentRemovalTests: XCTestCase {
  private var folder: TemporaryFolder!
  private var containers: [DocumentContainer] = []

  override func setUpWithError() throws {
    folder = try TemporaryFolder()
  }

  override func tearDown() async throws {
    for container in containers { await container.close() }
    folder?.remove()
  }

  private func container(_ index: (any DocumentIndex)? = nil) throws -> DocumentContainer {
    let root = folder.file("container")
    let container = DocumentContainer(
      root: root, index: try index ?? SQLiteDocumentIndex(path: root + "/index.sqlite"), cloud: nil, device: "a",
      filedName: { contents in
        // A test format: a document is "id:X", and belongs in "X.doc".
        let text = String(decoding: contents, as: UTF8.self)
        return text.hasPrefix("id:") ? String(text.dropFirst(3)) + ".doc" : nil
      })
    containers.append(container)
    return container
  }

  private func onDisk(_ container: DocumentContainer, _ file: String) -> String? {
    (try? String(contentsOfFile: container.documentsDirectory + "/" + file, encoding: .utf8))
  }

  /// Given a document, when its removal's commit fails (as on a full disk), then the file is
  /// still in the folder and the next scan still has the document: before the fix the file
  /// was gone and the scan took that for a delete by hand.
  func testARemovalWhoseCommitFailsChangesNothing() throws {
    let index = FailingCommitIndex(try SQLiteDocumentIndex(path: folder.file("container/index.sqlite")))
    let container = try container(index)
    try container.create([("a.doc", Data("id:a".utf8)), ("b.doc", Data("id:b".utf8))])
    index.failNextCommit()
    XCTAssertThrowsError(
      try container.change(deleting: ["a.doc"], writing: [("b.doc", Data("id:b".utf8))], overwriting: true))
    XCTAssertEqual(onDisk(container, "a.doc"), "id:a", "the removed file is back")
    try container.refreshFromFiles(force: true)
    XCTAssertNotNil(try container.entry("a.doc"), "the next scan still has the document")

    index.failNextCommit()
    XCTAssertThrowsError(try container.delete("a.doc"))
    try container.refreshFromFiles(force: true)
    XCTAssertEqual(onDisk(container, "a.doc"), "id:a")
    XCTAssertNotNil(try container.entry("a.doc"))

    try container.delete("a.doc")
    XCTAssertNil(onDisk(container, "a.doc"))
    XCTAssertNil(try container.entry("a.doc"))
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: container.removingDirectory), [])
  }

  /// Given a removal cut short between moving its file aside and its commit (the process
  /// killed), when the container is scanned, then the file is back and the document stays;
  /// a removal that did commit leaves nothing behind.
  func testARemovalCutShortIsSettledByTheNextScan() throws {
    let container = try container()
    try container.create([("a.doc", Data("id:a".utf8)), ("b.doc", Data("id:b".utf8))])
    try container.refreshFromFiles(force: true)
    try FileManager.default.createDirectory(atPath: container.removingDirectory, withIntermediateDirectories: true)
    // Cut short before its commit: the index still has a.
    XCTAssertEqual(rename(container.documentsDirectory + "/a.doc", container.removingDirectory + "/a.doc~dead-1"), 0)
    // Committed, but the process died before the file went.
    try container.delete("b.doc")
    _ = FileManager.default.createFile(
      atPath: container.removingDirectory + "/b.doc~dead-2", contents: Data("id:b".utf8))

    try container.refreshFromFiles()
    XCTAssertEqual(onDisk(container, "a.doc"), "id:a")
    XCTAssertNotNil(try container.entry("a.doc"), "a removal that never committed is not a delete by hand")
    XCTAssertNil(onDisk(container, "b.doc"))
    XCTAssertNil(try container.entry("b.doc"))
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: container.removingDirectory), [])
  }

  /// Given a document `x.doc`, when a copy is dropped in as `copy.doc` and another
  /// document as `mine.doc`, then the copy is kept aside (one id, one document) and the
  /// other is filed under its own name.
  func testADocumentDroppedInIsFiledUnderItsOwnNameOrKeptAsideAsASecondCopy() throws {
    let container = try container()
    try container.create([("x.doc", Data("id:x".utf8))])
    try container.refreshFromFiles(force: true)
    _ = FileManager.default.createFile(
      atPath: container.documentsDirectory + "/copy.doc", contents: Data("id:x".utf8))
    _ = FileManager.default.createFile(
      atPath: container.documentsDirectory + "/mine.doc", contents: Data("id:y".utf8))

    try container.refreshFromFiles(force: true)
    XCTAssertNil(try container.entry("copy.doc"), "a second document of x is not taken in")
    XCTAssertNil(onDisk(container, "copy.doc"))
    let aside = try FileManager.default.contentsOfDirectory(atPath: container.damagedDirectory)
    XCTAssertEqual(aside.count, 1)
    XCTAssertTrue(aside.first?.hasPrefix("copy.doc.") ?? false, "\(aside)")
    XCTAssertEqual(try container.entry("x.doc")?.contents, Data("id:x".utf8))
    XCTAssertNil(try container.entry("mine.doc"))
    XCTAssertEqual(try container.entry("y.doc")?.contents, Data("id:y".utf8), "filed under its own name")
    XCTAssertEqual(onDisk(container, "y.doc"), "id:y")
    XCTAssertTrue(container.status().problem?.contains("second copy of x.doc") ?? false, "\(container.status())")
  }
}

/// An index whose next write transaction fails after its body has run, as a commit on a full
/// disk does: nothing the body saved is kept.
private final class FailingCommitIndex: DocumentIndex {
  private let inner: any DocumentIndex
  private let failing = Atomic(false)

  struct DiskFull: Error, CustomStringConvertible {
    var description: String { "disk full (injected)" }
  }

  init(_ inner: any DocumentIndex) { self.inner = inner }

  func failNextCommit() { failing.store(true, ordering: .releasing) }

  func write<T>(_ body: (any DocumentIndexSession) throws -> T) throws -> T {
    guard failing.exchange(false, ordering: .acquiringAndReleasing) else { return try inner.write(body) }
    return try inner.write { session -> T in
      _ = try body(session)
      throw DiskFull()
    }
  }

  func read<T>(_ body: (any DocumentIndexSession) throws -> T) throws -> T { try inner.read(body) }
  func commitSignals() -> AsyncStream<Void> { inner.commitSignals() }
  var identity: String? { inner.identity }
  func close() { inner.close() }
}
