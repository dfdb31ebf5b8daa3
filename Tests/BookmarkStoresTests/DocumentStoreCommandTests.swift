import BookmarkModel
import Foundation
import TestSupport
import XCTest

@testable import DocumentBookmarks

/// The document store as a command opens it (`watching: false`): no live query, so each read
/// catches up with the index itself.
final class DocumentStoreCommandTests: XCTestCase {
  private var home: TemporaryFolder!

  override func setUpWithError() throws {
    home = try TemporaryFolder()
  }

  override func tearDown() {
    home.remove()
  }

  /// A session of device "a" (offline) on the shared folder and index.
  private func open(watching: Bool) -> DocumentBookmarkStore {
    DocumentBookmarkStore(
      container: BookmarkStoreImplementation.documentContainer(root: home.path, device: "a", online: false),
      watching: watching)
  }

  /// `check --update-moved` and `retitle` read again after a long wait and compare: what
  /// another session changed meanwhile is what they must see.
  func testAReadSeesWhatAnotherSessionChangedMeanwhile() async throws {
    let command = open(watching: false)
    let apple = try await command.add(BookmarkDraft(name: "Apple", url: "https://www.apple.com"))
    let swift = try await command.add(BookmarkDraft(name: "Swift", url: "https://swift.org"))

    let app = open(watching: true)
    _ = try await app.update(id: apple.id, with: BookmarkDraft(name: "Apple Inc.", url: apple.url))
    try await app.delete(id: swift.id)
    _ = try await app.add(BookmarkDraft(name: "東京", url: "https://東京.jp"))

    let seen = try await command.load()
    XCTAssertEqual(seen.map(\.name), ["Apple Inc.", "東京"])
    await command.container.close()
    await app.container.close()
  }
}
