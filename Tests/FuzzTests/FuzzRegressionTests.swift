import BookmarkFormats
import Foundation
import PropertyLists
import XCTest

@testable import BookmarkModel
@testable import TerminalUI

/// Inputs the fuzz targets found that break a property, each as a plain unit test (minimized
/// where that kept it readable). They failed until the code was fixed; a test whose input
/// crashes the process while unfixed runs only with `CLOUDY_FUZZ_CRASHERS=1`, so it cannot
/// stop every other test (none does now: the two crashers are fixed and always run).
final class FuzzRegressionTests: XCTestCase {
  private let environment = BookmarkEnvironment(
    now: { Date(timeIntervalSince1970: 1_750_000_000) }, newID: { UUID().uuidString.lowercased() })

  /// What the reader makes of `chunks`, fed one after the other.
  private func read(_ chunks: [[UInt8]]) -> Result<ParsedFile, BookmarkFileError>? {
    var reader = BookmarkFileReader()
    do {
      for chunk in chunks { try reader.feed(chunk) }
      return .success(try reader.finish())
    } catch let error as BookmarkFileError {
      return .failure(error)
    } catch {
      XCTFail("not a BookmarkFileError: \(error)")
      return nil
    }
  }

  // MARK: - Bookmark files

  /// `netscape`, `bookmark-json` / `chunk-split`: a UTF-8 byte-order mark cut across the first
  /// chunks is not recognized, so the file is read as HTML ("not a bookmark file") instead of
  /// JSON. The reader promises chunks of any size.
  func testAByteOrderMarkSplitAcrossChunksIsStillRecognized() {
    let json = Array(
      #"[{"id":"a","name":"n","url":"https://a.example","created":"2026-11-22T09:00:00Z","modified":"2026-11-22T09:00:00Z"}]"#
        .utf8)
    let whole = read([[0xEF, 0xBB, 0xBF] + json])
    XCTAssertEqual(whole?.map(\.bookmarks.count), .success(1))
    XCTAssertEqual(read([[0xEF], [0xBB], [0xBF] + json]), whole, "the mark cut after its first and second byte")
    XCTAssertEqual(read([[0xEF], [0xBB], [0xBF]]), read([[0xEF, 0xBB, 0xBF]]), "a file that is only the mark")
  }

  /// `bookmark-json` / `date-range`: a JSON date in seconds is taken whatever its size. An
  /// imported date beyond Int64 seconds traps the writers (`ISO8601.format`,
  /// `BookmarkTimestamp.text`: the document, property-list and HTML export), and one past the
  /// year 9999 is written with its year cut to four digits.
  func testJSONDatesTheWritersCannotWriteAreNotImported() throws {
    for created in ["1e300", "700999999900"] {
      let json = #"[{"id":"a","name":"n","url":"https://a.example","created":\#(created),"modified":1}]"#
      let file = try BookmarkJSON.parse(Data(json.utf8))
      let plan = ImportPlan(file: file, existing: [], environment: environment)
      for bookmark in plan.additions {
        XCTAssertTrue(
          WritableDate.range.contains(bookmark.created.timeIntervalSince1970),
          "created \(created) is imported as \(bookmark.created.timeIntervalSince1970) s")
      }
    }
  }

  /// `bookmark-json` / `store-round-trip`: a JSON entry with an empty id is imported with it,
  /// and no store can read such a bookmark back (documents and property-list entries need an
  /// id): it is saved, then quarantined as unreadable.
  func testAnEmptyJSONIdIsNotImportedAsIs() throws {
    let json = #"[{"id":"","name":"n","url":"https://a.example","created":1,"modified":1}]"#
    let plan = ImportPlan(file: try BookmarkJSON.parse(Data(json.utf8)), existing: [], environment: environment)
    guard let bookmark = plan.additions.first else { return }  // refused: fine
    XCTAssertNotNil(
      BookmarkDocument.read(BookmarkDocument.data(for: bookmark, order: 1)), "id \(bookmark.id.debugDescription)")
  }

  /// `bookmark-json` / `export-round-trip` (low severity): a folder name or notes that begin or
  /// end with a space (kept by a JSON import, or read from `&#32;` in HTML) are exported with
  /// a bare space, which the HTML reader trims: export → import → export changes the file.
  func testEdgeSpacesSurviveAnHTMLExportAndImport() throws {
    let bookmark = Bookmark(
      id: "p", name: "Padded", url: "https://padded.example", created: Date(timeIntervalSince1970: 0),
      modified: Date(timeIntervalSince1970: 0), folder: [" Work "], notes: " ")
    guard case .success(let file) = read([Array(NetscapeBookmarkWriter.data(for: [bookmark]))]) else {
      return XCTFail("the export can't be read")
    }
    let imported = try XCTUnwrap(ImportPlan(file: file, existing: [], environment: environment).additions.first)
    XCTAssertEqual(imported.folder, bookmark.folder)
    XCTAssertEqual(imported.notes, bookmark.notes)
  }

  // MARK: - Property lists and documents

  /// `property-list` / `bookmarks-fast-path`: the user-defaults store's fast path reads an entry
  /// whose URL the one URL rule refuses, which ``Bookmark/init(propertyList:)`` quarantines.
  func testTheUserDefaultsFastPathQuarantinesURLsTheRuleRefuses() throws {
    for url in ["https://b.example/&#x202E;gpj", "https://b.example/&#27;[2J", ""] {
      try assertBothReadersRefuse("<key>url</key><string>\(url)</string>")
    }
  }

  /// `property-list` / `bookmarks-fast-path` (seed 0xc10df022): the fast path read an entry
  /// whose folder's name has a control character, which ``Bookmark/init(propertyList:)``
  /// refuses as over the model's limits.
  func testTheUserDefaultsFastPathRefusesWhatTheModelsLimitsRefuse() throws {
    for field in [
      "<key>folder</key><array><string>Tool&#x18;bar</string></array>",
      "<key>tags</key><array><string>a&#x202E;</string></array>",
      "<key>name</key><string>\(String(repeating: "n", count: BookmarkOrganisation.maximumNameLength + 1))</string>",
    ] {
      try assertBothReadersRefuse("<key>url</key><string>https://a.example</string>" + field)
    }
  }

  /// One entry (an id, then `fields`) is unreadable to the fast path and to
  /// ``Bookmark/init(propertyList:)`` alike.
  private func assertBothReadersRefuse(_ fields: String, line: UInt = #line) throws {
    let xml =
      "<plist><dict><key>bookmarks</key><array><dict><key>id</key><string>a</string>\(fields)</dict></array></dict>"
      + "</plist>"
    let fast = try XCTUnwrap(PropertyListReader.bookmarks(in: Data(xml.utf8), key: "bookmarks"), line: line)
    XCTAssertEqual(fast.bookmarks, [], fields, line: line)
    XCTAssertEqual(fast.unreadable, 1, fields, line: line)
    let entry = try PropertyListReader.read(Data(xml.utf8)).dictionary?["bookmarks"]?.array?.first
    XCTAssertNil(Bookmark(propertyList: try XCTUnwrap(entry, line: line)), fields, line: line)
  }

  /// `property-list` / `date-range`: a binary property list (read through Foundation) with a
  /// date of 1e300 s is read; writing it back (the user-defaults store rewrites its domain)
  /// traps in `ISO8601.format`.
  func testABinaryPropertyListDateTheWriterCannotWriteIsRefused() {
    // {"d": date 1e300, "x": [1, 2.5, "s"]} as PropertyListSerialization writes it.
    let bytes: [UInt8] = [
      0x62, 0x70, 0x6C, 0x69, 0x73, 0x74, 0x30, 0x30, 0xD2, 0x01, 0x02, 0x03, 0x04, 0x51, 0x64, 0x51, 0x78, 0x33, 0x7E,
      0x37, 0xE4, 0x3C, 0x88, 0x00, 0x75, 0x9C, 0xA3, 0x05, 0x06, 0x07, 0x10, 0x01, 0x23, 0x40, 0x04, 0x00, 0x00, 0x00,
      0x00, 0x00, 0x00, 0x51, 0x73, 0x08, 0x0D, 0x0F, 0x11, 0x1A, 0x1E, 0x20, 0x29, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
      0x01, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
      0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x2B,
    ]
    guard let value = try? PropertyListReader.read(Data(bytes)) else { return }
    for date in PropertyListEquivalence.dates(in: value) {
      XCTAssertTrue(
        WritableDate.range.contains(date.timeIntervalSince1970), "a date of \(date.timeIntervalSince1970) s is read")
    }
  }

  /// `key-value-value` / `date-range`: `ISO8601.parse` takes out-of-range fields (month 99,
  /// second 99) and normalizes them into a year past 9999, which the writer then writes as
  /// year 0007: a value from the cloud changes when the store writes it back.
  func testAnOutOfRangeDateIsRefusedRatherThanRewrittenAsAnotherYear() throws {
    for text in ["9999-99-99T99:99:99Z", "9999-12-31T23:59:60Z"] {
      guard let value = try? PropertyListReader.readElement(Data("<date>\(text)</date>".utf8)) else { continue }
      let again = try PropertyListReader.readElement(PropertyListXMLWriter.element(for: value))
      XCTAssertEqual(again, value, "\(text) read, written and read again")
    }
  }

  /// `document` / `round-trip`: the same for a document's dates.
  func testADocumentDateOutOfRangeIsRefusedRatherThanRewrittenAsAnotherYear() {
    let text = "cloudy-bookmark 1\nid: a\nurl: https://a.example\ncreated: 9999-12-31T23:59:60Z\n"
    guard let (bookmark, order) = BookmarkDocument.read(Data(text.utf8)) else { return }
    let again = BookmarkDocument.read(BookmarkDocument.data(for: bookmark, order: order))
    XCTAssertEqual(again?.bookmark, bookmark)
  }

  /// `property-list` / crash: any binary property list holding a non-empty set makes
  /// swift-corelibs-foundation's `PropertyListSerialization`, which ``PropertyListReader``
  /// falls back to for anything but XML, dereference a null pointer (SIGSEGV). A damaged
  /// user-defaults, settings or key-value cache file crashes Cloudy. Found with seed 0x1.
  func testABinaryPropertyListWithASetIsRefusedNotCrashed() throws {
    // bplist00: a set holding the string "a".
    let bytes: [UInt8] = [
      0x62, 0x70, 0x6C, 0x69, 0x73, 0x74, 0x30, 0x30, 0xC1, 0x01, 0x51, 0x61, 0x08, 0x0A, 0x00, 0x00, 0x00, 0x00, 0x00,
      0x00, 0x01, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
      0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x0C,
    ]
    XCTAssertThrowsError(try PropertyListReader.read(Data(bytes)))
  }

  /// Found reading `PropertyListXMLParser` (inputs this long are beyond the fuzzer's length):
  /// it recurses once per nested `<array>` or `<dict>` with no limit, so a key-value value from
  /// the cloud of 100,000 nested arrays (700 KB, under the store's 1 MB value limit) overflows
  /// the stack of every device that fetches it (SIGSEGV).
  func testDeeplyNestedPropertyListsAreRefusedNotCrashed() throws {
    let nested = String(repeating: "<array>", count: 100_000)
    XCTAssertThrowsError(try PropertyListReader.readElement(Data(nested.utf8)))
    XCTAssertThrowsError(try PropertyListReader.read(Data(("<plist>" + nested).utf8)))
  }

  // MARK: - The URL rule

  /// `url` / `storage-rule`: `storageProblem` looks for a control character only as the first
  /// or last character, so white space before it hides it: a store keeps `" \nhttps://…"`.
  func testALineBreakInsideLeadingWhiteSpaceIsRefused() {
    for url in [" \nhttps://a.example", "https://a.example\n ", " \u{85}https://a.example", " \n t"] {
      XCTAssertNotNil(BookmarkURL.storageProblem(url), url.debugDescription)
    }
    let document = "cloudy-bookmark 1\nid: a\nurl:  \\nhttps://a.example\ncreated: 2026-11-22T09:00:00Z\n"
    XCTAssertNil(BookmarkDocument.read(Data(document.utf8)), "a document with such a URL is quarantined")
  }

  /// `url` / `accept-rule`: `accept` puts `https://` before a host that starts with a combining
  /// mark; the mark joins the `/` into one character, so the URL it returns is refused by the
  /// rule itself (`storageProblem`), and a bookmark saved with it can't be read back.
  func testAnAcceptedURLPassesTheRule() {
    for input in ["\u{301}", "\u{301}example.com"] {
      guard case .success(let url) = BookmarkURL.accept(input) else { continue }
      XCTAssertNil(
        BookmarkURL.storageProblem(url.text), "accept(\(input.debugDescription)) gives \(url.text.debugDescription)")
    }
  }

  // MARK: - Terminal input

  private func keys(_ reads: [String]) -> [KeyDecoder.Input] {
    var parser = InputParser()
    var keys: [KeyDecoder.Input] = []
    for read in reads {
      for scalar in read.unicodeScalars { keys += parser.feed(.character(scalar)) }
      keys += parser.flush()
    }
    return keys + parser.finishPaste()
  }

  /// `terminal-input` / `read-split`: a bracketed paste's end marker cut across two reads is
  /// lost when the cut falls after `ESC [`: `flush()` drops the unfinished CSI (after `ESC [`
  /// alone it even sends Alt-[), the rest of the marker is pasted as text, and the keys typed
  /// after it go into the paste until the terminal pauses.
  func testAPasteEndMarkerCutAcrossReadsStillEndsThePaste() {
    let expected: [KeyDecoder.Input] = [.key(.paste("abc")), .key(.character("x"))]
    XCTAssertEqual(keys(["\u{1B}[200~abc\u{1B}[201~x"]), expected)
    for cut in ["\u{1B}", "\u{1B}[", "\u{1B}[2", "\u{1B}[20", "\u{1B}[201"] {
      let rest = String("\u{1B}[201~".dropFirst(cut.count))
      XCTAssertEqual(keys(["\u{1B}[200~abc" + cut, rest + "x"]), expected, "cut after \(cut.debugDescription)")
    }
  }

  /// Found reading `InputParser` for the `read-split` property (inputs this long are beyond
  /// the fuzzer's length): escape sequences inside a paste are added to it without being
  /// counted, so a paste passes ``InputParser/longestPaste``, which its comment promises it
  /// never does.
  func testAPasteOfEscapeSequencesStaysWithinItsLimit() {
    var parser = InputParser()
    var keys: [KeyDecoder.Input] = []
    for scalar in "\u{1B}[200~".unicodeScalars { keys += parser.feed(.character(scalar)) }
    for _ in 0..<40_000 {
      for scalar in "\u{1B}[A".unicodeScalars { keys += parser.feed(.character(scalar)) }
    }
    for scalar in "\u{1B}[201~".unicodeScalars { keys += parser.feed(.character(scalar)) }
    guard case .key(.paste(let text)) = keys.first else { return XCTFail("no paste: \(keys.prefix(3))") }
    XCTAssertLessThanOrEqual(text.count, InputParser.longestPaste)
  }
}
