import Foundation
import TestSupport
import XCTest

/// `cloudy import` and `cloudy export` as a user runs them: the real binary, its output,
/// its exit status, and the domain file it leaves.
final class ImportExportCommandTests: XCTestCase {
  private var home: TemporaryFolder!
  private var domainPath: String { home.path + "/config/cloudy.plist" }

  override func setUpWithError() throws {
    home = try TemporaryFolder()
  }

  override func tearDown() {
    home.remove()
  }

  /// Runs `cloudy` with this test's home, stdin not a terminal, and collects its output.
  private func cloudy(_ arguments: [String], home: String? = nil) throws -> ChildProcess.Output {
    try ChildProcess.cloudy(arguments, environment: ["CLOUDY_HOME": home ?? self.home.path])
  }

  /// The key-value store's pre-check counts the folders an import makes, as the store does:
  /// 4 keys left are not room for 4 bookmarks in 4 new folders.
  func testTheKeyValueRoomCheckCountsNewFolders() throws {
    let many = (0..<1_020).map { "<DT><A HREF=\"https://site\($0).example/\">Site \($0)</A>" }
    let full = try write("<DL><p>\n" + many.joined(separator: "\n") + "\n</DL><p>\n", to: "many.html")
    let environment = ["CLOUDY_HOME": home.path, "CLOUDY_STORE": "key-value"]
    let first = try ChildProcess.cloudy(["import", "--yes", full], environment: environment)
    XCTAssertEqual(first.status, 0, first.stderr)
    let filed = (0..<4).map { "<DT><H3>F\($0)</H3><DL><p><DT><A HREF=\"https://f\($0).example/\">F\($0)</A></DL><p>" }
    let folders = try write("<DL><p>\n" + filed.joined(separator: "\n") + "\n</DL><p>\n", to: "folders.html")
    let dry = try ChildProcess.cloudy(["import", "--dry-run", folders], environment: environment)
    XCTAssertEqual(dry.status, 1, dry.stdout)
    XCTAssertTrue(
      dry.stderr.contains(
        "Only 0 of the 4 bookmarks would fit in the key-value store; nothing was imported; the document store"
          + " (--store documents) has no such limit."),
      dry.stderr)
  }

  /// Issue 36.17: a file's empty folders are made, on every store, and the report and the
  /// result say so (it said "not kept: 1 empty folder").
  func testEmptyFoldersComeInWithTheImport() throws {
    let file = try write(
      "<DL><p>\n<DT><H3>Projects</H3>\n<DL><p>\n<DT><H3>Someday</H3>\n<DL><p>\n</DL><p>\n</DL><p>\n"
        + "<DT><A HREF=\"https://a.example/\">A</A>\n</DL><p>\n", to: "empty.html")
    for store in ["user-defaults", "key-value", "documents"] {
      let environment = ["CLOUDY_HOME": home.path + "/" + store, "CLOUDY_STORE": store]
      let result = try ChildProcess.cloudy(["import", "--yes", file], environment: environment)
      XCTAssertEqual(result.status, 0, result.stderr)
      XCTAssertTrue(result.stdout.contains("  2 empty folders to make\n"), "\(store): \(result.stdout)")
      XCTAssertFalse(result.stdout.contains("not kept"), "\(store): \(result.stdout)")
      XCTAssertTrue(result.stdout.contains("Imported 1 bookmark and 2 empty folders into"), result.stdout)
      let folders = try ChildProcess.cloudy(["folders"], environment: environment)
      XCTAssertTrue(folders.stdout.contains("Projects/Someday"), "\(store): \(folders.stdout)")
    }
  }

  private func write(_ text: String, to name: String) throws -> String {
    let path = home.path + "/" + name
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  private let sample = """
    <!DOCTYPE NETSCAPE-Bookmark-file-1>
    <DL><p>
    <DT><H3>Dev</H3>
    <DL><p>
    <DT><A HREF="https://swift.org/" ADD_DATE="1700000000">Swift</A>
    <DD>The language
    <DT><A HREF="https://example.com/evil">Evil \u{1B}[2J name</A>
    </DL><p>
    <DT><A>No URL \u{1B}]0;title\u{7}</A>
    <DT><A HREF="HTTPS://SWIFT.ORG">Duplicate</A>
    </DL><p>
    """

  func testDryRunReportsAndWritesNothing() throws {
    let file = try write(sample, to: "b.html")
    let result = try cloudy(["import", file, "--dry-run"])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertTrue(result.stdout.contains("  2 bookmarks to import"), result.stdout)
    XCTAssertTrue(result.stdout.contains("  1 repeated in the file (merged into the first)"), result.stdout)
    XCTAssertFalse(result.stdout.contains("already here"), result.stdout)
    XCTAssertTrue(result.stdout.contains("line 9: “No URL ␛]0;title␇” — it has no URL"), result.stdout)
    XCTAssertFalse(result.stdout.contains("\u{1B}"), "file text never reaches the terminal as escapes")
    XCTAssertTrue(result.stdout.hasSuffix("Dry run: nothing was imported.\n"))
    XCTAssertFalse(FileManager.default.fileExists(atPath: domainPath))
  }

  func testWithoutATerminalItAsksForYes() throws {
    let file = try write(sample, to: "b.html")
    let refused = try cloudy(["import", file])
    XCTAssertEqual(refused.status, 1)
    XCTAssertEqual(refused.stderr.filter { $0 == "\n" }.count, 1, "one line: \(refused.stderr)")
    XCTAssertTrue(refused.stderr.contains("pass --yes"), refused.stderr)
    XCTAssertFalse(FileManager.default.fileExists(atPath: domainPath))

    let imported = try cloudy(["import", file, "--yes"])
    XCTAssertEqual(imported.status, 0, imported.stderr)
    XCTAssertTrue(imported.stdout.hasSuffix("Imported 2 bookmarks into user-defaults.\n"), imported.stdout)
    let list = try cloudy(["list"])
    XCTAssertEqual(
      list.stdout.split(separator: "\n").map { $0.split(separator: "\t")[1] }, ["Swift", "Evil ␛[2J name"])

    let again = try cloudy(["import", file, "--yes"])
    XCTAssertTrue(again.stdout.contains("  3 already here (merged into the stored bookmark)"), again.stdout)
    XCTAssertTrue(again.stdout.hasSuffix("Nothing new to import.\n"), again.stdout)
  }

  func testMalformedFileGivesOneSentenceAndImportsNothing() throws {
    _ = try cloudy(["add", "https://before.example"])
    let before = try Data(contentsOf: URL(fileURLWithPath: domainPath))
    let file = try write(sample.replacingOccurrences(of: "</DL><p>", with: ""), to: "cut.html")
    let result = try cloudy(["import", file, "--yes"])
    XCTAssertEqual(result.status, 1)
    XCTAssertEqual(
      result.stderr,
      "Error: \(file): The file ends before the folder “Dev” (line 3) is closed, so it looks cut short. "
        + "Nothing was imported.\n")
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: domainPath)), before)
    let missing = try cloudy(["import", home.path + "/nope.html", "--yes"])
    XCTAssertEqual(missing.status, 1)
    XCTAssertTrue(missing.stderr.contains("No such file or directory"), missing.stderr)
  }

  func testExportRoundTripsThroughJSONAndWritesPrivateFiles() throws {
    let file = try write(sample, to: "b.html")
    XCTAssertEqual(try cloudy(["import", file, "--yes"]).status, 0)
    let jsonPath = home.path + "/out.json"
    let exported = try cloudy(["export", "-o", jsonPath])
    XCTAssertEqual(exported.status, 0, exported.stderr)
    XCTAssertEqual(exported.stderr, "Exported 2 bookmarks to \(jsonPath).\n")
    let mode = try FileManager.default.attributesOfItem(atPath: jsonPath)[.posixPermissions] as? Int
    XCTAssertEqual(mode, 0o600)

    let other = try TemporaryFolder()
    defer { other.remove() }
    XCTAssertEqual(try cloudy(["import", jsonPath, "--yes"], home: other.path).status, 0)
    XCTAssertEqual(try cloudy(["list", "--json"], home: other.path).stdout, try cloudy(["list", "--json"]).stdout)
    let html = try cloudy(["export", "--format", "html"])
    let htmlAgain = try cloudy(["export", "--format", "html"], home: other.path)
    XCTAssertEqual(html.stdout, htmlAgain.stdout)
    XCTAssertTrue(html.stdout.contains("<DT><H3 ADD_DATE="), html.stdout)
    XCTAssertTrue(html.stdout.contains(">Swift</A>\n        <DD>The language\n"), html.stdout)
    let bad = try cloudy(["export", "--format", "pdf"])
    XCTAssertEqual(bad.status, 64, "a usage error")
  }

  /// `-o bookmarks.html`, a bare name, is a file in the working folder: written, made
  /// durable there, exit 0 (the folder of a bare name is `.`, not "").
  func testExportToABareFileNameWritesItInTheWorkingFolder() throws {
    XCTAssertEqual(try cloudy(["add", "https://swift.org", "--name", "Swift"]).status, 0)
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let exported = try ChildProcess.run(
      "/bin/sh",
      ["-c", "cd \"$1\" && exec \"$2\" export -o bookmarks.html", "sh", folder.path, ChildProcess.cloudyPath],
      environment: ChildProcess.inherited(plus: ["CLOUDY_HOME": home.path]))
    XCTAssertEqual(exported.status, 0, exported.stderr)
    XCTAssertEqual(exported.stderr, "Exported 1 bookmark to bookmarks.html.\n")
    let written = try String(contentsOfFile: folder.path + "/bookmarks.html", encoding: .utf8)
    XCTAssertTrue(written.contains(">Swift</A>"), written)
  }

  /// `cloudy edit` finds duplicate URLs with the same normaliser as add and import.
  func testEditRefusesADuplicateURLUnlessAllowed() throws {
    _ = try cloudy(["add", "https://first.example/", "--name", "First"])
    let second = try cloudy(["add", "https://second.example"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    let refused = try cloudy(["edit", second, "--url", "HTTPS://FIRST.example:443"])
    XCTAssertEqual(refused.status, 1)
    XCTAssertTrue(refused.stderr.contains("“First”"), refused.stderr)
    XCTAssertEqual(try cloudy(["edit", second, "--name", "Renamed"]).status, 0, "a name change is not checked")
    XCTAssertEqual(try cloudy(["edit", second, "--url", "https://FIRST.example", "--allow-duplicate"]).status, 0)
    XCTAssertTrue(try cloudy(["list"]).stdout.contains("Renamed\thttps://FIRST.example"))
  }

  /// Given a stored list, when `cloudy import --yes` of a large file is killed with SIGKILL
  /// at random moments, then the store holds the old list or the old list plus every
  /// imported bookmark — never part of the file.
  func testSIGKILLDuringImportLeavesTheOldOrTheWholeResult() throws {
    _ = try cloudy(["add", "https://seed.example"])
    let count = 10_000
    var html = "<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n<DT><H3>Big</H3>\n<DL><p>\n"
    for n in 0..<count { html += "<DT><A HREF=\"https://big.example/\(n)\" ADD_DATE=\"1700000000\">東京 \(n)</A>\n" }
    html += "</DL><p>\n</DL><p>\n"
    let file = try write(html, to: "big.html")

    let started = Date()
    let timedHome = try TemporaryFolder()
    defer { timedHome.remove() }
    _ = try cloudy(["import", file, "--yes"], home: timedHome.path)
    let fullRun = UInt32(Date().timeIntervalSince(started) * 1_000_000)

    var generator = SystemRandomNumberGenerator()
    var outcomes: Set<Int> = []
    for _ in 0..<12 {
      let process = try ChildProcess.start(
        ChildProcess.cloudyPath, ["import", file, "--yes"], environment: ["CLOUDY_HOME": home.path])
      // Kill timing is the variable under test: spread the kills over parsing and the save.
      usleep(UInt32.random(in: 0...fullRun, using: &generator))
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      let stored = try DefaultsReader.bookmarks(at: domainPath).count
      XCTAssertTrue([1, 1 + count].contains(stored), "\(stored) bookmarks after a kill")
      outcomes.insert(stored)
      if stored > 1 { break }
    }
    print("SIGKILL import test: outcomes \(outcomes.sorted()) (one import takes \(fullRun / 1000) ms)")
  }
}
