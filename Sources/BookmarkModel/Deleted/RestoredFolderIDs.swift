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
    let id = Self.id("\(seed)\n\(count)")
    return isTaken(id) ? UUID().uuidString.lowercased() : id
  }

  private static func id(_ text: String) -> FolderRecord.ID {
    let high = Self.fnv1a(text, basis: 0xcbf2_9ce4_8422_2325)
    let low = Self.fnv1a(text, basis: 0x8422_2325_cbf2_9ce4)
    let hex = String(high, radix: 16).leftPadded(16) + String(low, radix: 16).leftPadded(16)
    let characters = Array(hex)
    func part(_ range: Range<Int>) -> String { String(characters[range]) }
    return [part(0..<8), part(8..<12), part(12..<16), part(16..<20), part(20..<32)].joined(separator: "-")
  }

  private static func fnv1a(_ text: String, basis: UInt64) -> UInt64 {
    var hash = basis
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash &*= 0x100_0000_01b3
    }
    return hash
  }
}

extension String {
  fileprivate func leftPadded(_ length: Int) -> String {
    String(repeating: "0", count: max(0, length - count)) + self
  }
}
