import Foundation
import PropertyLists

/// Files bookmarks under folder records for one write of a store that keeps records: the
/// records a bookmark's folder path needs are made when missing, and go into the same write
/// as the bookmarks (``writes``).
public struct FolderFiling: Sendable {
  public var tree: FolderTree
  /// The place among siblings of the records made: the time, in microseconds since 1970.
  public let order: Int
  public let now: Date
  private let newID: @Sendable () -> FolderRecord.ID
  /// The records made so far.
  public var writes = FolderTree.Writes()

  public init(tree: FolderTree, time: Date, newID: @escaping @Sendable () -> FolderRecord.ID) {
    self.tree = tree
    order = Int((time.timeIntervalSince1970 * 1_000_000).rounded(.down))
    now = time.wholeSeconds
    self.newID = newID
  }

  /// Files a bookmark under the record of its folder path (none at the top level).
  public mutating func file(_ bookmark: inout Bookmark) {
    bookmark.folderID = tree.file(bookmark.folder, order: order, now: now, newID: newID, into: &writes)
  }

  /// Makes the records of a folder path that are missing (an empty folder an import brings).
  public mutating func file(folder path: [String]) {
    _ = tree.file(path, order: order, now: now, newID: newID, into: &writes)
  }

  /// The writes that make a folder change (``FolderTree/writes(for:bookmarks:order:now:newID:)``).
  public mutating func writes(for change: FolderChange, bookmarks: [Bookmark]) throws(FolderProblem)
    -> FolderTree.Writes
  {
    try tree.writes(for: change, bookmarks: bookmarks, order: order, now: now, newID: newID)
  }
}
