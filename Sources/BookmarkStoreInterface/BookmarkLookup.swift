import BookmarkModel

extension Array where Element == Bookmark {
  /// The one bookmark whose id is `idOrPrefix` or starts with it (like a short git hash).
  public func resolve(_ idOrPrefix: String) throws -> Bookmark {
    if let exact = first(where: { $0.id == idOrPrefix }) { return exact }
    let matches = idOrPrefix.isEmpty ? [] : filter { $0.id.hasPrefix(idOrPrefix.lowercased()) }
    switch matches.count {
    case 1: return matches[0]
    case 0: throw StoreError.notFound(idOrPrefix)
    default: throw StoreError.ambiguousID(idOrPrefix)
    }
  }

  /// The first bookmark whose URL leads to the same place as `url`, other than `excluding`.
  public func duplicate(of url: String, excluding id: Bookmark.ID? = nil) -> Bookmark? {
    let key = BookmarkURL.comparisonKey(url)
    return first { $0.id != id && BookmarkURL.comparisonKey($0.url) == key }
  }
}
