import Cloud
import CloudSQLite
import DocumentContainer
import DocumentIndexSQLite
import Foundation
import TestSupport
import XCTest

/// What a push sends when the document changes while it is on its way.
final class DocumentPushTests: XCTestCase {
  private var devices: DocumentDevices!

  override func setUpWithError() throws {
    devices = try DocumentDevices()
  }

  override func tearDown() async throws {
    await devices.tearDown()
  }

  private func container(_ cloud: any CloudService) throws -> DocumentContainer {
    let folder = devices.folder("a")
    return DocumentContainer(
      root: folder, index: try SQLiteDocumentIndex(path: folder + "/index.sqlite"), cloud: cloud, device: "a")
  }

  /// Given a new document whose first push is in flight, when it is deleted before the cloud
  /// answers, then the delete is pushed after it: before the fix the answer marked the delete
  /// as sent, the cloud kept the document for good and every other device listed it.
  func testADeleteMadeWhileTheDocumentsFirstPushIsInFlightReachesTheCloud() async throws {
    let slow = SlowCloud(SQLiteCloud(path: devices.cloudPath, account: "alice"))
    let a = try container(slow)
    defer { Task { await a.close() } }
    try a.create([("x.doc", Data(text: "x"))])
    var started = slow.started.makeAsyncIterator()
    let pushing = Task { await a.syncNow() }
    _ = await started.next()
    try a.delete("x.doc")
    slow.letGo()
    await pushing.value
    await a.syncNow()
    XCTAssertEqual(a.status().pending, 0)
    let cloud = SQLiteCloud(path: devices.cloudPath, account: "alice")
    let record = try await cloud.record(for: "x.doc", in: .documents)
    XCTAssertNotNil(record, "the document's first push never landed")
    XCTAssertNil(record?.value, "the cloud still has the document deleted here")
    let b = try devices.device("b")
    await b.syncNow()
    XCTAssertEqual(try b.entry("x.doc")?.removed ?? true, true, "another device lists it")
  }

  /// Given a document deleted before any push, when the device syncs, then nothing is sent
  /// for it and nothing is left pending.
  func testADocumentDeletedBeforeItWasEverPushedSendsNothing() async throws {
    let a = try devices.device("a", start: false)
    try a.create([("x.doc", Data(text: "x")), ("y.doc", Data(text: "y"))])
    try a.delete("x.doc")
    await a.syncNow()
    XCTAssertEqual(a.status().pending, 0)
    let cloud = SQLiteCloud(path: devices.cloudPath, account: "alice")
    let x = try await cloud.record(for: "x.doc", in: .documents)
    XCTAssertNil(x, "a delete of what the cloud never had was sent")
    let y = try await cloud.record(for: "y.doc", in: .documents)
    XCTAssertEqual(y?.value.map { String(decoding: $0, as: UTF8.self) }?.isEmpty, false)
  }
}
