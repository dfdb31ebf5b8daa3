import Foundation
import Synchronization

/// The ids of the folder records a restore makes again (its bookmarks' folders deleted
/// meanwhile): the same for the same deletions on every device, so two devices putting back
/// one bookmark at once file it under the same records and write the same bookmark, which is
/// no conflict. A later deletion of the same bookmark makes other ids; an id a record already
/// has (live or deleted) is never given: a random one is, instead.
public final class RestoredFolderIDs: Sendable {
  private let seed: String
  private let counter = Mutex(0)
  private let isTaken: @Sendable (FolderRecord.ID) -> Bool

  /// For a restore of these deleted bookmarks, in a store whose records are `tree`'s.
  public init(_ deleted: [DeletedBookmark], tree: FolderTree) {
    seed = deleted.map { "\($0.id) \($0.deleted.timeIntervalSince1970)" }.sorted().joined(separator: "\n")
    let records = Set(tree.records.keys)
    isTaken = { records.contains($0) }
  }

  /// The next id: a UUID-shaped name made from the deletions and how many came before.
  @Sendable public func next() -> FolderRecord.ID {
    let count = counter.withLock { count in
      count += 1
      return count
    }
    let id = DerivedID.make(from: "\(seed)\n\(count)")
    return isTaken(id) ? UUID().uuidString.lowercased() : id
  }
}
