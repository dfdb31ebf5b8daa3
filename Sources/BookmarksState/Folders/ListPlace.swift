/// Where the list is: a folder of the tree (the top level is the empty path), or every
/// bookmark in one flat list.
public enum ListPlace: Hashable, Sendable {
  case folder([String])
  case allBookmarks

  /// The top level of the folder tree, where Cloudy opens.
  public static let top = ListPlace.folder([])

  /// The folder path, or nil in the flat list.
  public var folderPath: [String]? {
    if case .folder(let path) = self { return path }
    return nil
  }
}
