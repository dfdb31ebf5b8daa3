import BookmarkModel
import Foundation

/// One version of a bookmark in conflict: what it says, and which device saved it when.
public struct BookmarkVersion: Hashable, Sendable, Identifiable {
  public var id: String
  public var bookmark: Bookmark
  public var device: String
  public var saved: Date
  /// The version the list shows until the conflict is resolved.
  public var isCurrent: Bool
  /// True when this device saved it.
  public var isThisDevice: Bool

  public init(id: String, bookmark: Bookmark, device: String, saved: Date, isCurrent: Bool, isThisDevice: Bool = false)
  {
    self.id = id
    self.bookmark = bookmark
    self.device = device
    self.saved = saved
    self.isCurrent = isCurrent
    self.isThisDevice = isThisDevice
  }
}
