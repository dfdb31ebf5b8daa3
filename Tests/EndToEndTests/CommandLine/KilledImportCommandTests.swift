import Foundation
import TestSupport
import XCTest

/// An import into the document store killed part-way (at the Nth `fdatasync`, with strace)
/// leaves a store that the next command repairs: every bookmark the index lists has its
/// file in `Documents/`, and no temporary file is left behind.
final class KilledImportCommandTests: XCTestCase {
  private var home: TemporaryFolder!
  private static let strace = "/usr/bin/strace"

  override func setUpWithError() throws {
    guard FileManager.default.isExecutableFile(atPath: Self.strace) else {
      throw XCTSkip("strace is not installed (scripts/test installs it)")
    }
    home = try TemporaryFolder()
  }

  override func tearDown() {
    home?.remove()
  }

  func testTheNextCommandWritesEveryFileAKilledImportLeftUnwritten() throws {
    var html = "<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n"
    for index in 0..<2500 { html += "<DT><A HREF=\"https://n\(index).example/\">n\(index)</A>\n" }
    html += "</DL><p>\n"
    let file = home.path + "/bookmarks.html"
    try Data(html.utf8).write(to: URL(fileURLWithPath: file))

    for kill in 6...12 {
      let device = home.path + "/kill-\(kill)"
      let environment = [
        "CLOUDY_STORE": "documents", "CLOUDY_CLOUD": "sqlite:" + device + "/cloud.sqlite",
        "CLOUDY_ACCOUNT": "alice", "CLOUDY_HOME": device,
      ]
      let killed = try ChildProcess.start(
        Self.strace,
        [
          "-f", "-o", "/dev/null", "-e", "inject=fdatasync:signal=KILL:when=\(kill)", ChildProcess.cloudyPath,
          "import", file, "--yes", "--offline",
        ], environment: environment)
      killed.waitUntilExit()

      let listed = try ChildProcess.cloudy(["list", "--offline"], environment: environment)
      XCTAssertEqual(listed.status, 0, "kill at \(kill): \(listed.stderr)")
      let count = listed.stdout.split(separator: "\n").count
      XCTAssertTrue(count == 0 || count == 2500, "kill at \(kill): all or nothing, not \(count)")
      let root = device + "/data/documents"
      let containers = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
      let names = containers.flatMap {
        (try? FileManager.default.contentsOfDirectory(atPath: root + "/\($0)/Documents")) ?? []
      }
      XCTAssertEqual(names.filter { $0.hasSuffix(".bookmark") }.count, count, "kill at \(kill): a file per bookmark")
      XCTAssertEqual(names.filter { $0.contains(".tmp-") }, [], "kill at \(kill): no temporaries left")
    }
  }

  /// Given an add killed between writing its document's temporary file and renaming it,
  /// then the next command removes the temporary (and the add is all or nothing).
  func testTheNextCommandRemovesTheTemporaryOfAKilledAdd() throws {
    let environment = [
      "CLOUDY_STORE": "documents", "CLOUDY_CLOUD": "sqlite:" + home.path + "/cloud.sqlite",
      "CLOUDY_ACCOUNT": "alice", "CLOUDY_HOME": home.path + "/a",
    ]
    XCTAssertEqual(
      try ChildProcess.cloudy(["add", "https://first.example", "--offline"], environment: environment).status, 0)
    let killed = try ChildProcess.start(
      Self.strace,
      [
        "-f", "-o", "/dev/null", "-e", "inject=fsync:signal=KILL:when=1", ChildProcess.cloudyPath, "add",
        "https://killed.example", "--offline",
      ], environment: environment)
    killed.waitUntilExit()
    let root = home.path + "/a/data/documents"
    let container = try FileManager.default.contentsOfDirectory(atPath: root)[0]
    let documents = root + "/" + container + "/Documents"
    XCTAssertFalse(
      try FileManager.default.contentsOfDirectory(atPath: documents).filter { $0.contains(".tmp-") }.isEmpty,
      "the kill left a temporary (else this test tests nothing)")

    let listed = try ChildProcess.cloudy(["list", "--offline"], environment: environment)
    XCTAssertEqual(listed.status, 0, listed.stderr)
    XCTAssertEqual(listed.stdout.split(separator: "\n").count, 1, listed.stdout)
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: documents).filter { $0.contains(".tmp-") }, [])
  }
}
