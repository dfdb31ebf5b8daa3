import DocumentContainer
import DurableFiles
import Foundation
import TestSupport
import XCTest

/// The metadata query: gathering, then live updates naming what changed and where it
/// came from.
final class MetadataQueryTests: XCTestCase {
  private var devices: DocumentDevices!

  override func setUpWithError() throws {
    devices = try DocumentDevices()
  }

  override func tearDown() async throws {
    await devices.tearDown()
  }

  /// The next update that names `file`; other updates (a sync step's bookkeeping, say)
  /// are passed over. The bound is longer than the folder watch's periodic check (5 s),
  /// which is what finds a change when the kernel has no file watch to give (every user has
  /// 128 of them, shared by all their processes).
  private func nextChange(
    _ updates: AsyncStream<MetadataQueryUpdate>, naming file: String
  ) async -> (added: [String], changed: [String], removed: [String], origin: MetadataQueryUpdate.Origin)? {
    await withTimeout(.seconds(15)) {
      for await update in updates {
        guard case .changed(let added, let changed, let removed, let origin) = update,
          (added + changed + removed).contains(where: { $0.file == file })
        else { continue }
        return (added.map(\.file).sorted(), changed.map(\.file).sorted(), removed.map(\.file).sorted(), origin)
      }
      return nil
    }
  }

  func testGatheringThenUpdatesFromThisProcessAnotherSessionAndTheCloud() async throws {
    let a = try devices.device("a")
    try a.save("one.bookmark", contents: Data(text: "1"), for: .forCreating)
    try a.save("two.bookmark", contents: Data(text: "2"), for: .forCreating)
    let query = MetadataQuery(container: a)
    let updates = query.updates()
    let gathered = try query.start()
    XCTAssertEqual(gathered.map(\.file).sorted(), ["one.bookmark", "two.bookmark"])
    guard case .gathered(let items) = await next(updates) else { return XCTFail("no gathering") }
    XCTAssertEqual(items.count, 2)

    try a.save("three.bookmark", contents: Data(text: "3"), for: .forCreating)
    let own = await nextChange(updates, naming: "three.bookmark")
    XCTAssertEqual(own?.added, ["three.bookmark"])
    XCTAssertEqual(own?.origin, .thisProcess)

    // Another session on this device: its own container on the same folder and index.
    let session = try devices.device("a")
    try session.save("one.bookmark", contents: Data(text: "1b"), for: .forOverwriting)
    let fromSession = await nextChange(updates, naming: "one.bookmark")
    XCTAssertEqual(fromSession?.changed, ["one.bookmark"])
    XCTAssertEqual(fromSession?.origin, .otherSession)

    // Another device, through the cloud.
    let b = try devices.device("b")
    check(await waitUntilSynced(a))
    check(await waitForEntry(b, "two.bookmark") { $0 != nil })
    try b.delete("two.bookmark")
    let fromCloud = await nextChange(updates, naming: "two.bookmark")
    XCTAssertEqual(fromCloud?.removed, ["two.bookmark"])
    XCTAssertEqual(fromCloud?.origin, .cloud)
    XCTAssertEqual(query.files.sorted(), ["one.bookmark", "three.bookmark"])
    query.stop()
  }

  func testAFileDroppedInByHandIsReportedLive() async throws {
    let a = try devices.device("a", online: false)
    let query = MetadataQuery(container: a)
    let updates = query.updates()
    try query.start()
    try Data(text: "by hand").write(to: URL(fileURLWithPath: a.documentsDirectory + "/hand.bookmark"))
    let change = await nextChange(updates, naming: "hand.bookmark")
    XCTAssertEqual(change?.added, ["hand.bookmark"])
    XCTAssertEqual(change?.origin, .otherSession)
    query.stop()
  }

  /// An editor that writes a document in place leaves the folder's own signature as it was;
  /// the file's name heard by the watch still has it read (before, such an edit was never
  /// taken in while the app ran).
  func testAFileEditedInPlaceByHandIsReportedLive() async throws {
    let a = try devices.device("a", online: false)
    try a.save("one.bookmark", contents: Data(text: "1"), for: .forCreating)
    let query = MetadataQuery(container: a)
    let updates = query.updates()
    try query.start()
    // The folder's watch is put in place off this thread; a file dropped in is reported once
    // it is (heard, or found by the check made when it is ready). An edit in place made
    // before then leaves the folder's signature as it was and would wait for the next change
    // (a loaded machine hit that window: CI, 2cdb89f). The probe is written whole under a
    // hidden name and renamed in, so it is heard once: created empty then written, it could be
    // heard again as changed along with the edit below (CI, 08f552a).
    let hidden = a.documentsDirectory + "/.probe"
    try Data(text: "probe").write(to: URL(fileURLWithPath: hidden))
    XCTAssertEqual(rename(hidden, a.documentsDirectory + "/probe.bookmark"), 0)
    _ = await nextChange(updates, naming: "probe.bookmark")
    let path = a.documentsDirectory + "/one.bookmark"
    let inode = try XCTUnwrap(PrivateFiles.signature(path)).inode
    let handle = try XCTUnwrap(FileHandle(forUpdatingAtPath: path))
    try handle.truncate(atOffset: 0)
    try handle.write(contentsOf: Data(text: "edited in place"))
    try handle.close()
    XCTAssertEqual(PrivateFiles.signature(path)?.inode, inode)
    // The truncation may be heard on its own first (an empty file); the write is a second
    // change. Each is reported as a change in place by another session.
    var contents: String?
    for _ in 0..<2 where contents != "edited in place" {
      let change = await nextChange(updates, naming: "one.bookmark")
      XCTAssertEqual(change?.changed, ["one.bookmark"])
      XCTAssertEqual(change?.origin, .otherSession)
      contents = try a.entry("one.bookmark")?.contents.text
    }
    XCTAssertEqual(contents, "edited in place")
    query.stop()
  }

  /// Resuming from what an earlier gathering knew reports exactly what changed since, by
  /// kind (a removal included), and reads nothing else; a generation the index never reached
  /// is not resumed from.
  func testResumingReportsOnlyWhatChangedSinceWhatWasKnown() async throws {
    let a = try devices.device("a", online: false)
    for name in ["one", "two", "same"] {
      try a.save("\(name).bookmark", contents: Data(text: name), for: .forCreating)
    }
    let first = MetadataQuery(container: a)
    let gathered = try first.start()
    first.stop()
    let generation = try a.index.read { try $0.generation() }
    let versions = gathered.map { ($0.file, MetadataQuery.Version(id: $0.versionID, conflictVersions: 0)) }
    let known = MetadataQuery.Known(generation: generation) { versions }

    try a.save("three.bookmark", contents: Data(text: "3"), for: .forCreating)
    try a.save("one.bookmark", contents: Data(text: "1b"), for: .forOverwriting)
    try a.delete("two.bookmark")
    let resumed = MetadataQuery(container: a)
    guard case .resumed(let updates, let through, _) = try resumed.start(resuming: known) else {
      return XCTFail("gathered again")
    }
    let changes = updates.compactMap { update -> (added: [String], changed: [String], removed: [String])? in
      guard case .changed(let added, let changed, let removed, _) = update else { return nil }
      return (added.map(\.file), changed.map(\.file), removed.map(\.file))
    }
    XCTAssertEqual(changes.flatMap(\.added), ["three.bookmark"])
    XCTAssertEqual(changes.flatMap(\.changed), ["one.bookmark"])
    XCTAssertEqual(changes.flatMap(\.removed), ["two.bookmark"])
    XCTAssertEqual(through, try a.index.read { try $0.generation() })
    XCTAssertEqual(resumed.files.sorted(), ["one.bookmark", "same.bookmark", "three.bookmark"])
    resumed.stop()

    let ahead = MetadataQuery.Known(generation: generation + 1_000) { versions }
    let fresh = MetadataQuery(container: a)
    guard case .gathered(let items) = try fresh.start(resuming: ahead) else {
      return XCTFail("resumed from the future")
    }
    XCTAssertEqual(items.map(\.file).sorted(), ["one.bookmark", "same.bookmark", "three.bookmark"])
    fresh.stop()
  }
}
