import DocumentContainer
import Foundation
import TestSupport
import XCTest

/// Two devices and one document: concurrent edits become conflict versions on both
/// devices until one is kept; deletes reach every device; no edit is ever lost.
final class DocumentConflictTests: XCTestCase {
  private var devices: DocumentDevices!
  private let file = "doc.bookmark"

  override func setUpWithError() throws {
    devices = try DocumentDevices()
  }

  override func tearDown() async throws {
    await devices.tearDown()
  }

  /// A and B both have the document, synced.
  private func twoDevicesWithADocument() async throws -> (DocumentContainer, DocumentContainer) {
    let a = try devices.device("a")
    try a.save(file, contents: Data(text: "original"), for: .forCreating)
    check(await waitUntilSynced(a))
    let b = try devices.device("b")
    check(await waitForEntry(b, file) { $0?.contents.text == "original" })
    return (a, b)
  }

  func testConcurrentEditsAreKeptOnBothDevicesUntilOneIsChosen() async throws {
    let (a, b) = try await twoDevicesWithADocument()
    await a.close()
    // A edits offline; B edits online; A comes back.
    let offlineA = try devices.device("a", online: false)
    try offlineA.save(file, contents: Data(text: "edit on A"), for: .forOverwriting)
    try b.save(file, contents: Data(text: "edit on B"), for: .forOverwriting)
    check(await waitUntilSynced(b))
    await offlineA.close()
    let onlineA = try devices.device("a")
    check(await waitUntilSynced(onlineA))
    check(await waitForEntry(b, file) { $0?.conflicts.isEmpty == false })

    for device in [onlineA, b] {
      let versions = try device.versions(of: file)
      XCTAssertEqual(
        Set(([versions.current] + versions.conflicts).map(\.contents.text)), ["edit on A", "edit on B"],
        "both edits are kept on \(device.device)")
      XCTAssertEqual(versions.current.contents.text, "edit on B", "the version the cloud had first stays current")
      XCTAssertEqual(versions.conflicts.map(\.device), ["a"])
      let onDisk = try String(contentsOfFile: device.documentsDirectory + "/" + file, encoding: .utf8)
      XCTAssertEqual(onDisk, "edit on B")
      XCTAssertEqual(device.status().conflicts, 1)
    }
    let document = UbiquitousDocument(container: b, file: file)
    try await document.open()
    XCTAssertTrue(document.documentState.contains(.inConflict))

    // B keeps A's version: every device converges on it and the others are gone.
    let keep = try b.versions(of: file).conflicts[0].id
    try await document.resolve(keeping: keep)
    XCTAssertFalse(document.documentState.contains(.inConflict))
    check(await waitUntilSynced(b))
    check(await waitForEntry(onlineA, file) { $0?.conflicts.isEmpty == true })
    for device in [onlineA, b] {
      let versions = try device.versions(of: file)
      XCTAssertEqual(versions.current.contents.text, "edit on A", device.device)
      XCTAssertEqual(versions.conflicts, [], device.device)
      XCTAssertEqual(try String(contentsOfFile: device.documentsDirectory + "/" + file, encoding: .utf8), "edit on A")
      XCTAssertEqual(device.status().conflicts, 0)
    }
  }

  func testTheSameEditOnTwoDevicesIsNotAConflict() async throws {
    let (a, b) = try await twoDevicesWithADocument()
    await a.close()
    let offlineA = try devices.device("a", online: false)
    try offlineA.save(file, contents: Data(text: "same"), for: .forOverwriting)
    try b.save(file, contents: Data(text: "same"), for: .forOverwriting)
    check(await waitUntilSynced(b))
    await offlineA.close()
    let onlineA = try devices.device("a")
    check(await waitUntilSynced(onlineA))
    XCTAssertEqual(try onlineA.versions(of: file).conflicts, [])
    XCTAssertEqual(onlineA.status().conflicts, 0)
  }

  func testADeleteReachesEveryDevice() async throws {
    let (a, b) = try await twoDevicesWithADocument()
    try a.delete(file)
    check(await waitForEntry(b, file) { $0 == nil })
    XCTAssertFalse(FileManager.default.fileExists(atPath: b.documentsDirectory + "/" + file))
  }

  /// An edit made while another device deleted the document is not lost: it comes back.
  func testAnEditBeatsAConcurrentDelete() async throws {
    let (a, b) = try await twoDevicesWithADocument()
    await a.close()
    let offlineA = try devices.device("a", online: false)
    try offlineA.save(file, contents: Data(text: "kept edit"), for: .forOverwriting)
    try b.delete(file)
    check(await waitUntilSynced(b))
    await offlineA.close()
    let onlineA = try devices.device("a")
    check(await waitUntilSynced(onlineA))
    XCTAssertEqual(try onlineA.entry(file)?.contents.text, "kept edit")
    check(await waitForEntry(b, file) { $0?.contents.text == "kept edit" })
  }

  /// A device whose index was lost pushes its files again: identical to the cloud's, so
  /// nothing is duplicated and nothing is in conflict.
  func testALostIndexResyncsWithoutConflicts() async throws {
    let (a, _) = try await twoDevicesWithADocument()
    await a.close()
    for suffix in ["", "-wal", "-shm"] { unlink(devices.folder("a") + "/index.sqlite" + suffix) }
    let again = try devices.device("a")
    try again.refreshFromFiles()
    check(await waitUntilSynced(again))
    XCTAssertEqual(try again.versions(of: file).conflicts, [])
    XCTAssertEqual(try again.entry(file)?.contents.text, "original")
  }
}
