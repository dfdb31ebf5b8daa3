/// A set of folder paths that holds each path's parents too (`A/B` brings `A`).
public struct FolderPathSet: Sendable {
  private var paths: Set<[String]>

  /// The paths given, each with its parents.
  public init(_ paths: some Sequence<[String]> = []) {
    self.paths = []
    for path in paths { insert(path) }
  }

  public func contains(_ path: [String]) -> Bool { paths.contains(path) }

  /// Adds a path and its parents; returns how many of them were new (`0` for the top level).
  @discardableResult
  public mutating func insert(_ path: [String]) -> Int {
    var new = 0
    // Deepest first: once a path is there, its parents are too.
    for depth in stride(from: path.count, to: 0, by: -1) {
      guard paths.insert(Array(path.prefix(depth))).inserted else { break }
      new += 1
    }
    return new
  }
}
