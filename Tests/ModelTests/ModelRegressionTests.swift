import XCTest

/// Sequences the model found, shrunk: each failed before its fix (issue 37). They run on the
/// in-memory cloud, as the shrinker found them.
final class ModelRegressionTests: XCTestCase {
  private func check(_ steps: [ModelStep], file: StaticString = #filePath, line: UInt = #line) async throws {
    if let violation = try await ModelChecker.run(steps, cloud: .memory) {
      XCTFail("\(violation)", file: file, line: line)
    }
  }

  /// Undoing an add, after y, of a bookmark another device deleted since said “No bookmark
  /// has the id b-1.” and kept the step; the bookmark is gone, as the undo asks.
  func testUndoingAnAddDeletedElsewhere() async throws {
    try await check([
      ModelStep(kind: .add, device: 1, pick: 0),
      ModelStep(kind: .delete, device: 2, pick: 0),
      ModelStep(kind: .undo, device: 1, pick: 1),
      ModelStep(kind: .settle, device: 0, pick: 0),
    ])
  }

  /// An import of 60 undone on B after A moved one of them (y): the 59 removals are held back
  /// on A by the mass-delete guard, and the one moved was listed on A while its Recently
  /// Deleted copy had already come (listed and deleted at once). Kept (R, the settle's
  /// answer), the 59 came back one level up: the import's folder, taken back with it, was not
  /// made again.
  func testAnImportUndoneWhileHeldListsNothingThatIsInRecentlyDeleted() async throws {
    try await check([
      ModelStep(kind: .importMany, device: 1, pick: 0),
      ModelStep(kind: .move, device: 0, pick: 0),
      ModelStep(kind: .undo, device: 1, pick: 1),
      ModelStep(kind: .settle, device: 0, pick: 0),
    ])
  }

  /// A moved A's bookmark while C, offline, deleted it: the move beats the delete, and C's
  /// copy of the older version stays in Recently Deleted beside it (two pasts, as
  /// `HeldDeletesTests` has it), which the model allows; the same version twice it does not.
  func testAnEditThatBeatADeleteKeepsBothPasts() async throws {
    try await check([
      ModelStep(kind: .add, device: 0, pick: 0),
      ModelStep(kind: .offline, device: 2, pick: 0),
      ModelStep(kind: .editFolder, device: 0, pick: 1),
      ModelStep(kind: .delete, device: 2, pick: 0),
      ModelStep(kind: .settle, device: 2, pick: 0),
    ])
  }
}
