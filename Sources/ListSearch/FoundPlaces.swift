/// Where a word was first found in each of the entries that hold it (``SearchIndex/locate(_:among:from:)``):
/// the place in the entry's text, and the 8 bytes of the text from there. The word grown by a
/// letter is looked for from those places, and where the 8 bytes already hold it (a word of up
/// to 8 bytes), it is found without reading the text again (issue 39.3: `swi` after `sw` at
/// 1,000,000 bookmarks, half of them matches, read only 8 bytes for each, in order).
public struct FoundPlaces: Sendable, Equatable {
  /// For each entry, where in its text the word starts.
  public var places: [Int]
  /// For each entry, the 8 bytes of its text from that place, the first byte lowest (zeros past
  /// the end of the index's text).
  public var windows: [UInt64]

  public init(places: [Int] = [], windows: [UInt64] = []) {
    self.places = places
    self.windows = windows
  }

  var count: Int { places.count }
}
