import TestSupport
import XCTest

/// A contract suite's base: a temporary folder per test, and each `BookmarkStore`
/// implementation run in a folder of its own under it.
class StoreContractTestCase: XCTestCase {
  private var home: TemporaryFolder!

  override func setUpWithError() throws {
    home = try TemporaryFolder()
  }

  override func tearDown() {
    home.remove()
  }

  /// Runs `body` for every implementation with its folder.
  func eachImplementation(_ body: (BookmarkStoreImplementation, String) async throws -> Void) async throws {
    for implementation in BookmarkStoreImplementation.all {
      try await body(implementation, home.path + "/" + implementation.name)
    }
  }
}
