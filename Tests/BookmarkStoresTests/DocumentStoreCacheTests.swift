import BookmarkModel
import BookmarkStoreInterface
import DocumentContainer
import Foundation
import Synchronization
import TestSupport
import XCTest

@testable import DocumentBookmarks

/// The document store's cache of its gathering (`gathered.cache`): read only for the index
/// it was made from, and always brought up to date with what the index changed since; the
/// index stays the truth.
final class DocumentStoreCacheTests: XCTestCase {
  private var home: TemporaryFolder!
  private var folder: String { home.path + "/a/documents" }
  private var cachePath: String { folder + "/" + GatheredDocumentsCache.fileName }

  override func setUpWithError() throws {
    home = try TemporaryFolder()
  }

  override func tearDown() {
    home.remove()
  }

  /// Another session of device "a" (offline): its own container on the same folder and index.
  private func open(catchUpPage: Int = DocumentBookmarkStore.catchUpPage, watching: Bool = true)
    -> DocumentBookmarkStore
  {
    DocumentBookmarkStore(
      container: BookmarkStoreImplementation.documentContainer(root: home.path, device: "a", online: false),
      watching: watching, catchUpPage: catchUpPage)
  }

  private func close(_ store: DocumentBookmarkStore) async {
    await store.container.close()
  }

  private func identity() throws -> String {
    let store = open()
    defer { store.container.index.close() }
    return try XCTUnwrap(store.container.index.identity)
  }

  /// Three bookmarks, one of them in a folder renamed since (its document still carries the
  /// old path: the record places it), written by one session that then closes.
  private func storeThree() async throws -> [Bookmark] {
    let store = open()
    _ = try await store.add(BookmarkDraft(name: "Apple", url: "https://www.apple.com"))
    _ = try await store.add(BookmarkDraft(name: "東京 🚀", url: "https://東京.jp/?q=1", folder: ["Travel"]))
    _ = try await store.add(BookmarkDraft(name: "Swift", url: "https://swift.org"))
    try await store.changeFolder(.rename(["Travel"], to: "Trips"))
    let stored = try await store.load()
    XCTAssertEqual(stored.map(\.folder), [[], ["Trips"], []])
    await close(store)
    return stored
  }

  /// Enough bookmarks for an import that is worth a cache of its own.
  private static let many = (0..<DocumentBookmarkStore.changesWorthACache).map { index in
    Bookmark(
      id: "import-\(index)", name: "Imported \(index)", url: "https://\(index).example",
      created: Date(timeIntervalSince1970: 1), modified: Date(timeIntervalSince1970: 1))
  }

  /// Opens with no cache, so the store gathers the whole index and writes the cache (a
  /// store that finds one applies a few changes since and leaves it).
  private func gatherAfresh() async {
    unlink(cachePath)
    await close(open())
  }

  /// ``gatherAfresh()``, then the index's identity and the cache it wrote.
  private func freshCache() async throws -> (identity: String, cache: GatheredDocumentsCache.Contents) {
    await gatherAfresh()
    let identity = try identity()
    return (identity, try XCTUnwrap(GatheredDocumentsCache.read(cachePath, identity: identity)))
  }

  /// Rewrites the cache with the name of the bookmark `id` changed to `name`, keeping its
  /// stamp and generation: a store shows that name only if it really read the cache.
  private func forge(_ id: Bookmark.ID, name: String, generation: Int64? = nil) throws {
    let identity = try identity()
    var cached = try XCTUnwrap(GatheredDocumentsCache.read(cachePath, identity: identity))
    let index = try XCTUnwrap(cached.bookmarks.firstIndex { $0.id == id })
    cached.bookmarks[index].name = name
    if let generation { cached.generation = generation }
    GatheredDocumentsCache.write(cached, identity: identity, to: cachePath)
  }

  // MARK: - Written and read

  func testOpeningLeavesAPrivateCacheThatTheNextOpenReads() async throws {
    let stored = try await storeThree()
    var info = stat()
    XCTAssertEqual(stat(cachePath, &info), 0, "the first open, of an empty container, made a cache")
    let first = try XCTUnwrap(GatheredDocumentsCache.read(cachePath, identity: try identity()))
    XCTAssertEqual(first.documents.count, 0)
    // A few changes since are applied on opening, and the cache left as it is.
    let resuming = open()
    let resumed = try await resuming.load()
    await close(resuming)
    XCTAssertEqual(resumed, stored)
    XCTAssertEqual(GatheredDocumentsCache.read(cachePath, identity: try identity())?.documents.count, 0)

    await gatherAfresh()
    info = stat()
    XCTAssertEqual(stat(cachePath, &info), 0, "the cache exists after a gathering")
    XCTAssertEqual(info.st_mode & 0o777, 0o600)

    let reopened = open()
    let loaded = try await reopened.load()
    await close(reopened)
    XCTAssertEqual(loaded, stored, "the same bookmarks, folders resolved, in the same order")

    try forge(stored[0].id, name: "From the cache")
    let forged = open()
    let names = try await forged.load().map(\.name)
    await close(forged)
    XCTAssertEqual(names, ["From the cache", "東京 🚀", "Swift"], "an unchanged index is read from the cache")
  }

  /// Recently Deleted comes with the first snapshot. A store opened from the cache answers it
  /// from the cache's list, without making its dictionaries first (100,000 bookmarks: a
  /// quarter of a second before the first frame), and still leaves out a copy whose bookmark
  /// is listed again.
  func testRecentlyDeletedFromTheCacheNeedsNoDictionaries() async throws {
    let writer = open()
    _ = try await writer.add(BookmarkDraft(name: "Apple", url: "https://www.apple.com"))
    let blog = try await writer.add(BookmarkDraft(name: "Blog", url: "https://blog.example"))
    let cafe = try await writer.add(BookmarkDraft(name: "Cafe", url: "https://cafe.example"))
    try await writer.delete(id: blog.id)
    try await writer.delete(id: cafe.id)
    // The blog comes back under its own id (an import of an export): listed, and its copy
    // is still in Recently Deleted.
    try await writer.importBookmarks([blog], folders: [])
    await close(writer)
    await gatherAfresh()

    let store = open()
    let deleted = try await store.recentlyDeleted()
    XCTAssertEqual(deleted.map(\.bookmark.name), ["Cafe"], "the listed blog's copy is left out")
    XCTAssertTrue(store.state.withLock { $0.unindexed != nil }, "the dictionaries were made to answer it")
    let listed = try await store.load()
    XCTAssertEqual(listed.map(\.name).sorted(), ["Apple", "Blog"])
    await close(store)
  }

  /// The dictionaries made after opening from the cache wait while the person types, between
  /// pieces; an edit meanwhile does not wait for them (it makes them itself), and what the
  /// waiting work made by then is not put over the edit's.
  func testTheDictionariesWaitWhileKeysComeAndAnEditMeanwhileMakesThemItself() async throws {
    let stored = try await storeThree()
    await gatherAfresh()
    let store = open()
    XCTAssertTrue(store.state.withLock { $0.unindexed != nil }, "opened from the cache")
    let paused = DispatchSemaphore(value: 0)
    let resume = DispatchSemaphore(value: 0)
    let clock = Mutex<UInt64>(10)
    let typing = InputActivity(
      quietNanoseconds: 100, now: { clock.withLock { $0 } },
      pause: { _ in
        paused.signal()
        resume.wait()
        clock.withLock { $0 += 1_000 }
      })
    typing.noteInput()
    let finished = DispatchSemaphore(value: 0)
    Thread {
      store.makeIndexOutsideTheLock(input: typing, piece: 1)
      finished.signal()
    }.start()
    XCTAssertEqual(paused.wait(timeout: .now() + 30), .success, "the work waited for a pause in the typing")
    XCTAssertTrue(store.state.withLock { $0.unindexed != nil }, "nothing put in while it waits")

    _ = try await store.update(id: stored[2].id, with: BookmarkDraft(name: "Swift.org", url: "https://swift.org"))
    resume.signal()
    XCTAssertEqual(finished.wait(timeout: .now() + 30), .success)
    let edited = try await store.load()
    XCTAssertEqual(edited.map(\.name), ["Apple", "東京 🚀", "Swift.org"])
    XCTAssertEqual(store.state.withLock { $0.fileByID.count }, 3)
    _ = try await store.update(id: stored[0].id, with: BookmarkDraft(name: "Apple Inc.", url: "https://www.apple.com"))
    let editedAgain = try await store.load()
    XCTAssertEqual(editedAgain.map(\.name), ["Apple Inc.", "東京 🚀", "Swift.org"])
    await close(store)
  }

  /// A push changes no row's generation (what the cloud holds is this device's bookkeeping):
  /// the cache an import leaves still holds everything after the sync that pushes it, so no
  /// later open reads the rows again. An open that finds a cache far behind the index (one
  /// from before the import) writes it again.
  func testAPushLeavesTheCacheUpToDateAndAnOpenFarBehindWritesItAgain() async throws {
    let empty = open()
    let identity = try XCTUnwrap(empty.container.index.identity)
    await close(empty)
    let beforeImport = try Data(contentsOf: URL(fileURLWithPath: cachePath))
    // Imported offline, so the push comes after the import's own catch-up.
    let importer = open()
    try await importer.importBookmarks(Self.many)
    await close(importer)
    let imported = try XCTUnwrap(GatheredDocumentsCache.read(cachePath, identity: identity)).generation

    let store = DocumentBookmarkStore(
      container: BookmarkStoreImplementation.documentContainer(root: home.path, device: "a", online: true))
    let status = await store.sync()
    XCTAssertEqual(status?.pending, 0, "everything was pushed")
    await close(store)
    XCTAssertEqual(try rowsChanged(after: imported), 0, "the push changed no row's generation")
    XCTAssertEqual(
      try XCTUnwrap(GatheredDocumentsCache.read(cachePath, identity: identity)).generation, imported,
      "the cache holds the push")

    try beforeImport.write(to: URL(fileURLWithPath: cachePath))
    let reopened = open()
    let loaded = try await reopened.load()
    await close(reopened)
    XCTAssertEqual(loaded.count, Self.many.count)
    let rewritten = try XCTUnwrap(GatheredDocumentsCache.read(cachePath, identity: identity)).generation
    XCTAssertGreaterThanOrEqual(rewritten, imported, "the open that read the import's rows wrote the cache again")
  }

  /// How many rows of the index changed after `generation`: what an open resuming from a
  /// cache of that generation reads.
  private func rowsChanged(after generation: Int64) throws -> Int {
    let store = open()
    defer { store.container.index.close() }
    return try store.container.index.read { try $0.entries(changedAfter: generation).count }
  }

  // MARK: - Always brought up to date

  func testChangesAnotherSessionMadeSinceTheCacheAreApplied() async throws {
    let stored = try await storeThree()
    await gatherAfresh()
    try forge(stored[0].id, name: "From the cache")

    // Another session adds one, renames one, deletes one and moves one to a new folder.
    let other = open()
    let added = try await other.add(BookmarkDraft(name: "New", url: "https://new.example"))
    _ = try await other.update(id: stored[2].id, with: BookmarkDraft(name: "Swift.org", url: "https://swift.org"))
    try await other.delete(id: stored[1].id)
    try await other.changeFolder(.create(["Empty"]))
    await close(other)

    let reopened = open()
    let loaded = try await reopened.load()
    let folders = await reopened.snapshot()?.folders
    await close(reopened)
    XCTAssertEqual(loaded.map(\.name), ["From the cache", "Swift.org", "New"])
    XCTAssertEqual(loaded.last?.id, added.id)
    XCTAssertEqual(Set(folders ?? []), [["Trips"], ["Empty"]], "the new folder is there too")
  }

  func testOpeningAfterManyChangesRewritesTheCache() async throws {
    _ = try await storeThree()
    let (identity, before) = try await freshCache()
    let other = open()
    _ = try await other.add(BookmarkDraft(name: "One more", url: "https://one.example"))
    await close(other)
    XCTAssertEqual(
      GatheredDocumentsCache.read(cachePath, identity: identity)?.generation, before.generation,
      "a few changes of a session leave the cache alone")
    // Another session imports many while this one is closed.
    let importer = open()
    try await importer.importBookmarks(Self.many)
    await close(importer)
    // As if the importer had written no cache (an older Cloudy, or one killed first).
    GatheredDocumentsCache.write(before, identity: identity, to: cachePath)

    let reopened = open()
    let count = try await reopened.load().count
    await close(reopened)
    XCTAssertEqual(count, 4 + Self.many.count)
    let after = try XCTUnwrap(GatheredDocumentsCache.read(cachePath, identity: identity))
    XCTAssertGreaterThan(after.generation, before.generation, "caught up and written again")
    XCTAssertEqual(after.documents.count, 4 + Self.many.count)
  }

  /// Also when the catch-up reads the import's rows a page at a time (pages of 4,096 rows at
  /// 100,000; here of 7 and 1,000): the list and the cache hold every bookmark, in order, and
  /// another session that catches up by pages lists the same. Neither watches (as commands
  /// don't): only their catch-ups take the import in.
  func testALargeImportLeavesTheCacheCaughtUp() async throws {
    for page in [DocumentBookmarkStore.catchUpPage, 7, Self.many.count] {
      home.remove()
      home = try TemporaryFolder()
      _ = try await storeThree()
      let (identity, before) = try await freshCache()
      let other = open(catchUpPage: 3, watching: false)
      let seen = try await other.load()
      let importer = open(catchUpPage: page, watching: false)
      try await importer.importBookmarks(Self.many)
      let listed = try await importer.load()
      await close(importer)
      let after = try XCTUnwrap(GatheredDocumentsCache.read(cachePath, identity: identity))
      XCTAssertGreaterThan(after.generation, before.generation, "pages of \(page)")
      XCTAssertEqual(
        after.bookmarks.map(\.id), listed.map(\.id), "pages of \(page): the import's bookmarks, in the list's order")
      XCTAssertEqual(listed.count, seen.count + Self.many.count, "pages of \(page)")
      let caughtUp = try await other.load()
      XCTAssertEqual(caughtUp, listed, "pages of \(page): another session caught up by pages of 3")
      await close(other)
    }
  }

  // MARK: - Never trusted for another index, or when damaged

  func testACacheOfARebuiltIndexOrANewerGenerationIsIgnored() async throws {
    let stored = try await storeThree()
    await gatherAfresh()
    // A generation the index never reached: not a cache of this index's history.
    try forge(stored[0].id, name: "From the cache", generation: 1_000_000)
    let ahead = open()
    let names = try await ahead.load().map(\.name)
    await close(ahead)
    XCTAssertEqual(names, stored.map(\.name))

    // The index deleted and rebuilt from the documents: another identity.
    await gatherAfresh()
    let oldIdentity = try identity()
    try forge(stored[0].id, name: "From the cache")
    for suffix in ["", "-wal", "-shm"] { unlink(folder + "/index.sqlite" + suffix) }
    XCTAssertNotEqual(try identity(), oldIdentity)
    let rebuilt = open()
    let rebuiltNames = try await rebuilt.load().map(\.name).sorted()
    await close(rebuilt)
    XCTAssertEqual(rebuiltNames, stored.map(\.name).sorted())
  }

  func testADamagedCacheIsIgnoredAndRewritten() async throws {
    let stored = try await storeThree()
    await gatherAfresh()
    try forge(stored[0].id, name: "From the cache")
    let good = try Data(contentsOf: URL(fileURLWithPath: cachePath))
    let nameOffset = try XCTUnwrap(good.range(of: Data("From the cache".utf8))).lowerBound
    var flipped = good
    flipped[nameOffset] ^= 0x01  // still valid UTF-8, caught by the checksum
    for damaged in [flipped, good.prefix(good.count - 1), good.prefix(12), Data(), good + Data([0])] {
      try damaged.write(to: URL(fileURLWithPath: cachePath))
      let store = open()
      let loaded = try await store.load()
      await close(store)
      XCTAssertEqual(loaded, stored, "a damaged cache (\(damaged.count) bytes) is not read")
      let rewritten = try XCTUnwrap(GatheredDocumentsCache.read(cachePath, identity: try identity()))
      XCTAssertEqual(rewritten.bookmarks.map(\.name), ["Apple", "東京 🚀", "Swift"])
    }
  }

  /// The documents' part is checked whole when the cache is read and decoded when first
  /// asked for; which are in conflict is known at once.
  func testTheDocumentsAreCheckedOnReadingAndGivenBackWhole() throws {
    let bookmarks = (0..<2).map { index in
      Bookmark(
        id: "b\(index)", name: "n\(index)", url: "https://\(index).example", created: Date(timeIntervalSince1970: 1),
        modified: Date(timeIntervalSince1970: 2))
    }
    func document(_ file: String?, conflicts: Int) -> GatheredDocumentsCache.Document {
      GatheredDocumentsCache.Document(
        file: file, version: MetadataQuery.Version(id: "V-\(file ?? "usual")", conflictVersions: conflicts),
        generation: 7, order: 3)
    }
    let documents = [
      document(nil, conflicts: 0), document("odd name.bookmark", conflicts: 2), document("x.bookmark", conflicts: 1),
    ]
    func written(_ documents: [GatheredDocumentsCache.Document]) -> GatheredDocumentsCache.Contents? {
      GatheredDocumentsCache.write(
        GatheredDocumentsCache.Contents(generation: 9, bookmarks: bookmarks, documents: .init(documents), folders: []),
        identity: "same", to: cachePath)
      return GatheredDocumentsCache.read(cachePath, identity: "same")
    }
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let read = try XCTUnwrap(written(documents))
    XCTAssertEqual(read.documents.count, 3)
    XCTAssertEqual(read.documents.conflicted, [1, 2])
    XCTAssertEqual(read.documents.all.map(\.file), documents.map(\.file))
    XCTAssertEqual(read.documents.all.map(\.version), documents.map(\.version))
    XCTAssertEqual(read.file(of: read.documents.all[0], at: 0), "b0.bookmark")
    // A document past the readable bookmarks has no bookmark to name it: it must name itself.
    XCTAssertNil(written([documents[0], documents[1], document(nil, conflicts: 0)]))
    // Fewer documents than readable bookmarks.
    XCTAssertNil(written([documents[0]]))
  }

  func testWritingTheCacheRemovesTemporariesLeftByKilledWriters() async throws {
    _ = try await storeThree()
    let leftover = cachePath + ".tmp-99999-1"
    try Data("half a cache".utf8).write(to: URL(fileURLWithPath: leftover))
    await gatherAfresh()
    XCTAssertFalse(FileManager.default.fileExists(atPath: leftover))
    XCTAssertNotNil(GatheredDocumentsCache.read(cachePath, identity: try identity()))
  }

  /// A folder in conflict is settled when the list opens from the cache, as a gathering
  /// settles it: a cache written before the settle ran (a command that exited first) would
  /// otherwise keep the conflict on this device until the folder changed again.
  func testAFolderConflictInTheCacheIsSettledOnOpening() async throws {
    func device(_ name: String, online: Bool) -> DocumentBookmarkStore {
      DocumentBookmarkStore(
        container: BookmarkStoreImplementation.documentContainer(root: home.path, device: name, online: online))
    }
    let first = device("a", online: true)
    try await first.changeFolder(.create(["Folder"]))
    await first.sync()
    await close(first)
    let b = device("b", online: true)
    await b.sync()
    await close(b)
    for (name, newName) in [("a", "From A"), ("b", "From B")] {
      let offline = device(name, online: false)
      try await offline.changeFolder(.rename(["Folder"], to: newName))
      await close(offline)
    }
    let pushing = device("b", online: true)
    await pushing.sync()
    await close(pushing)
    // A's index fetches the conflict with no store open to settle it.
    let fetching = BookmarkStoreImplementation.documentContainer(root: home.path, device: "a")
    fetching.start()
    await fetching.syncNow()
    let folder = try XCTUnwrap(
      try fetching.index.read { try $0.allEntries() }.first { $0.file.hasSuffix(".folder") && !$0.removed })
    XCTAssertEqual(folder.conflicts.count, 1, "the two renames are in conflict on A")
    let generation = try fetching.index.read { try $0.generation() }
    let identity = try XCTUnwrap(fetching.index.identity)
    await fetching.close()
    // A cache that holds the conflicted folder and everything up to now.
    GatheredDocumentsCache.write(
      GatheredDocumentsCache.Contents(
        generation: generation, bookmarks: [], documents: .init([]),
        folders: [
          GatheredDocumentsCache.FolderDocument(
            file: folder.file, version: MetadataQuery.Version(id: folder.versionID, conflictVersions: 1),
            generation: folder.generation, contents: folder.contents)
        ]), identity: identity, to: cachePath)

    let opened = open()
    let container = opened.container
    let file = folder.file
    // The settle is a commit of this process: each one is looked at (the first may have come
    // before the wait began, so the entry is checked once first).
    let resolved = await withTimeout(.seconds(5)) { () -> Bool? in
      let commits = container.commitNotifications()
      let isSettled = { (try? container.entry(file))??.conflicts.isEmpty == true }
      if isSettled() { return true }
      for await _ in commits where isSettled() { return true }
      return nil
    }
    await close(opened)
    XCTAssertEqual(resolved, true, "the folder's conflict is settled")
  }
}
