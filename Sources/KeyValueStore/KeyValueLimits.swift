import PropertyLists

/// The quotas of Apple's ubiquitous key-value store, and how Cloudy measures a value.
///
/// A value's size is the length in bytes of its property-list XML element written
/// compactly, as ``PropertyListXMLWriter/element(for:)`` writes it and as the cloud stores
/// it: `<string>abc</string>` is 17 bytes, `<true/>` is 7. The store's total is the sum over
/// all keys of the key's UTF-8 length plus its value's size.
public enum KeyValueLimits {
  /// At most this many keys.
  public static let maximumKeys = 1024
  /// At most this many bytes for all keys and values together.
  public static let maximumTotalBytes = 1_048_576
  /// At most this many bytes for any one value.
  public static let maximumValueBytes = 1_048_576
  /// At most this many UTF-16 code units in a key (Apple's current documentation).
  public static let maximumKeyLength = 128

  /// The encoded size of a value.
  public static func size(of value: PropertyList) -> Int {
    PropertyListXMLWriter.element(for: value).count
  }

  /// What a key with this value adds to the total.
  public static func entrySize(key: String, value: PropertyList) -> Int {
    key.utf8.count + size(of: value)
  }
}
