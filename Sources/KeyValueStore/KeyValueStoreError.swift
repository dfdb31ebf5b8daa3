/// Why the key-value store refused a write or could not save.
public enum KeyValueStoreError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A key is empty or longer than 128 UTF-16 code units.
  case invalidKey(String)
  /// The write would leave more than 1024 keys.
  case tooManyKeys(wouldHave: Int)
  /// One value would be larger than 1 MB.
  case valueTooLarge(key: String, bytes: Int)
  /// All keys and values together would be larger than 1 MB.
  case storeTooLarge(wouldUse: Int)
  /// A value that would not read back from the local cache: a date before the year 1 or
  /// after 9999, or arrays nested too deep.
  case unstorableValue(key: String)
  /// The local cache could not be written; the values stay in memory and unsaved.
  case cacheUnwritable(path: String, reason: String)
  /// The local cache was written (the change is queued), but the disk reported an error
  /// making it durable.
  case cacheNotDurable(path: String, reason: String)

  public var description: String {
    switch self {
    case .invalidKey(let key):
      key.isEmpty
        ? "A key can't be empty."
        : "The key “\(key.prefix(40))…” is longer than \(KeyValueLimits.maximumKeyLength) characters."
    case .tooManyKeys(let count):
      "That would make \(count) keys; the key-value store holds at most \(KeyValueLimits.maximumKeys)."
    case .valueTooLarge(let key, let bytes):
      "The value for \(key) takes \(bytes) bytes; one value may take at most 1 MB."
    case .storeTooLarge(let bytes):
      "That would make the key-value store \(bytes) bytes; it holds at most 1 MB."
    case .unstorableValue(let key):
      "The value for \(key) can't be stored: it holds a date before the year 1 or after 9999, or lists nested too deep."
    case .cacheUnwritable(let path, let reason): "Couldn't save the local copy at \(path) (\(reason))."
    case .cacheNotDurable(let path, let reason):
      "Saved the local copy at \(path), but the disk reported an error making it durable (\(reason))."
    }
  }

  /// Whether this is a quota refusal (as opposed to a bad key or a disk problem).
  public var isQuotaViolation: Bool {
    switch self {
    case .tooManyKeys, .valueTooLarge, .storeTooLarge: true
    case .invalidKey, .unstorableValue, .cacheUnwritable, .cacheNotDurable: false
    }
  }
}
