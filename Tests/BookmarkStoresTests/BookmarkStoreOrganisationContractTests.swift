import BookmarkModel
import BookmarkStoreInterface
import Foundation
import TestSupport
import XCTest

/// Folders, tags and notes through `add` and `update` (issue 18.3), in every store: set,
/// left alone when the draft doesn't say, cleared, and read back by a new instance.
final class BookmarkStoreOrganisationContractTests: XCTestCase {
  private var home: TemporaryFolder!

  override func setUpWithError() throws {
    home = try TemporaryFolder()
  }

  override func tearDown() {
    home.remove()
  }

  func testFolderTagsAndNotesAreSetKeptAndCleared() async throws {
    for implementation in BookmarkStoreImplementation.all {
      let root = home.path + "/" + implementation.name
      let store = implementation.make(root, "a")
      let added = try await store.add(
        BookmarkDraft(
          name: "Forums", url: "https://forums.swift.org", folder: ["Toolbar", "Dev"], tags: ["swift", "東京"],
          notes: "line one\nline two"))
      XCTAssertEqual(added.folder, ["Toolbar", "Dev"], implementation.name)
      // A rename leaves the folder, tags and notes as they are.
      _ = try await store.update(id: added.id, with: BookmarkDraft(name: "Renamed", url: added.url))
      var loaded = try await reloaded(implementation, root)
      XCTAssertEqual(loaded.folder, ["Toolbar", "Dev"], implementation.name)
      XCTAssertEqual(loaded.tags, ["swift", "東京"], implementation.name)
      XCTAssertEqual(loaded.notes, "line one\nline two", implementation.name)
      // Emptied, they are gone, not kept from the stored entry.
      _ = try await store.update(
        id: added.id, with: BookmarkDraft(name: "Renamed", url: added.url, folder: [], tags: [], notes: ""))
      loaded = try await reloaded(implementation, root)
      XCTAssertEqual(loaded.folder, [], implementation.name)
      XCTAssertEqual(loaded.tags, [], implementation.name)
      XCTAssertEqual(loaded.notes, "", implementation.name)
      XCTAssertEqual(loaded.name, "Renamed", implementation.name)
    }
  }

  /// `J`/`K` (issue 18.5): two bookmarks exchange places in the store's order, and nothing
  /// else about them changes; a new instance and the other device see the new order; an
  /// unknown id changes nothing.
  func testExchangingPlacesChangesTheOrderAndNothingElse() async throws {
    for implementation in BookmarkStoreImplementation.all {
      let root = home.path + "/" + implementation.name
      let store = implementation.make(root, "a")
      var ids: [Bookmark.ID] = []
      for name in ["one", "two", "three"] {
        ids.append(try await store.add(BookmarkDraft(name: name, url: "https://\(name).example")).id)
      }
      let before = try await store.load()
      try await store.exchangePlaces(of: ids[0], and: ids[2])
      let after = try await store.load()
      XCTAssertEqual(after.map(\.name), ["three", "two", "one"], implementation.name)
      XCTAssertEqual(Set(after), Set(before), "\(implementation.name): only the order changed")
      // Back and forth, as a run of J and K does.
      try await store.exchangePlaces(of: ids[0], and: ids[1])
      var names = try await store.load().map(\.name)
      XCTAssertEqual(names, ["three", "one", "two"], implementation.name)

      await store.sync()
      let other = implementation.make(root, "b")
      await other.sync()
      names = try await other.load().map(\.name)
      XCTAssertEqual(names, ["three", "one", "two"], "\(implementation.name): device b")
      let again = implementation.make(root, "a")
      names = try await again.load().map(\.name)
      XCTAssertEqual(names, ["three", "one", "two"], "\(implementation.name): reopened")

      do {
        try await store.exchangePlaces(of: ids[0], and: "no-such-id")
        XCTFail("\(implementation.name): an unknown id was accepted")
      } catch StoreError.notFound(let id) {
        XCTAssertEqual(id, "no-such-id", implementation.name)
      }
      names = try await store.load().map(\.name)
      XCTAssertEqual(names, ["three", "one", "two"], implementation.name)
    }
  }

  /// The one bookmark, as a new instance of the store reads it.
  private func reloaded(_ implementation: BookmarkStoreImplementation, _ root: String) async throws -> Bookmark {
    let again = implementation.make(root, "a")
    await again.sync()
    let bookmarks = try await again.load()
    return try XCTUnwrap(bookmarks.first, implementation.name)
  }
}
