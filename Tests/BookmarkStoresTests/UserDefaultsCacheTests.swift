import BookmarkModel
import DurableFiles
import Foundation
import PropertyLists
import TestSupport
import XCTest

@testable import DefaultsBookmarks

/// The user-defaults store's binary cache (`cloudy.plist.cache`): read only when whole, of
/// this version and stamped with the domain file's current signature; the property list
/// stays the truth.
final class UserDefaultsCacheTests: XCTestCase {
  private var home: TemporaryFolder!
  private var path: String { home.path + "/config/cloudy.plist" }
  private var cachePath: String { path + ".cache" }

  override func setUpWithError() throws {
    home = try TemporaryFolder()
  }

  override func tearDown() {
    home.remove()
  }

  private func makeStore() -> UserDefaultsStore {
    UserDefaultsStore(path: path, pollInterval: .milliseconds(20))
  }

  /// A store holding "Apple" and "東京", and its cache.
  private func storeTwo() async throws -> [Bookmark] {
    let store = makeStore()
    _ = try await store.add(BookmarkDraft(name: "Apple", url: "https://www.apple.com"))
    _ = try await store.add(BookmarkDraft(name: "東京 🚀", url: "https://東京.jp/?q=1"))
    return try await store.load()
  }

  /// A well-formed cache for the current file that says something else: a fresh load returns
  /// it only if the cache is really read.
  private func forgedContents() -> DefaultsDomain.Contents {
    let forged = Bookmark(
      id: "forged", name: "From the cache", url: "https://cache.example", created: Date(timeIntervalSince1970: 5),
      modified: Date(timeIntervalSince1970: 6), folder: ["A", "B"], notes: "n", tags: ["t"])
    return DefaultsDomain.Contents(bookmarks: [forged], unreadableEntries: 0)
  }

  private func signature() throws -> PrivateFiles.Signature {
    try XCTUnwrap(PrivateFiles.signature(path))
  }

  // MARK: - Written and used

  func testEveryWriteLeavesAPrivateCacheThatLoadsTheSameBookmarks() async throws {
    let stored = try await storeTwo()
    var info = stat()
    XCTAssertEqual(stat(cachePath, &info), 0, "the cache exists after a write")
    XCTAssertEqual(info.st_mode & 0o777, 0o600)
    let cached = try XCTUnwrap(DefaultsDomainCache.read(cachePath, matching: try signature()))
    XCTAssertEqual(cached.bookmarks, stored)
    let fresh = try await makeStore().load()
    XCTAssertEqual(fresh, stored)
  }

  func testACacheStampedWithTheFilesSignatureIsWhatLoads() async throws {
    _ = try await storeTwo()
    DefaultsDomainCache.write(forgedContents(), stamp: try signature(), to: cachePath)
    let loaded = try await makeStore().load()
    XCTAssertEqual(loaded, forgedContents().bookmarks, "the cache answered, not the XML")
  }

  func testEveryFieldAndTheUnreadableCountRoundTrip() throws {
    let stamp = try XCTUnwrap(PrivateFiles.signature(home.path))  // any real signature
    let bookmarks = [
      Bookmark(
        id: "a", name: "", url: "https://a.example", created: Date(timeIntervalSince1970: 1.5),
        modified: Date(timeIntervalSince1970: 2)),
      Bookmark(
        id: "مرحبا", name: String(repeating: "👩‍💻 long ", count: 500), url: "https://x.example/?a=1&b=%E6%9D%B1",
        created: Date(timeIntervalSince1970: 1_700_000_000), modified: Date(timeIntervalSince1970: 1_800_000_000),
        folder: ["Toolbar", "東京"], notes: "line\nbreak", tags: ["swift", "旅行"]),
      // The same folder and tags as the one before (shared on reading), then ones of the same length that differ.
      Bookmark(
        id: "c", name: "C", url: "https://c.example", created: Date(timeIntervalSince1970: 3),
        modified: Date(timeIntervalSince1970: 3), folder: ["Toolbar", "東京"], tags: ["swift", "旅行"]),
      Bookmark(
        id: "d", name: "D", url: "https://d.example", created: Date(timeIntervalSince1970: 4),
        modified: Date(timeIntervalSince1970: 4), folder: ["Toolbar", "京東"], tags: ["swifT", "旅行"]),
    ]
    let bytes = DefaultsDomainCache.encode(
      DefaultsDomain.Contents(bookmarks: bookmarks, unreadableEntries: 3), stamp: stamp)
    let result = bytes.withUnsafeBytes { raw -> DefaultsDomain.Contents? in
      DefaultsDomainCache.decode(raw, matching: stamp)
    }
    let decoded = try XCTUnwrap(result)
    XCTAssertEqual(decoded.bookmarks, bookmarks)
    XCTAssertEqual(decoded.unreadableEntries, 3)
  }

  // MARK: - Never trusted when stale, damaged or foreign

  func testAStaleStampIsIgnoredAndTheXMLRead() async throws {
    let stored = try await storeTwo()
    let stamp = try signature()
    let changes: [(inout PrivateFiles.Signature) -> Void] = [
      { $0.nanoseconds += 1 }, { $0.seconds -= 1 }, { $0.size += 1 }, { $0.inode += 1 },
    ]
    for change in changes {
      var stale = stamp
      change(&stale)
      DefaultsDomainCache.write(forgedContents(), stamp: stale, to: cachePath)
      let loaded = try await makeStore().load()
      XCTAssertEqual(loaded, stored, "a cache for another version of the file is not read")
      // The parse rewrote the cache for the file as it is (off the read's path).
      DefaultsDomainCache.finishWrites()
      let rewritten = try XCTUnwrap(DefaultsDomainCache.read(cachePath, matching: try signature()))
      XCTAssertEqual(rewritten.bookmarks, stored)
    }
    // A change by another program (Foundation here) makes the cache stale too.
    let foreign: [String: Any] = ["bookmarks": [["id": "f", "name": "Foundation", "url": "https://f.example"]]]
    try PropertyListSerialization.data(fromPropertyList: foreign, format: .xml, options: 0)
      .write(to: URL(fileURLWithPath: path))
    let loaded = try await makeStore().load()
    XCTAssertEqual(loaded.map(\.name), ["Foundation"])
  }

  /// A lookup by id is answered by the cache when its stamp matches (the forged cache's
  /// bookmark comes back), and by the property list when another program wrote it since.
  func testALookupByIDReadsTheCacheOnlyWhenItsStampMatches() async throws {
    let stored = try await storeTwo()
    // The cache read by id alone (the folders and Recently Deleted after the list unread).
    let byID = DefaultsDomainCache.bookmarks(withIDs: [stored[1].id], in: cachePath, matching: try signature())
    XCTAssertEqual(byID, [stored[1]])
    DefaultsDomainCache.write(forgedContents(), stamp: try signature(), to: cachePath)
    let fromCache = try await makeStore().bookmarks(withIDs: ["forged", stored[0].id])
    XCTAssertEqual(fromCache.map(\.name), ["From the cache"])

    let foreign: [String: Any] = [
      "bookmarks": [
        ["id": "f", "name": "Foundation", "url": "https://f.example"],
        ["id": "g", "name": "G", "url": "https://g.example"],
      ]
    ]
    try PropertyListSerialization.data(fromPropertyList: foreign, format: .xml, options: 0)
      .write(to: URL(fileURLWithPath: path))
    let fromFile = try await makeStore().bookmarks(withIDs: ["forged", "g"])
    XCTAssertEqual(fromFile.map(\.name), ["G"])
  }

  func testACorruptOrTruncatedCacheIsIgnoredAndRewritten() async throws {
    let stored = try await storeTwo()
    DefaultsDomainCache.write(forgedContents(), stamp: try signature(), to: cachePath)
    let good = try Data(contentsOf: URL(fileURLWithPath: cachePath))
    let nameOffset = try XCTUnwrap(good.range(of: Data("From the cache".utf8))).lowerBound
    var flipped = good
    flipped[nameOffset] ^= 0x01  // "Grom the cache": still valid UTF-8, caught by the checksum
    var badLength = good
    badLength[nameOffset - 4] &+= 1  // a string's byte count
    for damaged in [
      flipped, badLength, good.prefix(good.count - 1), good.prefix(DefaultsDomainCache.headerSize),
      good.prefix(10), Data(), good + Data([0]), Data(repeating: 0xFF, count: good.count),
    ] {
      try damaged.write(to: URL(fileURLWithPath: cachePath))
      let loaded = try await makeStore().load()
      XCTAssertEqual(loaded, stored, "a damaged cache (\(damaged.count) bytes) is not read")
      DefaultsDomainCache.finishWrites()
      let rewritten = try XCTUnwrap(DefaultsDomainCache.read(cachePath, matching: try signature()))
      XCTAssertEqual(rewritten.bookmarks, stored)
    }
  }

  func testACacheOfAnotherFormatVersionIsIgnored() async throws {
    let stored = try await storeTwo()
    DefaultsDomainCache.write(forgedContents(), stamp: try signature(), to: cachePath)
    var other = try Data(contentsOf: URL(fileURLWithPath: cachePath))
    other[8] = UInt8(truncatingIfNeeded: DefaultsDomainCache.formatVersion + 1)  // the version, after the magic
    try other.write(to: URL(fileURLWithPath: cachePath))
    let loaded = try await makeStore().load()
    XCTAssertEqual(loaded, stored)
    var foreign = try Data(contentsOf: URL(fileURLWithPath: cachePath))
    foreign[0] = UInt8(ascii: "X")  // not our magic
    try foreign.write(to: URL(fileURLWithPath: cachePath))
    let again = try await makeStore().load()
    XCTAssertEqual(again, stored)
  }

  func testAMissingDomainIgnoresALeftoverCache() async throws {
    _ = try await storeTwo()
    try FileManager.default.removeItem(atPath: path)
    let loaded = try await makeStore().load()
    XCTAssertEqual(loaded, [])
  }

  func testUnreadableEntriesAreReportedThroughTheCacheToo() async throws {
    try FileManager.default.createDirectory(atPath: home.path + "/config", withIntermediateDirectories: true)
    let original: [String: Any] = ["bookmarks": [["id": "a", "name": "A", "url": "https://a.example"], ["x": "y"]]]
    try PropertyListSerialization.data(fromPropertyList: original, format: .xml, options: 0)
      .write(to: URL(fileURLWithPath: path))
    let first = await makeStore().status()  // parses, writes the cache
    DefaultsDomainCache.finishWrites()
    XCTAssertNotNil(DefaultsDomainCache.read(cachePath, matching: try signature()))
    let second = await makeStore().status()  // from the cache
    XCTAssertEqual(first.problem, "1 stored entry could not be read; it is kept as it is.")
    XCTAssertEqual(second.problem, first.problem)
  }

  func testAWriterRemovesCacheTemporariesLeftByKilledProcesses() async throws {
    _ = try await storeTwo()
    let leftover = cachePath + ".tmp-99999-1"
    try Data("half a cache".utf8).write(to: URL(fileURLWithPath: leftover))
    _ = try await makeStore().add(BookmarkDraft(name: "Third", url: "https://third.example"))
    XCTAssertFalse(FileManager.default.fileExists(atPath: leftover))
  }
}
