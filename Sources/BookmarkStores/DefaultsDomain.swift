import BookmarkModel
import DurableFiles
import Foundation
import PropertyLists

/// The user-defaults domain file: a property list whose `bookmarks` key holds an array
/// of dictionaries (`id`, `name`, `url`, `created`, `modified`), as Foundation's
/// `UserDefaults` reads it.
///
/// Cloudy never keeps the raw property list between operations: every change reads the
/// file afresh under the lock, edits only the entries it means to, and writes the rest
/// back as they were, so other keys and entries Cloudy cannot parse survive untouched.
/// Reads go through ``DefaultsDomainCache`` when its stamp matches the file.
struct DefaultsDomain {
  static let bookmarksKey = "bookmarks"

  let path: String
  var lockPath: String { path + ".lock" }
  var cachePath: String { DefaultsDomainCache.path(for: path) }

  /// The domain's bookmarks and the number of entries that could not be read.
  struct Contents {
    var bookmarks: [Bookmark]
    var unreadableEntries: Int

    init(bookmarks: [Bookmark], unreadableEntries: Int) {
      self.bookmarks = bookmarks
      self.unreadableEntries = unreadableEntries
    }

    init(entries: [PropertyList]) {
      bookmarks = []
      bookmarks.reserveCapacity(entries.count)
      unreadableEntries = 0
      for entry in entries {
        if let bookmark = Bookmark(propertyList: entry) {
          bookmarks.append(bookmark)
        } else {
          unreadableEntries += 1
        }
      }
    }
  }

  /// Reads the domain; a missing file is an empty domain. The cache answers when it is
  /// stamped with the file's current signature; otherwise the XML is parsed and, if the
  /// file did not change meanwhile, the cache rewritten.
  func read() throws -> Contents {
    let signature = PrivateFiles.signature(path)
    if let signature, let cached = DefaultsDomainCache.read(cachePath, matching: signature) { return cached }
    let contents = try StoreError.translating { try readContents() }
    if let signature, PrivateFiles.signature(path) == signature {
      // A reader writes the cache without the lock, so it clears only what dead readers left.
      PrivateFiles.removeTemporariesOfDeadWriters(of: cachePath)
      DefaultsDomainCache.write(contents, stamp: signature, to: cachePath)
    }
    return contents
  }

  /// What a change wrote: the body's result, the new contents, and the file's signature
  /// taken while the lock was still held.
  struct Change<T> {
    var result: T
    var contents: Contents
    var signature: PrivateFiles.Signature?
  }

  /// Changes the bookmark entries under the inter-process lock and writes the domain
  /// atomically. `body` gets the raw entries; its result is returned with the new contents.
  func modify<T>(_ body: (inout [PropertyList]) throws -> T) throws -> Change<T> {
    try StoreError.translating {
      try PrivateFiles.makeDirectory((path as NSString).deletingLastPathComponent)
      return try PrivateFiles.withExclusiveLock(lockPath) {
        PrivateFiles.removeStaleTemporaries(of: path)
        var raw = try readRaw()
        var entries = try bookmarkEntries(in: raw)
        let result = try body(&entries)
        raw[Self.bookmarksKey] = .array(entries)
        try PrivateFiles.replace(path) { write in
          PropertyListXMLWriter.write(.dictionary(raw)) { piece in piece.withUnsafeBytes { write($0) } }
        }
        var contents = Contents(entries: entries)
        contents.unreadableEntries += Self.strayEntries(in: raw)
        let signature = PrivateFiles.signature(path)
        PrivateFiles.removeStaleTemporaries(of: cachePath)
        if let signature { DefaultsDomainCache.write(contents, stamp: signature, to: cachePath) }
        return Change(result: result, contents: contents, signature: signature)
      }
    }
  }

  /// The bookmarks straight from the XML when it is plain (no dictionary per entry, about
  /// twice as fast), else through the general reader, which also gives the errors.
  private func readContents() throws -> Contents {
    guard let data = try PrivateFiles.read(path) else { return Contents(entries: []) }
    // (An empty result is read again in full, to look for bookmarks under a damaged key.)
    if let plain = PropertyListReader.bookmarks(in: data, key: Self.bookmarksKey),
      !plain.bookmarks.isEmpty || plain.unreadable > 0
    {
      return Contents(bookmarks: plain.bookmarks, unreadableEntries: plain.unreadable)
    }
    let raw = try parse(data)
    var contents = Contents(entries: try bookmarkEntries(in: raw))
    contents.unreadableEntries += Self.strayEntries(in: raw)
    return contents
  }

  /// Entries that look like bookmarks (a dictionary with a string `id` and `url`) in a list
  /// under another key than `bookmarks`: a flipped bit in the key's name once made five
  /// bookmarks vanish without a word (scripts/torture). They are counted as entries that
  /// can't be read, so the bottom line and `list` say so; they stay in the file as they are.
  static func strayEntries(in raw: [String: PropertyList]) -> Int {
    var count = 0
    for (key, value) in raw where key != bookmarksKey {
      for entry in value.array ?? [] {
        if let fields = entry.dictionary, fields["id"]?.string != nil, fields["url"]?.string != nil { count += 1 }
      }
    }
    return count
  }

  private func readRaw() throws -> [String: PropertyList] {
    guard let data = try PrivateFiles.read(path) else { return [:] }
    return try parse(data)
  }

  private func parse(_ data: Data) throws -> [String: PropertyList] {
    if data.isEmpty { throw StoreError.unreadable(path: path, reason: "the file is empty") }
    let plist: PropertyList
    do {
      plist = try PropertyListReader.read(data)
    } catch {
      throw StoreError.unreadable(path: path, reason: "not a property list")
    }
    guard let dictionary = plist.dictionary else {
      throw StoreError.unreadable(path: path, reason: "not a defaults domain")
    }
    return dictionary
  }

  private func bookmarkEntries(in raw: [String: PropertyList]) throws -> [PropertyList] {
    guard let value = raw[Self.bookmarksKey] else { return [] }
    guard let entries = value.array else {
      throw StoreError.unreadable(path: path, reason: "“bookmarks” is not a list")
    }
    return entries
  }

  // MARK: - Entries

  /// Index of the entry with this id, if any.
  static func index(of id: Bookmark.ID, in entries: [PropertyList]) -> Int? {
    entries.firstIndex { $0.dictionary?["id"]?.string == id }
  }
}
