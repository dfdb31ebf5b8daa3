import BookmarkModel
import BookmarkStoreInterface
import DeviceHome
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
///
/// Folders: a bookmark carries its folder path, and the `folders` key lists the folders that
/// were made (each an array of names, siblings in their order), so a folder stays when it is
/// emptied. Renaming or moving a folder rewrites the paths, in the one locked write every
/// change is (the domain is on this device only, so nothing else can edit them meanwhile).
struct DefaultsDomain {
  static let bookmarksKey = "bookmarks"
  static let foldersKey = "folders"
  /// Recently Deleted: a list of deleted bookmarks (``DeletedBookmark``'s property list).
  static let deletedKey = "recentlyDeleted"
  /// A deleted entry's place in the `bookmarks` list when it was deleted.
  static let deletedIndexKey = "deletedIndex"

  let path: String
  var lockPath: String { path + ".lock" }
  var cachePath: String { DefaultsDomainCache.path(for: path) }

  /// The domain's bookmarks and the number of entries that could not be read.
  struct Contents {
    var bookmarks: [Bookmark]
    var unreadableEntries: Int
    /// The folders the domain lists (see the type's notes).
    var folders: [[String]]
    /// Recently Deleted, newest first.
    var deleted: [DeletedBookmark]

    init(bookmarks: [Bookmark], unreadableEntries: Int, folders: [[String]] = [], deleted: [DeletedBookmark] = []) {
      self.bookmarks = bookmarks
      self.unreadableEntries = unreadableEntries
      self.folders = folders
      self.deleted = deleted
    }

    init(entries: [PropertyList], folders: [[String]] = [], deleted: [PropertyList] = []) {
      self.folders = folders
      self.deleted = DefaultsDomain.deletedBookmarks(in: deleted)
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

  /// The listed bookmarks with these ids, from the cache alone; nil when the cache does not
  /// answer for the file as it is now (the caller then reads the domain).
  func cachedBookmarks(withIDs ids: Set<String>) -> [Bookmark]? {
    guard let signature = PrivateFiles.signature(path) else { return nil }
    return DefaultsDomainCache.bookmarks(withIDs: ids, in: cachePath, matching: signature)
  }

  /// Reads the domain; a missing file is an empty domain. The cache answers when it is
  /// stamped with the file's current signature; otherwise the XML is parsed and, if the
  /// file did not change meanwhile, the cache rewritten (off this path).
  func read() throws -> Contents {
    let signature = PrivateFiles.signature(path)
    if let signature, let cached = DefaultsDomainCache.read(cachePath, matching: signature) { return cached }
    let contents = try StoreError.translating { try readContents() }
    if let signature, PrivateFiles.signature(path) == signature {
      // A reader writes the cache without the lock, so it clears only what dead readers left.
      PrivateFiles.removeTemporariesOfDeadWriters(of: cachePath)
      DefaultsDomainCache.writeLater(contents, stamp: signature, to: cachePath)
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
    try modifyWithFolders { entries, _ in try body(&entries) }
  }

  /// ``modify(_:)`` with the folder list too (removed from the file when left empty).
  func modifyWithFolders<T>(_ body: (inout [PropertyList], inout [[String]]) throws -> T) throws -> Change<T> {
    try modifyAll { entries, folders, _ in try body(&entries, &folders) }
  }

  /// ``modifyWithFolders(_:)`` with Recently Deleted's raw entries too (removed from the file
  /// when left empty).
  func modifyAll<T>(_ body: (inout [PropertyList], inout [[String]], inout [PropertyList]) throws -> T) throws
    -> Change<T>
  {
    try StoreError.translating {
      try PrivateFiles.makeDirectory((path as NSString).deletingLastPathComponent)
      return try PrivateFiles.withExclusiveLock(lockPath) {
        PrivateFiles.removeStaleTemporaries(of: path)
        var raw = try readRaw()
        var entries = try bookmarkEntries(in: raw)
        let listed = Self.folders(in: raw)
        var folders = listed
        let listedDeleted = raw[Self.deletedKey]?.array ?? []
        var deleted = listedDeleted
        let result = try body(&entries, &folders, &deleted)
        raw[Self.bookmarksKey] = .array(entries)
        if folders != listed {
          raw[Self.foldersKey] = folders.isEmpty ? nil : .array(folders.map { .array($0.map(PropertyList.string)) })
        }
        if deleted != listedDeleted { raw[Self.deletedKey] = deleted.isEmpty ? nil : .array(deleted) }
        try PrivateFiles.replace(path) { write in
          PropertyListXMLWriter.write(.dictionary(raw)) { piece in piece.withUnsafeBytes { write($0) } }
        }
        var contents = Contents(entries: entries, folders: folders, deleted: deleted)
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
      return Contents(
        bookmarks: plain.bookmarks, unreadableEntries: plain.unreadable, folders: Self.folders(in: plain.others),
        deleted: Self.deletedBookmarks(in: plain.others[Self.deletedKey]?.array ?? []))
    }
    let raw = try parse(data)
    var contents = Contents(
      entries: try bookmarkEntries(in: raw), folders: Self.folders(in: raw), deleted: raw[Self.deletedKey]?.array ?? [])
    contents.unreadableEntries += Self.strayEntries(in: raw)
    return contents
  }

  /// The folder list: each valid path once, in order; anything else under the key is
  /// ignored (and left in the file until a folder is made or changed).
  static func folders(in raw: [String: PropertyList]) -> [[String]] {
    var seen = Set<[String]>()
    return (raw[foldersKey]?.array ?? []).compactMap { item -> [String]? in
      guard let names = item.array?.compactMap(\.string), !names.isEmpty,
        BookmarkOrganisation.problem(folder: names) == nil, !names.contains(where: \.isEmpty),
        seen.insert(names).inserted
      else { return nil }
      return names
    }
  }

  /// Entries that look like bookmarks (a dictionary with a string `id` and `url`) in a list
  /// under another key than `bookmarks`: a flipped bit in the key's name once made five
  /// bookmarks vanish without a word (scripts/torture). They are counted as entries that
  /// can't be read, so the bottom line and `list` say so; they stay in the file as they are.
  static func strayEntries(in raw: [String: PropertyList]) -> Int {
    var count = 0
    for (key, value) in raw where key != bookmarksKey && key != foldersKey && key != deletedKey {
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

  /// Lists the folders of these paths (and their parents) that are not listed yet, so a
  /// folder a bookmark was filed in stays when it is emptied.
  static func list(_ paths: some Sequence<[String]>, in folders: inout [[String]]) {
    var listed: Set<[String]>?
    for path in paths where !path.isEmpty {
      for depth in 1...path.count {
        let prefix = Array(path.prefix(depth))
        if listed == nil { listed = Set(folders) }
        if listed!.insert(prefix).inserted { folders.append(prefix) }
      }
    }
  }

  /// The deleted bookmarks in Recently Deleted's entries, newest first (entries that can't be
  /// read are left in the file and not shown).
  static func deletedBookmarks(in entries: [PropertyList]) -> [DeletedBookmark] {
    entries.compactMap(DeletedBookmark.init(propertyList:)).sorted(by: DeletedBookmark.newestFirst)
  }

  /// Index of the entry with this id, if any.
  static func index(of id: Bookmark.ID, in entries: [PropertyList]) -> Int? {
    entries.firstIndex { $0.dictionary?["id"]?.string == id }
  }
}
