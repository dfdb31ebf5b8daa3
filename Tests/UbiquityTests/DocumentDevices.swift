import Cloud
import CloudSQLite
import DocumentContainer
import DocumentIndexSQLite
import Foundation
import TestSupport
import XCTest

/// Devices sharing one embedded cloud in a temporary folder, each with its own document
/// container (folder and index), as two homes would have.
final class DocumentDevices {
  let root: String
  var cloudPath: String { root + "/cloud.sqlite" }
  private var containers: [DocumentContainer] = []

  init() throws {
    root = FileManager.default.temporaryDirectory.appendingPathComponent("cloudy-docs-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
  }

  func folder(_ name: String) -> String { root + "/" + name + "/documents" }

  /// A device's container (a new session each call). `online: false` is `--offline`.
  func device(_ name: String, online: Bool = true, start: Bool = true) throws -> DocumentContainer {
    let index = try SQLiteDocumentIndex(path: folder(name) + "/index.sqlite")
    let container = DocumentContainer(
      root: folder(name), index: index, cloud: online ? SQLiteCloud(path: cloudPath, account: "alice") : nil,
      device: name)
    if start { container.start() }
    containers.append(container)
    return container
  }

  func tearDown() async {
    for container in containers { await container.close() }
    containers = []
    try? FileManager.default.removeItem(atPath: root)
  }
}

/// Waits until a container's entry for `file` satisfies `predicate` (it changes when the
/// other device's change arrives) and its file on disk is written (a fetch commits the
/// index first and writes the files in a second commit), within `timeout`.
func waitForEntry(
  _ container: DocumentContainer, _ file: String, timeout: Duration = .seconds(15),
  _ predicate: @escaping @Sendable (DocumentIndexEntry?) -> Bool
) async -> Bool {
  let commits = container.commitNotifications()
  let settled: @Sendable () -> Bool = {
    let entry = try? container.entry(file)
    let written = entry.map { $0.removed || $0.signature != nil } ?? true
    return written && predicate(entry)
  }
  if settled() { return true }
  return await withTimeout(timeout) {
    for await _ in commits where settled() { return true }
    return false
  } ?? false
}

/// Waits until a container has nothing left to push.
func waitUntilSynced(_ container: DocumentContainer, timeout: Duration = .seconds(15)) async -> Bool {
  let updates = container.statusUpdates()
  if container.status().state == .synced, container.status().pending == 0 { return true }
  await container.syncNow()
  if container.status().state == .synced, container.status().pending == 0 { return true }
  return await withTimeout(timeout) {
    for await status in updates where status.state == .synced && status.pending == 0 { return true }
    return false
  } ?? false
}

extension Data {
  init(text: String) { self = Data(text.utf8) }
  var text: String { String(decoding: self, as: UTF8.self) }
}

/// `XCTAssertTrue` for a value that needs `await` (XCTest's autoclosures can't await).
func check(_ value: Bool, _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
  XCTAssertTrue(value, message, file: file, line: line)
}
