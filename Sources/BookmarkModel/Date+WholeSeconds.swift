import Foundation

extension Date {
  /// The date cut to whole seconds. Property lists keep whole seconds, so a store that
  /// stamps bookmarks with this returns exactly what every reader reads back.
  public var wholeSeconds: Date {
    Date(timeIntervalSince1970: timeIntervalSince1970.rounded(.down))
  }
}
