import BookmarkModel

/// `I`: the file to import (a browser's `bookmarks.html`, XBEL or a Cloudy JSON export), typed
/// as a path; Enter reads it and shows what it brings, and Enter again imports what is new as
/// one change `u` takes back.
public struct ImportPrompt: Hashable, Sendable {
  public var field = TextField()
  /// Why the file can't be imported, once Enter was pressed.
  public var error: String?
  /// True between Enter and the file's reading.
  public var isReading = false
  /// The file read, shown before it is imported; Enter imports it, Esc closes the prompt.
  public var preview: ImportedFile?

  public init() {}
}

/// A file read for an import: what it adds to the list (new ids; duplicates of bookmarks
/// already there, by URL, are left out), and what it left out.
public struct ImportedFile: Hashable, Sendable {
  /// The file's name, for the sentence.
  public var name: String
  public var additions: [Bookmark]
  /// Entries whose URL is in the list already.
  public var duplicates: Int
  /// Entries whose URL an earlier entry of the file has.
  public var repeats: Int
  /// Entries that are not bookmarks Cloudy takes (not web URLs, broken).
  public var skipped: Int
  /// The first few skipped entries, each with its place and reason, as the report says them
  /// (`line 9: “No URL” — it has no URL`).
  public var skippedReasons: [String]
  /// The empty folders the file has and the list has not, parents first.
  public var folders: [[String]]
  /// The additions whose URL is not a web address (kept as text, never opened).
  public var nonWeb: Int {
    additions.count { bookmark in
      let scheme = bookmark.url.prefix(8).lowercased()
      return !scheme.hasPrefix("http://") && !scheme.hasPrefix("https://")
    }
  }

  public init(
    name: String, additions: [Bookmark], folders: [[String]] = [], duplicates: Int, repeats: Int = 0, skipped: Int,
    skippedReasons: [String] = []
  ) {
    self.name = name
    self.additions = additions
    self.folders = folders
    self.duplicates = duplicates
    self.repeats = repeats
    self.skipped = skipped
    self.skippedReasons = skippedReasons
  }
}

/// Reads a file for an import against the bookmarks listed now: the app's (the command line's
/// reader and plan), or a test's.
public typealias ImportReading =
  @Sendable (_ path: String, _ existing: [Bookmark]) async -> Result<
    ImportedFile, FailureMessage
  >
