import BookmarkModel
import Foundation
import TestSupport
import XCTest

/// Every status `cloudy check` can print is named in `check --help` and in
/// docs/command-line.md, so a script's author knows every word to expect.
final class CheckStatusListTests: XCTestCase {
  /// Each status a check can find, as it prints it.
  private let labels = [
    LinkStatus.moved(to: "https://x.example"), .gone(404), .clientError(403), .serverError(500), .dnsFailure, .refused,
    .timeout, .tlsError(""), .badRedirect(""), .notWeb, .failed(""), .unchecked(""),
  ].map(\.label)

  func testCheckHelpNamesEveryStatus() throws {
    let help = try ChildProcess.cloudy(["check", "--help"], environment: [:])
    XCTAssertEqual(help.status, 0, help.stderr)
    let words = Set(help.stdout.split { !($0.isLetter || $0 == "-") }.map(String.init))
    for label in labels { XCTAssertTrue(words.contains(label), "check --help doesn't name \(label): \(help.stdout)") }
  }

  func testTheCommandLineDocsNameEveryStatus() throws {
    let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/command-line.md")
    let text = try String(contentsOf: docs, encoding: .utf8)
    for label in labels { XCTAssertTrue(text.contains("`\(label)`"), "docs/command-line.md doesn't name \(label)") }
  }
}
