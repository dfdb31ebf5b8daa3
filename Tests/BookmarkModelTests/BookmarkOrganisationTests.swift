import BookmarkModel
import Foundation
import XCTest

/// How typed folder paths and tags become stored values, the limits every entry point
/// checks, and the counts `cloudy folders` and `cloudy tags` print (issue 18.3).
final class BookmarkOrganisationTests: XCTestCase {
  func testFolderPathsAndTagsFromText() {
    XCTAssertEqual(BookmarkOrganisation.folderPath(" /Toolbar // Dev / "), ["Toolbar", "Dev"])
    XCTAssertEqual(BookmarkOrganisation.folderPath(""), [])
    XCTAssertEqual(BookmarkOrganisation.tags("rust, #tech  Rust,,東京"), ["rust", "tech", "東京"])
    XCTAssertEqual(BookmarkOrganisation.tags(" , # "), [])
  }

  func testEveryLimitIsASentence() {
    XCTAssertNil(BookmarkOrganisation.problem(folder: ["Toolbar", "日本"]))
    XCTAssertEqual(BookmarkOrganisation.problem(folder: ["a\u{1B}[2J"]), .folderNameInvisible)
    XCTAssertEqual(BookmarkOrganisation.problem(folder: ["a\u{200D}b"]), .folderNameInvisible)
    XCTAssertEqual(
      BookmarkOrganisation.problem(folder: [String(repeating: "f", count: 256)]), .folderNameTooLong(characters: 256))
    XCTAssertEqual(
      BookmarkOrganisation.problem(folder: Array(repeating: "f", count: 33))?.description,
      "Folders can nest at most 32 deep; this path has 33.")
    XCTAssertEqual(
      BookmarkOrganisation.problem(tags: ["two words"])?.description,
      "A tag can't contain spaces (“two words”); separate tags with spaces or commas.")
    XCTAssertEqual(
      BookmarkOrganisation.problem(tags: [String(repeating: "t", count: 1_000)])?.description,
      "A tag can be at most 64 characters; this one has 1000.")
    XCTAssertEqual(BookmarkOrganisation.problem(tags: (0..<65).map { "t\($0)" }), .tooManyTags(65))
    XCTAssertNil(BookmarkOrganisation.problem(notes: "two\nlines\tand a tab"))
    XCTAssertEqual(BookmarkOrganisation.problem(notes: "bell\u{7}"), .notesInvisible)
    XCTAssertEqual(
      BookmarkOrganisation.problem(notes: String(repeating: "n", count: 10_001))?.description,
      "Notes can be at most 10,000 characters; these have 10,001.")
    let draft = BookmarkDraft(name: "n", url: "https://x.example", folder: ["ok"], tags: ["a b"])
    XCTAssertEqual(draft.organisationProblem, .tagHasSpace("a b"))
  }

  func testFolderAndTagCounts() {
    let date = Date(timeIntervalSince1970: 0)
    func bookmark(_ folder: [String], _ tags: [String]) -> Bookmark {
      Bookmark(
        id: UUID().uuidString, name: "", url: "https://x.example", created: date, modified: date, folder: folder,
        tags: tags)
    }
    let bookmarks = [
      bookmark(["Toolbar", "Dev"], ["swift", "Tech"]), bookmark(["Toolbar"], ["tech"]), bookmark([], []),
      bookmark(["archive"], ["TECH", "tech"]),
    ]
    XCTAssertEqual(
      bookmarks.folderCounts().map { "\($0.count) \($0.path.joined(separator: "/"))" },
      ["1 archive", "2 Toolbar", "1 Toolbar/Dev"])
    XCTAssertEqual(bookmarks.tagCounts().map { "\($0.count) \($0.tag)" }, ["1 swift", "3 Tech"])
  }

  /// The limits are checked on every bookmark read, so ASCII is judged without Unicode's
  /// tables and lengths by bytes first: each answer is still Unicode's and the characters'.
  func testTheQuickChecksAgreeWithUnicode() {
    for value in UInt32(0)..<0x80 {
      let scalar = Unicode.Scalar(value)!
      let control = scalar.properties.generalCategory == .control
      let text = "a\(Character(scalar))b"
      XCTAssertEqual(BookmarkOrganisation.problem(folder: [text]) == .folderNameInvisible, control, "\(value)")
      XCTAssertEqual(BookmarkOrganisation.limitProblem(tags: [text]) == .tagInvisible, control, "\(value)")
      XCTAssertEqual(
        BookmarkOrganisation.problem(notes: text) == .notesInvisible, control && scalar != "\n" && scalar != "\t",
        "\(value)")
    }
    XCTAssertEqual(BookmarkOrganisation.problem(folder: ["a\u{200B}"]), .folderNameInvisible)
    // 255 characters of 4 bytes each are within the limit; one more is not.
    let rockets = String(repeating: "🚀", count: BookmarkOrganisation.maximumFolderNameLength)
    XCTAssertNil(BookmarkOrganisation.problem(folder: [rockets]))
    XCTAssertEqual(BookmarkOrganisation.problem(folder: [rockets + "🚀"]), .folderNameTooLong(characters: 256))
    XCTAssertEqual(BookmarkOrganisation.problem(folder: ["a/b"]), .folderNameHasSlash("a/b"))
  }
}
