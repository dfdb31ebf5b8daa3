import BookmarkStoreInterface

extension DocumentBookmarkStore {
  /// The snapshot after catching up with the index, stamped with the index's identity and the
  /// generation caught up to: every change up to it is in the snapshot, and one after it
  /// raises the index's generation, so a start that finds the same stamp finds the same
  /// documents. Nil for an index that can't name itself or be read.
  public func stampedSnapshot() async -> StampedSnapshot? {
    guard let identity = container.index.identity, let generation = catchUp() else { return nil }
    let snapshot = currentSnapshot()
    guard case .success = snapshot.bookmarks else { return nil }
    return StampedSnapshot(
      stamp: Self.stamp(root: container.root, identity: identity, generation: generation), snapshot: snapshot)
  }

  /// What ``stampedSnapshot()`` stamps a container's documents with, given its index's
  /// identity and generation (read without opening the store: the opening frame's check).
  public static func stamp(root: String, identity: String, generation: Int64) -> String {
    "documents \(identity) \(generation) \(root)"
  }
}
