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
    for bookmark in self {
      for tag in Set(bookmark.tags.map { $0.lowercased() }) {
        counts[tag, default: 0] += 1
      }
      for tag in bookmark.tags where spelling[tag.lowercased()] == nil { spelling[tag.lowercased()] = tag }
    }
    return counts.keys.sorted().map { (tag: spelling[$0] ?? $0, count: counts[$0]!) }
  }
}
