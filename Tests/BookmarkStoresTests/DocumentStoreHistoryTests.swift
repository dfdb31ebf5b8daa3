import BookmarkModel
import BookmarkStoreInterface
import BookmarksEffects
import Cloud
import CloudPostgres
import CloudSQLite
import DefaultsBookmarks
import DocumentBookmarks
import DocumentContainer
import DocumentIndexSQLite
import Foundation
import Synchronization
import TestSupport
import XCTest

/// The document store's version history (issue 19.3): every saved version is kept with its
/// device, time and parents, on every device, through the SQLite cloud and PostgreSQL; a
/// revert makes an old version current as a new one; two devices' pasts are never lost.
final class DocumentStoreHistoryTests: XCTestCase {
  private var home: TemporaryFolder!
  private var closers: [DocumentContainer] = []
  private var cleanup: [() -> Void] = []

  override func setUpWithError() throws {
    home = try TemporaryFolder()
  }

  override func tearDown() async throws {
    for container in closers { await container.close() }
    closers = []
    for step in cleanup { step() }
    cleanup = []
    home.remove()
  }

  /// The clouds the history is tested over: the SQLite file, and PostgreSQL when the test
  /// server is running (CI always runs it).
  private enum Kind: String, CaseIterable {
    case sqlite, postgres
  }

  /// A cloud maker for `kind` (one database per test for PostgreSQL), or nil when PostgreSQL
  /// isn't there to test.
  private func clouds(_ kind: Kind) throws -> (@Sendable () -> any CloudService)? {
    switch kind {
    case .sqlite:
      let path = home.path + "/cloud.sqlite"
      return { SQLiteCloud(path: path, account: "alice") }
    case .postgres:
      guard let server = PostgresTestServer.current else {
        print("postgres: skipped, \(PostgresTestServer.skipReason)")
        return nil
      }
      let database = try server.createDatabase()
      cleanup.append { server.dropDatabase(database) }
      let settings = try PostgresSettings(
        url: server.url(database: database), environment: ["PGPASSWORD": server.password])
      return { PostgresCloud(settings: settings, account: "alice") }
    }
  }

  private func store(
    _ device: String, _ cloud: (@Sendable () -> any CloudService)?, kind: Kind = .sqlite,
    history: HistoryRules = HistoryRules(), now: @escaping @Sendable () -> Date = Date.init
  ) throws -> DocumentBookmarkStore {
    let folder = home.path + "/" + kind.rawValue + "/" + device
    let container = DocumentContainer(
      root: folder, index: try SQLiteDocumentIndex(path: folder + "/index.sqlite"), cloud: cloud?(), device: device,
      deviceName: device, now: now, readable: DocumentBookmarkStore.isReadable)
    closers.append(container)
    var environment = BookmarkEnvironment.live
    environment.now = now
    return DocumentBookmarkStore(container: container, environment: environment, history: history)
  }

  private func draft(_ name: String, _ url: String = "https://swift.org", tags: [String]? = nil) -> BookmarkDraft {
    BookmarkDraft(name: name, url: url, tags: tags)
  }

  func testEditsOnTwoDevicesAreListedOnBothAndARevertSyncs() async throws {
    for kind in Kind.allCases {
      guard let cloud = try clouds(kind) else { continue }
      let a = try store("laptop", cloud, kind: kind)
      let b = try store("desk", cloud, kind: kind)
      let added = try await a.add(draft("Swift"))
      _ = try await a.update(id: added.id, with: draft("Swift lang"))
      await a.sync()
      await b.sync()
      _ = try await b.update(id: added.id, with: draft("Swift lang", "https://www.swift.org"))
      await b.sync()
      await a.sync()

      let onA = try await a.history(of: added.id)
      XCTAssertEqual(onA.versions.map(\.bookmark.name), ["Swift", "Swift lang", "Swift lang"], "\(kind)")
      XCTAssertEqual(onA.versions.map(\.device), ["laptop", "laptop", "desk"], "\(kind)")
      XCTAssertEqual(onA.versions[1].parents, [onA.versions[0].id], "\(kind): each made from the one before")
      XCTAssertEqual(onA.versions[2].parents, [onA.versions[1].id], "\(kind)")
      let onB = try await b.history(of: added.id)
      XCTAssertEqual(onB, onA, "\(kind): the same history on both devices")

      // B reverts to where it began; A sees the revert and its place in the history.
      let reverted = try await b.revert(id: added.id, to: String(onB.versions[0].id.prefix(6)))
      XCTAssertEqual([reverted.bookmark.name, reverted.bookmark.url], ["Swift", "https://swift.org"], "\(kind)")
      XCTAssertFalse(reverted.madeFolder, "\(kind)")
      await b.sync()
      await a.sync()
      let listed = try await a.load()
      XCTAssertEqual(listed.map(\.name), ["Swift"], "\(kind): the revert synced")
      let after = try await a.history(of: added.id)
      XCTAssertEqual(after.versions.count, 4, "\(kind)")
      XCTAssertEqual(after.versions.last?.note, "reverted to \(onA.versions[0].shortID)", "\(kind)")
      XCTAssertEqual(after.versions.last?.device, "desk", "\(kind)")
      XCTAssertEqual(after.versions.last?.parents, [onA.versions[2].id], "\(kind)")
    }
  }

  /// Two devices edit one bookmark at once: both edits are in the history (the histories'
  /// own conflict is united without asking), and the resolve is made from both.
  func testConcurrentEditsKeepBothPastsAndTheResolveHasTwoParents() async throws {
    guard let cloud = try clouds(.sqlite) else { return }
    let a = try store("laptop", cloud)
    let added = try await a.add(draft("Original"))
    await a.sync()
    let b = try store("desk", cloud)
    await b.sync()
    // A edits while B's edit is on its way: both are based on the original.
    _ = try await b.update(id: added.id, with: draft("From desk"))
    _ = try await a.update(id: added.id, with: draft("From laptop"))
    await b.sync()
    await a.sync()
    await b.sync()
    let versions = try await a.conflictVersions(of: added.id)
    XCTAssertEqual(versions.count, 2, "the edits are in conflict")

    let united = await eventuallyHistory(of: added.id, at: a) { $0.versions.count == 3 }
    XCTAssertEqual(Set(united?.versions.map(\.bookmark.name) ?? []), ["Original", "From desk", "From laptop"])
    XCTAssertEqual(united?.heads.count, 2, "two edits made from the original")
    // The histories' own conflict is settled by uniting them, on both devices: only the
    // bookmark is in conflict.
    let historyFile = DocumentContainer.fileName(for: added.id, extension: DocumentBookmarkStore.historyExtension)
    for device in [a, b] {
      let settled = await eventually(within: .seconds(15)) {
        await device.sync()
        return (try? device.container.versions(of: historyFile).conflicts.isEmpty) == true
      }
      XCTAssertTrue(settled, "the history documents are still in conflict")
      let conflicts = await device.snapshot()?.status.conflicts
      XCTAssertEqual(conflicts, 1)
    }

    try await a.resolveConflict(
      of: added.id, .keep(versionID: versions.first { $0.bookmark.name == "From desk" }!.id), seen: versions.map(\.id))
    await a.sync()
    await b.sync()
    let resolved = try await b.history(of: added.id)
    let last = try XCTUnwrap(resolved.versions.last)
    XCTAssertEqual(last.note, "conflict resolved")
    XCTAssertEqual(last.bookmark.name, "From desk")
    let edits = resolved.versions.filter { $0.bookmark.name.hasPrefix("From") && $0.note == nil }
    XCTAssertEqual(Set(last.parents), Set(edits.map(\.id)), "the resolve is made from both edits")
    XCTAssertEqual(resolved.heads.map(\.id), [last.id])
  }

  /// The history's conflict is settled in the background; waits for it.
  private func eventuallyHistory(
    of id: Bookmark.ID, at store: DocumentBookmarkStore, _ condition: @escaping (BookmarkHistory) -> Bool
  ) async -> BookmarkHistory? {
    var found: BookmarkHistory?
    _ = await eventually(within: .seconds(15)) {
      await store.sync()
      found = try? await store.history(of: id)
      return found.map(condition) ?? false
    }
    return found
  }

  func testTheHistoryIsBoundedAndTheCurrentVersionIsAlwaysIn() async throws {
    let clock = TestClock(start: Date(timeIntervalSince1970: 1_800_000_000))
    let a = try store("laptop", nil, history: HistoryRules(versions: 3, days: 10), now: clock.now)
    let added = try await a.add(draft("v0"))
    for step in 1...5 {
      clock.advance(by: 60)
      _ = try await a.update(id: added.id, with: draft("v\(step)"))
    }
    let history = try await a.history(of: added.id)
    XCTAssertEqual(history.versions.map(\.bookmark.name), ["v3", "v4", "v5"])
    // Eleven days later, one more edit: what is older than ten days goes.
    clock.advance(by: 11 * 24 * 3600)
    _ = try await a.update(id: added.id, with: draft("v6"))
    let later = try await a.history(of: added.id)
    XCTAssertEqual(later.versions.map(\.bookmark.name), ["v6"])
    XCTAssertEqual(later.versions.first?.parents, [history.versions.last!.id], "its parent is named though gone")
  }

  /// Found by the model (seed 190003): versions older than the rules keep were still listed,
  /// and could be reverted to, as long as nothing was saved since they aged out.
  func testVersionsThatAgedOutAreNotListedBeforeTheNextSave() async throws {
    let clock = TestClock(start: Date(timeIntervalSince1970: 1_800_000_000))
    let a = try store("laptop", nil, history: HistoryRules(versions: 3, days: 10), now: clock.now)
    let added = try await a.add(draft("v0"))
    clock.advance(by: 60)
    _ = try await a.update(id: added.id, with: draft("v1"))
    let fresh = try await a.history(of: added.id)
    XCTAssertEqual(fresh.versions.map(\.bookmark.name), ["v0", "v1"])
    clock.advance(by: 11 * 24 * 3600)
    let aged = try await a.history(of: added.id)
    XCTAssertEqual(aged.versions.map(\.bookmark.name), ["v1"], "v0 is older than ten days")
    do {
      _ = try await a.revert(id: added.id, to: fresh.versions[0].id)
      XCTFail("a revert to a version the rules no longer keep went through")
    } catch let error as StoreError {
      XCTAssertEqual(error, .noSuchVersion(fresh.versions[0].id))
    }
  }

  func testABookmarkNeverEditedHasItsOneVersion() async throws {
    let a = try store("laptop", nil)
    let added = try await a.add(draft("Only"))
    let history = try await a.history(of: added.id)
    XCTAssertEqual(history.versions.map(\.bookmark.name), ["Only"])
    XCTAssertEqual(history.versions.first?.device, "laptop")
    let files = try FileManager.default.contentsOfDirectory(atPath: a.container.documentsDirectory)
    XCTAssertEqual(files.filter { $0.hasSuffix(".history") }, [], "an add writes no history document")
  }

  func testTheHistoryOfABookmarkDeletedElsewhereSaysWhereItIsAndComesBackWithIt() async throws {
    guard let cloud = try clouds(.sqlite) else { return }
    let a = try store("laptop", cloud)
    let b = try store("desk", cloud)
    let added = try await a.add(draft("Gone"))
    _ = try await a.update(id: added.id, with: draft("Gone soon"))
    await a.sync()
    await b.sync()
    try await b.delete(id: added.id)
    await b.sync()
    await a.sync()
    do {
      _ = try await a.history(of: added.id)
      XCTFail("a history was listed")
    } catch {
      XCTAssertEqual(
        "\(error)",
        "“Gone soon” was deleted on desk; restore it from Recently Deleted (D, or `cloudy trash restore`) and its"
          + " history comes back with it.")
    }
    _ = try await a.restoreDeleted([added.id])
    let back = try await a.history(of: added.id)
    XCTAssertEqual(back.versions.map(\.bookmark.name), ["Gone", "Gone soon"])
    // Deleted for good: the history goes with it.
    try await a.delete(id: added.id)
    _ = try await a.removeDeleted([added.id])
    let files = try FileManager.default.contentsOfDirectory(atPath: a.container.documentsDirectory)
    XCTAssertEqual(files.filter { $0.hasSuffix(".history") }, [])
  }

  func testARevertToAVersionWhoseFolderIsGoneMakesTheFolderAgain() async throws {
    let a = try store("laptop", nil)
    let added = try await a.add(BookmarkDraft(name: "Filed", url: "https://swift.org", folder: ["Work", "Swift"]))
    let history = try await a.history(of: added.id)
    _ = try await a.update(id: added.id, with: BookmarkDraft(name: "Filed", url: "https://swift.org", folder: []))
    try await a.changeFolder(.delete(["Work", "Swift"]))
    let folders = await a.snapshot()?.folders ?? []
    XCTAssertFalse(folders.contains(["Work", "Swift"]))
    let reverted = try await a.revert(id: added.id, to: history.versions[0].id)
    XCTAssertTrue(reverted.madeFolder)
    XCTAssertEqual(reverted.bookmark.folder, ["Work", "Swift"])
    let listed = try await a.load()
    XCTAssertEqual(listed.first?.folder, ["Work", "Swift"])
  }

  func testARevertToTheVersionItIsOrToNoneChangesNothingAndSaysSo() async throws {
    let a = try store("laptop", nil)
    let added = try await a.add(draft("Same"))
    let history = try await a.history(of: added.id)
    do {
      _ = try await a.revert(id: added.id, to: history.versions[0].id)
      XCTFail("reverted to itself")
    } catch {
      XCTAssertEqual(
        "\(error)", "“Same” is already as version \(history.versions[0].shortID) has it; nothing was changed.")
    }
    do {
      _ = try await a.revert(id: added.id, to: "zzzzzz")
      XCTFail("reverted to nothing")
    } catch {
      XCTAssertEqual("\(error)", "This bookmark has no version zzzzzz; `cloudy history` lists the ones it has.")
    }
    let after = try await a.history(of: added.id)
    XCTAssertEqual(after.versions.count, 1)
  }

  /// A history document that can't be read (damaged in the cloud, or from a newer Cloudy) is
  /// counted and kept as it is: an edit still saves the bookmark, and leaves it alone.
  func testADamagedHistoryIsCountedKeptAndTheBookmarkStillSaves() async throws {
    let a = try store("laptop", nil)
    let added = try await a.add(draft("Kept"))
    _ = try await a.update(id: added.id, with: draft("Kept too"))
    let file = DocumentContainer.fileName(for: added.id, extension: DocumentBookmarkStore.historyExtension)
    let newer = Data("{\"cloudy-history\": 2, \"bookmark\": \"\(added.id)\", \"graph\": []}".utf8)
    try a.container.save(file, contents: newer, for: .forOverwriting)
    _ = try await a.update(id: added.id, with: draft("Kept three"))
    let listed = try await a.load()
    XCTAssertEqual(listed.map(\.name), ["Kept three"])
    XCTAssertEqual(try a.container.entry(file)?.contents, newer, "the history it can't read is kept as it is")
    do {
      _ = try await a.history(of: added.id)
    } catch {
      XCTFail("\(error)")
    }
    let garbage = Data("not a history".utf8)
    try a.container.save(file, contents: garbage, for: .forOverwriting)
    await a.sync()
    let problem = await a.snapshot()?.status.problem
    XCTAssertEqual(problem, "1 document could not be read; it is kept as it is.")
  }

  /// Two devices keeping different amounts of history unite one conflict into the same
  /// document (the union is theirs, not either device's rules), so it settles and stays
  /// settled rather than conflicting again on every sync.
  func testDevicesWithDifferentRulesSettleOnOneHistory() async throws {
    guard let cloud = try clouds(.sqlite) else { return }
    let a = try store("laptop", cloud, history: HistoryRules(versions: 50))
    let added = try await a.add(draft("v0"))
    for step in 1...4 { _ = try await a.update(id: added.id, with: draft("v\(step)")) }
    await a.sync()
    let b = try store("desk", cloud, history: HistoryRules(versions: 2))
    await b.sync()
    _ = try await b.update(id: added.id, with: draft("From desk"))
    _ = try await a.update(id: added.id, with: draft("From laptop"))
    await b.sync()
    await a.sync()
    let file = DocumentContainer.fileName(for: added.id, extension: DocumentBookmarkStore.historyExtension)
    let settled = await eventually(within: .seconds(15)) {
      await a.sync()
      await b.sync()
      let onA = try? a.container.versions(of: file)
      let onB = try? b.container.versions(of: file)
      return onA?.conflicts.isEmpty == true && onB?.conflicts.isEmpty == true
        && onA?.current.contents == onB?.current.contents
    }
    XCTAssertTrue(settled, "the history documents never settled on one")
    // And it stays settled: a few more rounds change nothing.
    let before = try a.container.versions(of: file).current.id
    for _ in 0..<3 {
      await a.sync()
      await b.sync()
    }
    XCTAssertEqual(try a.container.versions(of: file).current.id, before)
    XCTAssertEqual(try b.container.versions(of: file).conflicts, [])
  }

  /// The other stores keep no history: they are not versioned stores, and the screen's
  /// effect runner says so in one sentence.
  func testStoresWithoutVersionsSaySo() async throws {
    let defaults = UserDefaultsStore(path: home.path + "/cloudy.plist")
    let added = try await defaults.add(draft("Local"))
    XCTAssertNil(defaults.versioned)
    XCTAssertNil(defaults.synced)
    guard
      case .history(.historyLoaded(_, .failure(let error))) = await StoreEffects.perform(
        .loadHistory(added.id), on: defaults)
    else { return XCTFail("user defaults listed a history") }
    XCTAssertEqual(
      error.text,
      "The user-defaults store keeps no history of its bookmarks; the documents store does (`cloudy migrate --to"
        + " documents` moves them there).")
  }
}

/// A clock a test moves by hand.
private final class TestClock: Sendable {
  private let time: Mutex<Date>

  init(start: Date) { time = Mutex(start) }

  var now: @Sendable () -> Date { { [self] in time.withLock { $0 } } }

  func advance(by seconds: TimeInterval) {
    time.withLock { $0 = $0.addingTimeInterval(seconds) }
  }
}
