import BookmarkModel
import BookmarkStoreInterface
import DocumentBookmarks
import Foundation
import KeyValueBookmarks
import TestSupport
import XCTest

/// Folders as things of their own (issue 18.1), in every store: made empty, renamed, moved
/// and deleted as one change, seen by another device or session and by a new instance;
/// bad changes refused with nothing changed; and, in the stores that sync, two devices
/// changing the tree at once lose no bookmark.
final class BookmarkStoreFolderContractTests: XCTestCase {
  private var home: TemporaryFolder!

  override func setUpWithError() throws {
    home = try TemporaryFolder()
  }

  override func tearDown() {
    home.remove()
  }

  private func folders(_ store: any BookmarkStore) async throws -> [String: [String]] {
    Dictionary(uniqueKeysWithValues: try await store.load().map { ($0.name, $0.folder) })
  }

  func testFoldersAreMadeRenamedMovedAndDeleted() async throws {
    for implementation in BookmarkStoreImplementation.all {
      let name = implementation.name
      let root = home.path + "/" + implementation.backend + "-\(UUID().uuidString.prefix(4))"
      let store = implementation.make(root, "a")
      for (title, folder) in [("a", ["Toolbar", "Dev"]), ("b", ["Toolbar", "Dev", "Deep"]), ("c", ["Toolbar"])] {
        _ = try await store.add(BookmarkDraft(name: title, url: "https://\(title).example", folder: folder))
      }
      let added = try await store.load()

      try await store.changeFolder(.create(["Reading", "Later"]))
      var snapshot = await store.snapshot()
      XCTAssertTrue(snapshot?.folders.contains(["Reading", "Later"]) == true, "\(name): \(snapshot?.folders ?? [])")

      try await store.changeFolder(.rename(["Toolbar", "Dev"], to: "Code"))
      var paths = try await folders(store)
      XCTAssertEqual(paths["a"], ["Toolbar", "Code"], name)
      XCTAssertEqual(paths["b"], ["Toolbar", "Code", "Deep"], name)
      XCTAssertEqual(paths["c"], ["Toolbar"], name)

      try await store.changeFolder(.move(["Toolbar", "Code"], into: ["Reading"]))
      paths = try await folders(store)
      XCTAssertEqual(paths["a"], ["Reading", "Code"], name)
      XCTAssertEqual(paths["b"], ["Reading", "Code", "Deep"], name)

      // What a deleted folder held goes up one level.
      try await store.changeFolder(.delete(["Reading", "Code"]))
      paths = try await folders(store)
      XCTAssertEqual(paths["a"], ["Reading"], name)
      XCTAssertEqual(paths["b"], ["Reading", "Deep"], name)
      XCTAssertEqual(paths["c"], ["Toolbar"], name)

      // The bookmarks themselves were not changed: same ids, names, dates.
      let now = try await store.load()
      XCTAssertEqual(now.map(\.id), added.map(\.id), name)
      XCTAssertEqual(now.map(\.modified), added.map(\.modified), name)

      await store.sync()
      for other in [implementation.make(root, "b"), implementation.make(root, "a")] {
        await other.sync()
        let seen = try await folders(other)
        XCTAssertEqual(seen, paths, "\(name): another device, or a new instance")
        snapshot = await other.snapshot()
        let kept = snapshot?.folders ?? []
        XCTAssertTrue(kept.contains(["Reading", "Later"]), "\(name): the empty folder \(kept)")
        XCTAssertFalse(kept.contains(["Reading", "Code"]), "\(name): \(kept)")
      }
    }
  }

  func testBadChangesAreRefusedAndChangeNothing() async throws {
    for implementation in BookmarkStoreImplementation.all {
      let name = implementation.name
      let root = home.path + "/" + implementation.backend + "-\(UUID().uuidString.prefix(4))"
      let store = implementation.make(root, "a")
      _ = try await store.add(BookmarkDraft(name: "a", url: "https://a.example", folder: ["Toolbar", "Dev"]))
      _ = try await store.add(BookmarkDraft(name: "b", url: "https://b.example", folder: ["Toolbar", "Ops"]))
      let before = try await store.load()
      let foldersBefore = await store.snapshot()?.folders
      let refused: [(FolderChange, FolderProblem)] = [
        (.rename(["Toolbar", "Dev"], to: "Ops"), .exists(["Toolbar", "Ops"])),
        (.rename(["Toolbar", "Dev"], to: "A/B"), .slashInName),
        (.rename(["Toolbar", "Dev"], to: ""), .noName),
        (.rename(["Nowhere"], to: "X"), .notFound(["Nowhere"])),
        (.move(["Toolbar"], into: ["Toolbar", "Dev"]), .intoItself),
        (.move(["Toolbar"], into: ["Toolbar"]), .intoItself),
        (.create(["Toolbar", "Dev"]), .exists(["Toolbar", "Dev"])),
        (.create(["Bad\u{1B}[31m"]), .name(.folderNameInvisible)),
        (.delete(["Nowhere"]), .notFound(["Nowhere"])),
      ]
      for (change, problem) in refused {
        do {
          try await store.changeFolder(change)
          XCTFail("\(name): \(change) was made")
        } catch StoreError.folder(let refusal) {
          XCTAssertEqual(refusal, problem, "\(name): \(change)")
        }
      }
      let after = try await store.load()
      XCTAssertEqual(after, before, name)
      let foldersAfter = await store.snapshot()?.folders
      XCTAssertEqual(foldersAfter, foldersBefore, "\(name): no folder was made on the way")
    }
  }

  /// Sibling folders keep the order they were made in, each before its subfolders; a moved
  /// folder comes last among its new siblings.
  func testFoldersKeepTheOrderTheyWereMadeIn() async throws {
    for implementation in BookmarkStoreImplementation.all {
      let root = home.path + "/" + implementation.backend + "-\(UUID().uuidString.prefix(4))"
      let store = implementation.make(root, "a")
      for path in [["Zeta"], ["Alpha"], ["Mid", "Inner"]] { try await store.changeFolder(.create(path)) }
      var kept = await store.snapshot()?.folders
      XCTAssertEqual(kept, [["Zeta"], ["Alpha"], ["Mid"], ["Mid", "Inner"]], implementation.name)
      try await store.changeFolder(.move(["Mid", "Inner"], into: []))
      kept = await store.snapshot()?.folders
      XCTAssertEqual(kept, [["Zeta"], ["Alpha"], ["Mid"], ["Inner"]], implementation.name)
    }
  }

  /// Issue 36.17: an import brings a file's empty folders in the same write as its bookmarks,
  /// and one the store has already is left as it is; a new instance sees them.
  func testAnImportMakesEmptyFolders() async throws {
    for implementation in BookmarkStoreImplementation.all {
      let root = home.path + "/" + implementation.backend + "-\(UUID().uuidString.prefix(4))"
      let store = implementation.make(root, "a")
      try await store.changeFolder(.create(["Old"]))
      let now = Date(timeIntervalSince1970: 1_790_000_000)
      let bookmark = Bookmark(
        id: "i1", name: "In", url: "https://in.example", created: now, modified: now, folder: ["Read"])
      try await store.importBookmarks([bookmark], folders: [["Old"], ["Projects"], ["Projects", "Someday"]])
      let kept = await store.snapshot()?.folders
      XCTAssertEqual(kept, [["Old"], ["Read"], ["Projects"], ["Projects", "Someday"]], implementation.name)
      try await store.importBookmarks([], folders: [["Alone"]])
      let again = await implementation.make(root, "a").snapshot()?.folders
      XCTAssertEqual(again?.last, ["Alone"], implementation.name)
      XCTAssertEqual(again?.count, 5, implementation.name)
    }
  }

  /// A rename that only changes case is a rename, not "a folder with that name exists".
  func testARenameOfOnlyTheCaseIsMade() async throws {
    for implementation in BookmarkStoreImplementation.all {
      let root = home.path + "/" + implementation.backend + "-\(UUID().uuidString.prefix(4))"
      let store = implementation.make(root, "a")
      _ = try await store.add(BookmarkDraft(name: "a", url: "https://a.example", folder: ["toolbar", "Dev"]))
      try await store.changeFolder(.rename(["toolbar"], to: "Toolbar"))
      let paths = try await folders(store)
      XCTAssertEqual(paths, ["a": ["Toolbar", "Dev"]], implementation.name)
    }
  }

  /// A folder stays when its last bookmark goes: it is a folder of its own.
  func testAFolderStaysWhenItsLastBookmarkIsDeleted() async throws {
    for implementation in BookmarkStoreImplementation.all {
      let root = home.path + "/" + implementation.backend + "-\(UUID().uuidString.prefix(4))"
      let store = implementation.make(root, "a")
      let added = try await store.add(BookmarkDraft(name: "a", url: "https://a.example", folder: ["Recipes"]))
      try await store.delete(id: added.id)
      let snapshot = await store.snapshot()
      XCTAssertEqual(snapshot?.folders, [["Recipes"]], implementation.name)
    }
  }

  // MARK: - Two devices at once (the stores that sync)

  /// A synced store on its SQLite cloud, for a device online or not.
  private struct SyncedStore {
    var name: String
    var make: (_ root: String, _ device: String, _ online: Bool) -> any BookmarkStore

    func online(_ root: String, _ device: String) -> any BookmarkStore { make(root, device, true) }
    /// Device b offline: its change is made on what it knew before, as on a phone in a tunnel.
    func offline(_ root: String) -> any BookmarkStore { make(root, "b", false) }
  }

  private var synced: [SyncedStore] {
    [
      SyncedStore(name: "key-value") { root, device, online in
        KeyValueBookmarkStore(
          keyValueStore: BookmarkStoreImplementation.keyValueStore(root: root, device: device, online: online))
      },
      SyncedStore(name: "documents") { root, device, online in
        DocumentBookmarkStore(
          container: BookmarkStoreImplementation.documentContainer(root: root, device: device, online: online))
      },
    ]
  }

  /// Runs `first` on device a (synced), then `second` on device b offline, knowing only what
  /// was there before; then both sync. Returns both devices' bookmarks' folders.
  private func atOnce(
    _ store: SyncedStore,
    setUp: (any BookmarkStore) async throws -> Void,
    first: (any BookmarkStore) async throws -> Void,
    second: (any BookmarkStore) async throws -> Void
  ) async throws -> (a: [String: [String]], b: [String: [String]]) {
    let root = home.path + "/" + store.name + "-\(UUID().uuidString.prefix(4))"
    let a = store.online(root, "a")
    try await setUp(a)
    await a.sync()
    do {
      let b = store.online(root, "b")
      await b.sync()
    }
    try await first(a)
    await a.sync()
    do {
      let b = store.offline(root)
      try await second(b)
    }
    let b = store.online(root, "b")
    for device in [b, a, b] { await device.sync() }
    return (try await folders(a), try await folders(b))
  }

  /// One device renames a folder while the other files a bookmark in it: both end up in
  /// the renamed folder.
  func testARenameAndAnAddIntoTheFolderMeet() async throws {
    for store in synced {
      let (a, b) = try await atOnce(
        store,
        setUp: {
          _ = try await $0.add(BookmarkDraft(name: "first", url: "https://first.example", folder: ["Recipes"]))
        },
        first: { try await $0.changeFolder(.rename(["Recipes"], to: "Cooking")) },
        second: {
          _ = try await $0.add(BookmarkDraft(name: "second", url: "https://second.example", folder: ["Recipes"]))
        })
      XCTAssertEqual(a, ["first": ["Cooking"], "second": ["Cooking"]], store.name)
      XCTAssertEqual(b, a, store.name)
    }
  }

  /// One device deletes a folder while the other files a bookmark in it: the bookmark is
  /// shown in the folder's parent, on both devices.
  func testAnAddIntoAFolderDeletedElsewhereLandsInItsParent() async throws {
    for store in synced {
      let (a, b) = try await atOnce(
        store,
        setUp: { try await $0.changeFolder(.create(["Toolbar", "Recipes"])) },
        first: { try await $0.changeFolder(.delete(["Toolbar", "Recipes"])) },
        second: {
          _ = try await $0.add(
            BookmarkDraft(name: "soup", url: "https://soup.example", folder: ["Toolbar", "Recipes"]))
        })
      XCTAssertEqual(a, ["soup": ["Toolbar"]], store.name)
      XCTAssertEqual(b, a, store.name)
    }
  }

  /// Two devices move two folders into each other at once: both devices show the same
  /// tree, and every bookmark is in it.
  func testMovesIntoEachOtherConverge() async throws {
    for store in synced {
      let (a, b) = try await atOnce(
        store,
        setUp: { store in
          _ = try await store.add(BookmarkDraft(name: "x", url: "https://x.example", folder: ["X"]))
          _ = try await store.add(BookmarkDraft(name: "y", url: "https://y.example", folder: ["Y"]))
        },
        first: { try await $0.changeFolder(.move(["X"], into: ["Y"])) },
        second: { try await $0.changeFolder(.move(["Y"], into: ["X"])) })
      XCTAssertEqual(b, a, store.name)
      XCTAssertEqual(Set(a.keys), ["x", "y"], store.name)
      XCTAssertEqual(a["x"]?.last, "X", store.name)
      XCTAssertEqual(a["y"]?.last, "Y", store.name)
      XCTAssertEqual(a.values.map(\.count).max(), 2, "\(store.name): one inside the other, \(a)")
    }
  }

  /// Two devices rename one folder at once: both devices end up with the same one of the two
  /// names, the bookmark in it, and no conflict left to resolve (documents settle it alone).
  func testTwoRenamesOfOneFolderSettleOnOneName() async throws {
    for store in synced {
      let root = home.path + "/" + store.name + "-\(UUID().uuidString.prefix(4))"
      let a = store.online(root, "a")
      _ = try await a.add(BookmarkDraft(name: "soup", url: "https://soup.example", folder: ["Recipes"]))
      await a.sync()
      do {
        let b = store.online(root, "b")
        await b.sync()
      }
      try await a.changeFolder(.rename(["Recipes"], to: "Cooking"))
      await a.sync()
      do {
        let b = store.offline(root)
        try await b.changeFolder(.rename(["Recipes"], to: "Food"))
      }
      let b = store.online(root, "b")
      // The document store settles the conflict in the background: a bounded wait for it.
      var seen: (a: [String: [String]], b: [String: [String]]) = ([:], [:])
      var conflicts = -1
      for _ in 0..<100 {
        for device in [b, a] { await device.sync() }
        seen = (try await folders(a), try await folders(b))
        conflicts = (await a.status().conflicts) + (await b.status().conflicts)
        if seen.a == seen.b, conflicts == 0 { break }
        try await Task.sleep(for: .milliseconds(20))
      }
      XCTAssertEqual(seen.a, seen.b, store.name)
      XCTAssertTrue([["soup": ["Cooking"]], ["soup": ["Food"]]].contains(seen.a), "\(store.name): \(seen.a)")
      XCTAssertEqual(conflicts, 0, store.name)
    }
  }
}
