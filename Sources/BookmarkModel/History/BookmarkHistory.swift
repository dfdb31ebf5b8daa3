import Foundation

/// A bookmark's saved versions as a graph (each names its parents), oldest first. Two
/// devices' histories of one bookmark unite without losing either's past (``united(with:)``),
/// so a history is never overwritten, only added to and bounded (``HistoryRules``).
public struct BookmarkHistory: Hashable, Sendable {
  public let bookmarkID: Bookmark.ID
  /// Oldest first, each id once: every version after the versions it was made from (two
  /// devices' clocks may disagree), otherwise by the time saved, then id.
  public internal(set) var versions: [HistoryVersion]
  /// The version the bookmark is now, when the store knows it (not kept in the document:
  /// while a bookmark is in conflict, or after a change that records none, it needn't be the
  /// newest).
  public var currentID: String?

  public init(bookmarkID: Bookmark.ID, versions: [HistoryVersion] = []) {
    self.bookmarkID = bookmarkID
    var seen = Set<String>()
    self.versions = Self.ordered(versions.filter { seen.insert($0.id).inserted })
  }

  private static func older(_ a: HistoryVersion, _ b: HistoryVersion) -> Bool {
    (a.saved, a.id) < (b.saved, b.id)
  }

  /// Parents before children, the oldest ready version first (a cycle, which only a
  /// hand-made document can hold, is broken by time).
  private static func ordered(_ versions: [HistoryVersion]) -> [HistoryVersion] {
    let ids = Set(versions.map(\.id))
    var waiting: [String: Int] = [:]
    var children: [String: [HistoryVersion]] = [:]
    for version in versions {
      let parents = Set(version.parents).intersection(ids).subtracting([version.id])
      waiting[version.id] = parents.count
      for parent in parents { children[parent, default: []].append(version) }
    }
    var ready = versions.filter { waiting[$0.id] == 0 }
    var rest = versions.filter { waiting[$0.id] != 0 }
    var ordered: [HistoryVersion] = []
    ordered.reserveCapacity(versions.count)
    while ordered.count < versions.count {
      if ready.isEmpty {
        // A cycle: the oldest of what is left goes next.
        rest.sort(by: older)
        ready = [rest.removeFirst()]
      }
      let next = ready.indices.min { older(ready[$0], ready[$1]) }!
      let version = ready.remove(at: next)
      rest.removeAll { $0.id == version.id }
      waiting[version.id] = -1
      ordered.append(version)
      for child in children[version.id] ?? [] {
        guard let count = waiting[child.id], count > 0 else { continue }
        waiting[child.id] = count - 1
        if count == 1 { ready.append(child) }
      }
    }
    return ordered
  }

  public func version(_ id: String) -> HistoryVersion? {
    versions.first { $0.id == id }
  }

  /// The versions no other was made from: one, or several while devices' edits meet.
  public var heads: [HistoryVersion] {
    let parents = Set(versions.flatMap(\.parents))
    return versions.filter { !parents.contains($0.id) }
  }

  /// The version that records `bookmark` as it is (every field but its place in the list):
  /// the newest such, a head first.
  public func matching(_ bookmark: Bookmark) -> HistoryVersion? {
    let heads = Set(heads.map(\.id))
    let matches = versions.filter { $0.bookmark == bookmark }
    return matches.last { heads.contains($0.id) } ?? matches.last
  }

  /// Both histories' versions: what either device saved is kept.
  public func united(with other: BookmarkHistory) -> BookmarkHistory {
    BookmarkHistory(bookmarkID: bookmarkID, versions: versions + other.versions)
  }

  /// A version the history may not hold yet: the bookmark as a device saved it, under the
  /// id its save had (the same on every device, so two devices adding it add one version).
  public struct Saved: Sendable {
    public var versionID: String
    public var bookmark: Bookmark
    public var device: String
    public var saved: Date

    public init(versionID: String, bookmark: Bookmark, device: String, saved: Date) {
      self.versionID = versionID
      self.bookmark = bookmark
      self.device = device
      self.saved = saved
    }
  }

  /// Records `new`, made from `replaced` (the version the bookmark was, or every version of a
  /// conflict being resolved). A replaced version the history doesn't hold (saved before
  /// history was kept, or by a change that keeps none, such as a folder renamed) is added
  /// first, made from the versions that were the newest. Then bounded by `rules` at `now`.
  public mutating func record(
    _ new: (id: String, bookmark: Bookmark, device: String, saved: Date, note: String?), replacing replaced: [Saved],
    rules: HistoryRules, now: Date
  ) {
    var parents: [String] = []
    // What a version the history doesn't hold was made from: the newest versions before
    // this record (two such versions of one conflict were made side by side, not in a chain).
    let earlierHeads = heads.map(\.id)
    for saved in replaced {
      if let known = matching(saved.bookmark) {
        if !parents.contains(known.id) { parents.append(known.id) }
        continue
      }
      let added = HistoryVersion(
        id: saved.versionID, parents: earlierHeads, device: saved.device, saved: saved.saved,
        bookmark: saved.bookmark)
      versions = BookmarkHistory(bookmarkID: bookmarkID, versions: versions + [added]).versions
      if !parents.contains(added.id) { parents.append(added.id) }
    }
    let version = HistoryVersion(
      id: new.id, parents: Array(parents.prefix(Self.maximumParents)), device: new.device, saved: new.saved,
      bookmark: new.bookmark, note: new.note)
    versions = BookmarkHistory(bookmarkID: bookmarkID, versions: versions + [version]).versions
    bound(by: rules, now: now, keeping: [version.id])
  }

  /// The most parents a version names (a resolve of more versions names the first ones).
  public static let maximumParents = 16

  /// Drops what is older than the rules keep: versions saved before `rules.days` ago, and all
  /// but the newest `rules.versions`; never one of `keeping`, nor a head (a version the
  /// bookmark is now).
  public mutating func bound(by rules: HistoryRules, now: Date, keeping: Set<String>) {
    let limit = now.addingTimeInterval(-TimeInterval(rules.days) * 24 * 60 * 60)
    let keeping = keeping.union(heads.map(\.id))
    var kept = versions.filter { $0.saved >= limit || keeping.contains($0.id) }
    if kept.count > rules.versions {
      let newest = Set(kept.suffix(rules.versions).map(\.id)).union(keeping)
      kept = kept.filter { newest.contains($0.id) }
    }
    versions = kept
  }

  /// The version `version` was made from first (nil for where the history begins, or a
  /// parent the bounds dropped).
  public func parent(of version: HistoryVersion) -> HistoryVersion? {
    version.parents.first.flatMap(self.version)
  }

  /// Finds a version by its id or an unambiguous start of it (at least four characters), as
  /// a person types one from `cloudy history`.
  public func find(_ text: String) -> Lookup {
    if let exact = version(text) { return .found(exact) }
    let start = text.lowercased()
    guard start.count >= 4 else { return .none }
    let matches = versions.filter { $0.id.lowercased().hasPrefix(start) }
    switch matches.count {
    case 0: return .none
    case 1: return .found(matches[0])
    default: return .ambiguous(matches.count)
    }
  }

  public enum Lookup: Equatable, Sendable {
    case found(HistoryVersion)
    case none
    case ambiguous(Int)
  }
}
