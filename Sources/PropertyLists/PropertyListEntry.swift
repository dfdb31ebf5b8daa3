/// Builds one value from a dictionary's keys as the reader meets them, for
/// ``PropertyListReader/entries(_:in:key:)``: a dictionary is never built, so a store's
/// array of a hundred thousand entries reads in one pass.
public protocol PropertyListEntry {
  associatedtype Value
  init()
  /// Takes one key and its value; a later duplicate key must win, as in a dictionary.
  mutating func take(_ key: String, _ value: PropertyList)
  /// The value the keys make, or nil if they make none (the entry counts as unreadable).
  var value: Value? { get }
}
