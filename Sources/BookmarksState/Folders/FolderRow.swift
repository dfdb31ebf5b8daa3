/// A folder as a row of the list: its name over what it holds.
public struct FolderRow: Hashable, Sendable {
  /// The folder's path, outermost first; its name is the last element.
  public var path: [String]
  /// Bookmarks in the folder and its subfolders.
  public var bookmarkCount: Int
  /// Subfolders directly in it.
  public var folderCount: Int

  public init(path: [String], bookmarkCount: Int, folderCount: Int) {
    self.path = path
    self.bookmarkCount = bookmarkCount
    self.folderCount = folderCount
  }

  public var name: String { path.last ?? "" }
}

extension FolderRow {
  /// How a message names a folder: `Toolbar › Dev`, or `the top level`.
  package static func folderName(_ path: [String]) -> String {
    path.isEmpty ? "the top level" : path.joined(separator: " › ")
  }
}
