import Foundation
import TestSupport
import XCTest

/// The security issues a user can reach from the command line (issue 16), run against the
/// real binary: what it refuses, what it prints, and what it leaves in the home folder.
final class SecurityCommandTests: XCTestCase {
  private var home: TemporaryFolder!

  override func setUpWithError() throws {
    home = try TemporaryFolder()
  }

  override func tearDown() {
    home.remove()
  }

  private func cloudy(_ arguments: [String], environment: [String: String] = [:]) throws -> ChildProcess.Output {
    try ChildProcess.cloudy(arguments, environment: ["CLOUDY_HOME": home.path].merging(environment) { _, new in new })
  }

  /// Every file under the home folder, with its path and contents, for "is it anywhere?" checks.
  private func everythingInHome() throws -> [(path: String, contents: String)] {
    let enumerator = FileManager.default.enumerator(atPath: home.path)
    var found: [(String, String)] = []
    while let relative = enumerator?.nextObject() as? String {
      let path = home.path + "/" + relative
      let contents = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) } ?? ""
      found.append((relative, contents))
    }
    return found
  }

  // MARK: - 16.1 A password smuggled into the cloud address

  func testAPercentEncodedPasswordIsRefusedAndWrittenNowhere() throws {
    let password = "s3cr3t-horse"
    for offline in [false, true] {
      for address in [
        "postgres://cloudy%3A\(password)@127.0.0.1:1/cloudy", "postgres://cloudy%3a\(password)@127.0.0.1:1/cloudy",
      ] {
        let result = try cloudy(
          ["--store", "key-value", "--cloud", address] + (offline ? ["--offline"] : []) + ["add", "https://u.example"],
          environment: ["PGPASSWORD": password])
        XCTAssertEqual(result.status, 1, "\(address) is refused: \(result.stderr)")
        XCTAssertTrue(result.stderr.contains("password"), result.stderr)
        XCTAssertFalse(result.stderr.contains(password), "the message never holds it: \(result.stderr)")
        XCTAssertFalse(result.stdout.contains(password), result.stdout)
        for file in try everythingInHome() {
          XCTAssertFalse(file.path.contains(password), "no file is named for it: \(file.path)")
          XCTAssertFalse(file.contents.contains(password), "\(file.path) does not hold it")
        }
      }
    }
  }

  // MARK: - 16.3 One URL rule at every entry point

  /// The folder the documents store keeps its `.bookmark` files in, found from one added.
  private func documentsFolder() throws -> String {
    let added = try cloudy(["--store", "documents", "--offline", "add", "https://first.example"])
    XCTAssertEqual(added.status, 0, added.stderr)
    let file = try XCTUnwrap(try everythingInHome().first { $0.path.hasSuffix(".bookmark") }?.path)
    return home.path + "/" + (file as NSString).deletingLastPathComponent
  }

  func testADroppedDocumentWithAHostileURLIsQuarantinedVisibly() throws {
    let folder = try documentsFolder()
    let document =
      "cloudy-bookmark 1\nid: dropped\nname: Dropped\nurl: https://d.example/\u{1B}]0;X\u{7}\n"
      + "created: 2026-01-01T00:00:00Z\n"
    try Data(document.utf8).write(to: URL(fileURLWithPath: folder + "/dropped.bookmark"))
    let list = try cloudy(["--store", "documents", "--offline", "list", "--json"])
    XCTAssertEqual(list.status, 0, list.stderr)
    XCTAssertFalse(list.stdout.contains("dropped"), "never listed: \(list.stdout)")
    XCTAssertTrue(list.stdout.contains("first.example"), list.stdout)
    // Quarantined with a visible mark: named on stderr and kept aside (never deleted).
    XCTAssertTrue(
      list.stderr.contains("dropped.bookmark") && list.stderr.contains("could not be read"),
      "said on stderr: \(list.stderr)")
    let kept = try everythingInHome().contains { ($0.path as NSString).lastPathComponent.hasPrefix("dropped.bookmark") }
    XCTAssertTrue(kept, "kept, in place or aside")
  }

  func testImportRefusesABidiOverrideInAURL() throws {
    let file = home.path + "/bidi.html"
    let html =
      "<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n<DT><A HREF=\"https://e.example/\u{202E}gpj.exe\">E</A>\n"
      + "<DT><A HREF=\"https://ok.example/\">OK</A>\n</DL><p>\n"
    try Data(html.utf8).write(to: URL(fileURLWithPath: file))
    let result = try cloudy(["import", file, "--yes"])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertTrue(result.stdout.contains("line 3: “E” — its URL"), result.stdout)
    let list = try cloudy(["list"])
    XCTAssertFalse(list.stdout.contains("e.example"), list.stdout)
    XCTAssertTrue(list.stdout.contains("ok.example"), list.stdout)
  }

  // MARK: - 14.16 Schemes, renames and default names

  func testImportedNonWebBookmarksCanBeRenamedAndUntitledOnesGetADefaultName() throws {
    let file = home.path + "/nonweb.html"
    let html =
      "<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n<DT><A HREF=\"javascript:void(0)\">JS</A>\n"
      + "<DT><A HREF=\"place:sort=8\"></A>\n</DL><p>\n"
    try Data(html.utf8).write(to: URL(fileURLWithPath: file))
    XCTAssertEqual(try cloudy(["import", file, "--yes"]).status, 0)
    let lines = try cloudy(["list"]).stdout.split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
    XCTAssertEqual(lines.map { $0[1] }, ["JS", "place:sort=8"], "an untitled import is named for its URL")
    let renamed = try cloudy(["edit", lines[0][0], "--name", "Bookmarklet"])
    XCTAssertEqual(renamed.status, 0, renamed.stderr)
    XCTAssertEqual(try cloudy(["list"]).stdout.split(separator: "\n").first?.split(separator: "\t")[1], "Bookmarklet")

    let added = try cloudy(["add", "file:///etc/passwd"])
    XCTAssertEqual(added.status, 0, added.stderr)
    XCTAssertTrue(try cloudy(["list"]).stdout.contains("\tfile:///etc/passwd\tfile:///etc/passwd"), "named for its URL")
  }

  // MARK: - 16.5 Echoes of what was typed

  func testUnknownArgumentsAreEchoedSanitized() throws {
    for arguments in [
      ["\u{1B}]0;T\u{7}"], ["list", "--bogus\u{1B}[2J"], ["add", "https://x.example", "\u{9B}31m\u{202E}"],
    ] {
      let result = try cloudy(arguments)
      XCTAssertNotEqual(result.status, 0)
      XCTAssertFalse(result.stderr.isEmpty)
      XCTAssertFalse(
        result.stderr.unicodeScalars.contains {
          $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x9B || $0.value == 0x202E
        },
        "no raw control or bidi character: \(result.stderr.debugDescription)")
      XCTAssertTrue(result.stderr.contains("␛") || result.stderr.contains("�"), result.stderr.debugDescription)
    }
  }

  // MARK: - 16.4 list --json

  func testListJSONEscapesInvisibleFormattingCharacters() throws {
    let added = try cloudy(["add", "https://x.example", "--name", "a\u{061C}b\u{200B}c\u{2066}d\u{2069}"])
    XCTAssertEqual(added.status, 0, added.stderr)
    let list = try cloudy(["list", "--json"])
    for scalar in ["\u{061C}", "\u{200B}", "\u{2066}", "\u{2069}"] {
      XCTAssertFalse(list.stdout.contains(scalar), "raw \(scalar.unicodeScalars.first!.value): \(list.stdout)")
    }
    XCTAssertTrue(list.stdout.contains("a\\u061Cb\\u200Bc\\u2066d\\u2069"), list.stdout)
  }

  /// Issue 16.4 through the binary: every export format writes the hostile corpus's
  /// invisible formatting characters as references or escapes, never raw.
  func testEveryExportFormatEscapesTheHostileCorpus() throws {
    let hostile = ["\u{202E}", "\u{202C}", "\u{2066}", "\u{2069}", "\u{200F}", "\u{061C}", "\u{200B}"]
    let name = "evil" + hostile.joined(separator: "x")
    XCTAssertEqual(try cloudy(["add", "https://x.example/p", "--name", name]).status, 0)
    for format in ["html", "xbel", "json"] {
      let export = try cloudy(["export", "--format", format])
      XCTAssertEqual(export.status, 0, export.stderr)
      XCTAssertTrue(export.stdout.contains("x.example"), "\(format): \(export.stdout)")
      for scalar in hostile {
        XCTAssertFalse(
          export.stdout.contains(scalar), "\(format) holds U+\(String(scalar.unicodeScalars.first!.value, radix: 16))")
      }
    }
  }

  /// Issue 16.3, the document store's cloud entry point: a document whose URL carries a
  /// terminal escape, arriving from the cloud (as another device, or a hostile one, put it
  /// there), is never listed and never written raw into this device's files.
  func testAHostileDocumentFromTheCloudIsQuarantinedOnArrival() throws {
    let cloudPath = home.path + "/cloud.sqlite"
    let device = { (name: String) in
      ["CLOUDY_STORE": "documents", "CLOUDY_CLOUD": "sqlite:" + cloudPath, "CLOUDY_HOME": self.home.path + "/" + name]
    }
    let victim = try cloudy(["add", "https://victim.example", "--name", "Victim"], environment: device("a"))
    XCTAssertEqual(victim.status, 0, victim.stderr)
    XCTAssertEqual(try cloudy(["add", "https://fine.example", "--name", "Fine"], environment: device("a")).status, 0)
    // Rewrite the Victim document's URL in the cloud record itself.
    let script = """
      import base64, json, sqlite3, sys
      db = sqlite3.connect(sys.argv[1])
      for key, value in db.execute("SELECT key, value FROM records WHERE zone = 'documents'").fetchall():
          envelope = json.loads(value)
          text = base64.b64decode(envelope["current"]["contents"]).decode()
          if "victim.example" in text:
              text = text.replace("https://victim.example", "https://victim.example/\\x1b]0;pwned\\x07")
              envelope["current"]["contents"] = base64.b64encode(text.encode()).decode()
              db.execute("UPDATE records SET value = ? WHERE key = ?", (json.dumps(envelope).encode(), key))
      db.commit()
      """
    let python = try ChildProcess.run(
      "/usr/bin/env", ["python3", "-c", script, cloudPath], environment: ChildProcess.inherited(plus: [:]))
    XCTAssertEqual(python.status, 0, python.stderr)

    let list = try cloudy(["list", "--json"], environment: device("b"))
    XCTAssertFalse(list.stdout.contains("victim"), "never listed: \(list.stdout)")
    XCTAssertTrue(list.stdout.contains("fine.example"), list.stdout)
    XCTAssertFalse(list.stderr.isEmpty, "said on stderr")
    XCTAssertFalse(list.stderr.contains("\u{1B}"), "the message carries no escape: \(list.stderr)")
    XCTAssertTrue(list.stderr.contains("could not be read"), "named as unreadable: \(list.stderr)")
    // Kept as the cloud has it (as a dropped document is): never deleted, never pushed over.
    let again = try cloudy(["list", "--json"], environment: device("a"))
    XCTAssertEqual(again.status, 0, again.stderr)
    XCTAssertTrue(again.stdout.contains("fine.example"), again.stdout)
  }
}
