import BookmarkModel
import Foundation
import PropertyLists
import XCTest

@testable import KeyValueStore

/// Fuzzes the property-list reader (`Corpus/property-list`: XML as the stores write it,
/// borderline XML, binary lists as Foundation writes them, one with a set), for
/// CLOUDY_FUZZ_SECONDS (1.5 s by default):
///
/// - `error-type`: ``PropertyListReader/read(_:)`` fails only with a ``PropertyListError``,
///   and the key-value cache's reader only with its `Unreadable`;
/// - `date-range`: every date read is one the writer can write (``WritableDate``);
/// - `round-trip`: what is read is written and read back the same (the stores keep values
///   they do not understand and write them back unchanged);
/// - `bookmarks-fast-path`: ``PropertyListReader/bookmarks(in:key:)``, the user-defaults
///   store's fast path, agrees with ``PropertyListReader/read(_:)`` and
///   ``Bookmark/init(propertyList:)``, which quarantines URLs the one URL rule refuses;
/// - `bookmarks-split`: the fast path reads the same when it reads the array in two halves
///   at once;
/// - `cache-round-trip`: a key-value cache file that reads is written and read back the same.
final class PropertyListFuzzTests: XCTestCase {
  static let tokens = [
    "<plist version=\"1.0\">", "</plist>", "<dict>", "</dict>", "<dict/>", "<key>", "</key>", "<key/>", "<array>",
    "</array>", "<array/>", "<string>", "</string>", "<string/>", "<integer>", "</integer>",
    "<integer>99999999999999999999</integer>", "<integer>-9223372036854775808</integer>", "<integer>0x7f</integer>",
    "<real>", "</real>", "<real>nan</real>", "<real>-inf</real>", "<real>1e309</real>", "<true/>", "<false/>", "<true>",
    "<date>", "</date>", "<date>2026-11-22T04:05:05Z</date>", "<date>9999-99-99T99:99:99Z</date>", "<data>", "</data>",
    "<data>AAEC</data>", "<![CDATA[", "]]>", "<!--", "-->", "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
    "<!DOCTYPE plist>",
    "&amp;", "&lt;", "&#27;", "&#x202E;", "&#xD800;", "&#0;", "&#x110000;", "&bogus;", "&", "<key>bookmarks</key>",
    "<key>url</key>", "<key>id</key>", "<key>created</key>", "<string>https://a.example/&#27;[2J</string>",
    "<string>https://a.example/\u{202E}</string>", "<key>format</key><integer>1</integer>", "<key>records</key>",
    "<key>pending</key>", "<key>sequence</key>", "<key>value</key>", "<key>deleted</key>", "bplist00",
  ]

  func testPropertyListReader() {
    FuzzDriver(target: "property-list", tokens: Self.tokens).run { input, _ throws(FuzzFailure) in
      try Self.check(input)
    }
  }

  static func check(_ input: [UInt8]) throws(FuzzFailure) -> String {
    let data = Data(input)
    let fast = PropertyListReader.bookmarks(in: data, key: "bookmarks").map {
      (bookmarks: $0.bookmarks, unreadable: $0.unreadable)
    }
    // Read in two halves at once (a second parser from a likely item past the middle), it
    // reads the same.
    let split = PropertyListReader.bookmarks(in: data, key: "bookmarks", splittingAbove: 0).map {
      (bookmarks: $0.bookmarks, unreadable: $0.unreadable)
    }
    try FuzzFailure.check(
      split?.bookmarks == fast?.bookmarks && split?.unreadable == fast?.unreadable, "bookmarks-split",
      "read in two halves, \(split.map { "\($0.bookmarks.count) bookmarks" } ?? "nothing"); in one,"
        + " \(fast.map { "\($0.bookmarks.count) bookmarks" } ?? "nothing")")
    let value: PropertyList
    do {
      value = try PropertyListReader.read(data)
    } catch let error as PropertyListError {
      try FuzzFailure.check(
        fast == nil, "bookmarks-fast-path",
        "the fast path reads \(fast.map { "\($0.bookmarks.count) bookmarks" } ?? "") where read(_:) fails: \(error)")
      return "error \(error.cannotKeepExactly) \(error.description.prefix { $0 != " " })"
    } catch {
      throw FuzzFailure("error-type", "PropertyListReader.read threw \(type(of: error)): \(error)")
    }
    for date in PropertyListEquivalence.dates(in: value) {
      try WritableDate.check(date, "a date read")
    }
    let written = PropertyListXMLWriter.data(for: value)
    do {
      let again = try PropertyListReader.read(written)
      if let difference = PropertyListEquivalence.difference(value, again) {
        throw FuzzFailure("round-trip", "read, written and read again: \(difference)")
      }
    } catch let failure as FuzzFailure {
      throw failure
    } catch {
      throw FuzzFailure("round-trip", "what was read, written, can't be read again: \(error)")
    }
    try checkFastPath(fast, value)
    let cache = try checkCache(value)
    return
      "\(kind(value)) \(fast.map { "fast \(min($0.bookmarks.count, 2)) \(min($0.unreadable, 2))" } ?? "slow") \(cache)"
  }

  /// The fast path gives exactly the bookmarks, and the count of unreadable entries, that
  /// the general reader and ``Bookmark/init(propertyList:)`` give.
  private static func checkFastPath(
    _ fast: (bookmarks: [Bookmark], unreadable: Int)?, _ value: PropertyList
  ) throws(FuzzFailure) {
    guard let fast else { return }
    guard let root = value.dictionary else {
      throw FuzzFailure("bookmarks-fast-path", "the fast path reads bookmarks from a value that is not a dictionary")
    }
    let entries = root["bookmarks"]?.array ?? []
    let bookmarks = entries.compactMap(Bookmark.init(propertyList:))
    let unreadable = entries.count - bookmarks.count
    if fast.bookmarks != bookmarks || fast.unreadable != unreadable {
      let extra = fast.bookmarks.first { !bookmarks.contains($0) }
      throw FuzzFailure(
        "bookmarks-fast-path",
        "the fast path reads \(fast.bookmarks.count) bookmarks and \(fast.unreadable) unreadable entries, the general"
          + " reader \(bookmarks.count) and \(unreadable)"
          + (extra.map { "; only the fast path reads \($0.id) with the URL \(ForbiddenScalar.visible($0.url))" } ?? ""))
    }
  }

  /// The key-value store's cache file: it reads, or fails with its own error; what reads is
  /// written and read back the same.
  private static func checkCache(_ value: PropertyList) throws(FuzzFailure) -> String {
    let cache: KeyValueCache
    do {
      cache = try KeyValueCache(propertyList: value)
    } catch is KeyValueCache.Unreadable {
      return "cache unreadable"
    } catch {
      throw FuzzFailure("error-type", "KeyValueCache(propertyList:) threw \(type(of: error)): \(error)")
    }
    do {
      let again = try KeyValueCache(propertyList: cache.propertyList)
      try FuzzFailure.check(
        again == cache, "cache-round-trip", "the cache \(cache) is written and read back as \(again)")
    } catch let failure as FuzzFailure {
      throw failure
    } catch {
      throw FuzzFailure("cache-round-trip", "the cache \(cache) is written and can't be read back: \(error)")
    }
    return "cache \(min(cache.records.count, 2)) \(min(cache.pending.count, 2))"
  }

  private static func kind(_ value: PropertyList) -> String {
    switch value {
    case .dictionary(let entries): "dictionary \(min(entries.count, 3))"
    case .array(let items): "array \(min(items.count, 3))"
    default: "scalar"
    }
  }
}
