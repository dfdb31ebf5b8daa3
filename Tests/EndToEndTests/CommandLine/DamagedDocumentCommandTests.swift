import Foundation
import TestSupport
import XCTest

/// A document file replaced by a damaged one (zero bytes, cut short, garbage), the way a
/// sync tool or a crashed editor replaces files: by renaming over it. It must never be
/// taken as a delete or as new contents; the last good version stays current (and is not
/// pushed over), and the damaged file is kept aside and named.
final class DamagedDocumentCommandTests: XCTestCase {
  private var home: TemporaryFolder!

  override func setUpWithError() throws {
    home = try TemporaryFolder()
  }

  override func tearDown() {
    home.remove()
  }

  private func cloudy(_ arguments: [String], device: String) throws -> ChildProcess.Output {
    let environment = [
      "CLOUDY_STORE": "documents", "CLOUDY_CLOUD": "sqlite:" + home.path + "/cloud.sqlite",
      "CLOUDY_ACCOUNT": "alice", "CLOUDY_HOME": home.path + "/" + device,
    ]
    guard let output = try ChildProcess.cloudy(arguments, environment: environment, timeout: .seconds(60)) else {
      throw Hung(description: "cloudy \(arguments) did not exit within a minute")
    }
    return output
  }

  /// Every `.bookmark` file of a device, by path.
  private func documents(device: String) -> [String] {
    let root = home.path + "/" + device
    let all = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []
    return all.filter { $0.hasSuffix(".bookmark") && $0.contains("/Documents/") }.map { root + "/" + $0 }.sorted()
  }

  func testADamagedDocumentArrivingByRenameIsKeptAsideNeverSynced() throws {
    for index in 1...3 {
      let added = try cloudy(["add", "https://good.example/\(index)", "--name", "good \(index)"], device: "a")
      XCTAssertEqual(added.status, 0, added.stderr)
    }
    let before = try cloudy(["list"], device: "b")
    XCTAssertEqual(before.stdout.split(separator: "\n").count, 3, before.stderr)

    let files = documents(device: "a")
    XCTAssertEqual(files.count, 3)
    let damages: [Data] = [
      Data(), (try Data(contentsOf: URL(fileURLWithPath: files[1]))).prefix(40),
      Data((0..<200).map { UInt8(truncatingIfNeeded: $0 &* 151 &+ 7) }),
    ]
    for (file, damage) in zip(files, damages) {
      let good = try Data(contentsOf: URL(fileURLWithPath: file))
      try damage.write(to: URL(fileURLWithPath: file + ".new"))
      XCTAssertEqual(rename(file + ".new", file), 0)

      let listed = try cloudy(["list"], device: "a")
      XCTAssertEqual(listed.status, 0, listed.stderr)
      XCTAssertEqual(listed.stdout.split(separator: "\n").count, 3, "the bookmark disappeared: \(listed.stdout)")
      let name = (file as NSString).lastPathComponent
      XCTAssertTrue(
        listed.stderr.contains(name) && listed.stderr.contains("kept"), "not named on stderr: \(listed.stderr)")
      XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: file)), good, "the last good version is current again")

      let other = try cloudy(["list"], device: "b")
      XCTAssertEqual(other.status, 0, other.stderr)
      XCTAssertEqual(
        Set(other.stdout.split(separator: "\n").map { String($0.split(separator: "\t")[1]) }),
        ["good 1", "good 2", "good 3"], "the damage reached the other device")
    }
    // Every damaged file is kept (outside Documents/, so never synced).
    let kept =
      FileManager.default.enumerator(atPath: home.path + "/a")?.compactMap { $0 as? String }
      .filter { $0.contains("/Damaged/") } ?? []
    XCTAssertEqual(kept.count, 3, "kept: \(kept)")
    let again = try cloudy(["list"], device: "a")
    XCTAssertEqual(again.stderr, "", "reported once, when it was found")
  }

  /// Given a bookmark, when a copy of its document with another name is dropped into the
  /// folder (the same `id:`), then it is kept aside and named, never listed: one id, one
  /// bookmark, on every device, and `edit ID` changes the one bookmark there is.
  func testASecondDocumentOfOneIdIsKeptAsideNeverListed() throws {
    let added = try cloudy(["add", "https://one.example", "--name", "one"], device: "a")
    XCTAssertEqual(added.status, 0, added.stderr)
    let id = added.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    let file = try XCTUnwrap(documents(device: "a").first)
    let twin = try String(contentsOfFile: file, encoding: .utf8).replacingOccurrences(
      of: "name: one", with: "name: twin")
    try twin.write(
      toFile: (file as NSString).deletingLastPathComponent + "/copy.bookmark", atomically: true, encoding: .utf8)

    let listed = try cloudy(["list"], device: "a")
    XCTAssertEqual(listed.status, 0, listed.stderr)
    XCTAssertEqual(listed.stdout.split(separator: "\n").map { String($0.split(separator: "\t")[1]) }, ["one"])
    XCTAssertTrue(listed.stderr.contains("copy.bookmark") && listed.stderr.contains("kept"), listed.stderr)

    let edited = try cloudy(["edit", id, "--name", "renamed"], device: "a")
    XCTAssertEqual(edited.status, 0, edited.stderr)
    for device in ["a", "b"] {
      let after = try cloudy(["list"], device: device)
      XCTAssertEqual(
        after.stdout.split(separator: "\n").map { String($0.split(separator: "\t")[1]) }, ["renamed"], device)
    }
  }

  /// Given documents over the limits every entry point applies (20 MB of notes, a name of
  /// 100,000 characters, 100,000 tags, 5,000 folder levels), when they are dropped into the
  /// folder, then each is kept aside as unreadable and none is listed or synced.
  func testDocumentsOverTheLimitsAreKeptAsideNeverSynced() throws {
    let added = try cloudy(["add", "https://one.example", "--name", "one"], device: "a")
    XCTAssertEqual(added.status, 0, added.stderr)
    let folder = (try XCTUnwrap(documents(device: "a").first) as NSString).deletingLastPathComponent
    let head = "cloudy-bookmark 1\nurl: https://big.example\ncreated: 2026-01-01T00:00:00Z\n"
    let oversized = [
      "notes": "id: notes\nnotes: " + String(repeating: "n", count: 20_000_000) + "\n",
      "name": "id: name\nname: " + String(repeating: "x", count: 100_000) + "\n",
      "tags": "id: tags\n" + (0..<100_000).map { "tag: t\($0)\n" }.joined(),
      "folders": "id: folders\n" + String(repeating: "folder: f\n", count: 5_000),
    ]
    for (id, body) in oversized {
      try (head + body).write(toFile: folder + "/\(id).bookmark", atomically: true, encoding: .utf8)
    }
    let listed = try cloudy(["list"], device: "a")
    XCTAssertEqual(listed.status, 0, listed.stderr)
    XCTAssertEqual(listed.stdout.split(separator: "\n").map { String($0.split(separator: "\t")[1]) }, ["one"])
    for id in oversized.keys {
      XCTAssertTrue(listed.stderr.contains("\(id).bookmark"), "\(id) not named: \(listed.stderr)")
      XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/\(id).bookmark"), "\(id) not kept aside")
    }
    let other = try cloudy(["list"], device: "b")
    XCTAssertEqual(other.stdout.split(separator: "\n").map { String($0.split(separator: "\t")[1]) }, ["one"])
  }
}
