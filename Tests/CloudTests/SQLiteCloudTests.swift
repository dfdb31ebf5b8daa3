import Cloud
import CloudSQLite
import Foundation
import TestSupport
import XCTest

/// What only the embedded SQLite cloud promises: private files, refusing foreign or newer
/// files without touching them, opening lazily, and a safe first open.
final class SQLiteCloudTests: XCTestCase {
  private var folder: TemporaryFolder!

  override func setUpWithError() throws {
    folder = try TemporaryFolder()
  }

  override func tearDown() {
    folder.remove()
  }

  func testFilesAndCreatedFoldersArePrivate() async throws {
    let path = folder.file("new/nested/cloud.sqlite")
    let cloud = SQLiteCloud(path: path, account: "alice")
    try await cloud.put("k", "v")
    let reader = SQLiteCloud(path: path, account: "alice")
    _ = try await reader.record(for: "k", in: .keyValue)
    for file in [path, path + "-wal", path + "-shm"] {
      XCTAssertEqual(try mode(file), 0o600, "\(file) is readable by its owner only")
    }
    for created in [folder.file("new"), folder.file("new/nested")] {
      XCTAssertEqual(try mode(created), 0o700, "the created folder \(created) is its owner's only")
    }
    await cloud.close()
    await reader.close()
  }

  func testAFileThatIsNotADatabaseIsIncompatibleAndLeftAlone() async throws {
    for (index, contents) in [
      Data("not a database\n".utf8), Data(String(repeating: "bookmark list line\n", count: 500).utf8),
    ].enumerated() {
      let path = folder.file("notes-\(index).txt")
      XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: contents))
      let cloud = SQLiteCloud(path: path, account: "alice")
      await assertCloudError(try await cloud.put("k", "v"), "writing to a text file of \(contents.count) bytes") {
        if case .incompatible = $0 { return true }
        return false
      }
      await assertCloudError(try await cloud.record(for: "k", in: .keyValue), "reading it") {
        if case .incompatible = $0 { return true }
        return false
      }
      let signals = SignalRecorder(cloud.signals())
      await cloud.close()
      _ = await signals.waitUntilFinished()
      XCTAssertEqual(FileManager.default.contents(atPath: path), contents, "the file is not overwritten")
    }
  }

  func testAnUnopenablePathIsUnreachableUntilFixed() async throws {
    let blocker = folder.file("blocker")
    XCTAssertTrue(FileManager.default.createFile(atPath: blocker, contents: Data("a file".utf8)))
    let cloud = SQLiteCloud(path: blocker + "/cloud.sqlite", account: "alice")
    await assertCloudError(try await cloud.put("k", "v"), "opening under a regular file") {
      if case .unreachable = $0 { return true }
      return false
    }
    XCTAssertFalse(cloud.displayName.isEmpty)
    try FileManager.default.removeItem(atPath: blocker)
    let record = try await cloud.put("k", "v")
    XCTAssertEqual(record.value, Data("v".utf8), "the same instance works once the path is fixed")
    await cloud.close()
  }

  func testANewerSchemaIsIncompatible() async throws {
    let path = folder.file("cloud.sqlite")
    let old = SQLiteCloud(path: path, account: "alice")
    try await old.put("k", "v")
    await old.close()
    try await PythonSQLite.run(path, "PRAGMA user_version = 99")
    let cloud = SQLiteCloud(path: path, account: "alice")
    await assertCloudError(try await cloud.record(for: "k", in: .keyValue), "a schema from a newer Cloudy") {
      if case .incompatible(_, let reason) = $0 { return reason.contains("99") }
      return false
    }
    await cloud.close()
    // GRDB's WAL set-up may write (and drop) a scratch table; the data and version stay.
    let state = try await PythonSQLite.run(path, "PRAGMA user_version", "SELECT key, value FROM records")
    XCTAssertEqual(state, "99\nk|b'v'", "the newer file keeps its version and records")
  }

  func testDevicesOpeningANewFileAtOnceAllSucceed() async throws {
    for round in 0..<5 {
      let path = folder.file("round-\(round)/cloud.sqlite")
      let devices = (0..<6).map { _ in SQLiteCloud(path: path, account: "alice") }
      let sequences = try await withThrowingTaskGroup(of: Int64.self) { group in
        for (index, device) in devices.enumerated() {
          group.addTask { try await device.put("device-\(index)", "hello").sequence }
        }
        var all: [Int64] = []
        for try await sequence in group { all.append(sequence) }
        return all
      }
      XCTAssertEqual(Set(sequences), Set(1...6), "round \(round): every first write stored, one sequence each")
      for device in devices { await device.close() }
      let tables = try await PythonSQLite.run(
        path, "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'shelf%' ORDER BY name",
        "PRAGMA user_version", "SELECT count(*) FROM cloud", "SELECT count(*) FROM shelf")
      XCTAssertEqual(
        tables, "accounts\ncloud\nrecords\n3\n1\n1", "round \(round): the schema, one identity, one shelf, once")
    }
  }

  func testSignalsWhenTheFolderAppearsAfterSubscribing() async throws {
    let path = folder.file("later/cloud.sqlite")
    let phone = SQLiteCloud(path: path, account: "alice")
    let laptop = SQLiteCloud(path: path, account: "alice")
    let recorder = SignalRecorder(phone.signals())
    let seen = recorder.count
    try await laptop.put("k", "v")
    let signalled = await recorder.wait(forMoreThan: seen)
    XCTAssertTrue(signalled, "a write signals even when the folder did not exist at subscription")
    let seenAgain = recorder.count
    try await laptop.put("k2", "v")
    let signalledAgain = await recorder.wait(forMoreThan: seenAgain)
    XCTAssertTrue(signalledAgain, "and so does the next write")
    await phone.close()
    await laptop.close()
  }

  func testDisplayNameIsTheAddress() {
    let cloud = SQLiteCloud(path: "/data/cloud.sqlite", account: "alice")
    XCTAssertEqual(cloud.displayName, "sqlite:/data/cloud.sqlite")
    XCTAssertEqual(try CloudAddress(parsing: cloud.displayName), .sqlite(path: "/data/cloud.sqlite"))
  }

  private func mode(_ path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
  }
}

/// Fails unless `call` throws a ``CloudError`` that `matches` accepts.
func assertCloudError<T>(
  _ call: @autoclosure () async throws -> T, _ what: String, file: StaticString = #filePath, line: UInt = #line,
  matches: (CloudError) -> Bool
) async {
  do {
    _ = try await call()
    XCTFail("\(what): expected a CloudError, but it succeeded", file: file, line: line)
  } catch let error as CloudError {
    XCTAssertTrue(matches(error), "\(what): unexpected \(error)", file: file, line: line)
  } catch {
    XCTFail("\(what): expected a CloudError, got \(error)", file: file, line: line)
  }
}
