import BookmarkModel
import DurableFiles
import Foundation
import PropertyLists
import TestSupport
import XCTest

@testable import DefaultsBookmarks

/// The user-defaults store across real processes: concurrent writers, crashes mid-save,
/// and Foundation's own `UserDefaults` reading the file.
final class UserDefaultsProcessTests: XCTestCase {
  private var home: TemporaryFolder!
  private var path: String { home.path + "/config/cloudy.plist" }

  override func setUpWithError() throws {
    home = try TemporaryFolder()
    guard FileManager.default.isExecutableFile(atPath: ChildProcess.cloudyPath) else {
      throw XCTSkip("cloudy binary not built at \(ChildProcess.cloudyPath)")
    }
  }

  override func tearDown() {
    home.remove()
  }

  /// A command that had to parse the XML (no cache, or a stale one) writes the cache off its
  /// path, and waits for that write when it exits: the next command reads the cache. (`tags`
  /// of bookmarks without tags prints nothing: it exits right after reading.)
  func testACommandThatParsedLeavesTheCacheForTheNext() throws {
    try FileManager.default.createDirectory(atPath: home.path + "/config", withIntermediateDirectories: true)
    let entries = (0..<20000).map { n -> [String: Any] in
      ["id": "b-\(n)", "name": "Bookmark \(n) 東京", "url": "https://b.example/\(n)", "created": Date()]
    }
    try PropertyListSerialization.data(fromPropertyList: ["bookmarks": entries], format: .xml, options: 0)
      .write(to: URL(fileURLWithPath: path))
    let environment = ["CLOUDY_HOME": home.path, "CLOUDY_STORE": "user-defaults", "PATH": "/usr/bin:/bin"]
    let listed = try ChildProcess.run(ChildProcess.cloudyPath, ["tags"], environment: environment)
    XCTAssertEqual(listed.status, 0, listed.stderr)
    let signature = try XCTUnwrap(PrivateFiles.signature(path))
    let cached = try XCTUnwrap(
      DefaultsDomainCache.read(path + ".cache", matching: signature), "the command left no cache")
    XCTAssertEqual(cached.bookmarks.count, 20000)
    let names = try FileManager.default.contentsOfDirectory(atPath: home.path + "/config")
    XCTAssertEqual(names.filter { $0.contains(".tmp-") }, [], "a write was cut short")
  }

  /// Given two processes that each add 25 bookmarks at the same time,
  /// then all 50 are stored (Foundation's unlocked in-place rewrite loses some).
  func testTwoProcessesWritingAtOnceLoseNothing() throws {
    let script = """
      for i in $(seq 1 25); do "$CLOUDY" add "https://$1.example/$i" --name "$1 $i" || exit 1; done
      """
    let writers = try ["alpha", "beta"].map { name in
      try ChildProcess.start(
        "/bin/sh", ["-c", script, "sh", name],
        environment: ["CLOUDY": ChildProcess.cloudyPath, "CLOUDY_HOME": home.path])
    }
    for writer in writers {
      writer.waitUntilExit()
      XCTAssertEqual(writer.terminationStatus, 0)
    }
    let bookmarks = try DefaultsReader.bookmarks(at: path)
    XCTAssertEqual(bookmarks.count, 50)
    XCTAssertEqual(Set(bookmarks.map(\.url)).count, 50)
  }

  /// Given a large domain, when `cloudy add` is killed with SIGKILL at random moments,
  /// then the file always parses and holds either the old list or the old list plus one.
  func testSIGKILLDuringSaveLeavesTheOldOrTheNewFile() throws {
    let seeded = 2000
    try FileManager.default.createDirectory(atPath: home.path + "/config", withIntermediateDirectories: true)
    let entries = (0..<seeded).map { n -> [String: Any] in
      [
        "id": "seed-\(n)", "name": "Seed \(n) 東京 🚀", "url": "https://seed.example/\(n)?q=\(n)", "created": Date(),
        "modified": Date(),
      ]
    }
    try PropertyListSerialization.data(fromPropertyList: ["bookmarks": entries], format: .xml, options: 0)
      .write(to: URL(fileURLWithPath: path))

    // Time one whole `cloudy add` on this file, so the kills spread over all of it.
    let started = Date()
    let timed = try ChildProcess.start(
      ChildProcess.cloudyPath, ["add", "https://timed.example"], environment: ["CLOUDY_HOME": home.path])
    timed.waitUntilExit()
    let fullRun = UInt32(Date().timeIntervalSince(started) * 1_000_000)

    var count = seeded + 1
    var killedMidway = 0
    var generator = SystemRandomNumberGenerator()
    for attempt in 0..<24 {
      let process = try ChildProcess.start(
        ChildProcess.cloudyPath, ["add", "https://kill.example/\(attempt)"], environment: ["CLOUDY_HOME": home.path])
      // Kill timing is the variable under test: spread the kills over start-up and the save.
      usleep(UInt32.random(in: 0...fullRun, using: &generator))
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      let bookmarks = try DefaultsReader.bookmarks(at: path)
      XCTAssertTrue(
        [count, count + 1].contains(bookmarks.count), "attempt \(attempt): \(bookmarks.count) after \(count)")
      if process.terminationStatus == 128 + SIGKILL, bookmarks.count == count { killedMidway += 1 }
      count = bookmarks.count
    }
    // The next successful write cleans up temporaries that killed writers left behind.
    let last = try ChildProcess.start(
      ChildProcess.cloudyPath, ["add", "https://last.example"], environment: ["CLOUDY_HOME": home.path])
    last.waitUntilExit()
    XCTAssertEqual(last.terminationStatus, 0)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: home.path + "/config").filter {
      $0.contains(".tmp-")
    }
    XCTAssertEqual(leftovers, [])
    print("SIGKILL test: \(killedMidway) of 24 kills landed before the rename (one add takes \(fullRun / 1000) ms)")
  }

  /// Foundation's `UserDefaults` reads the domain Cloudy writes, with XDG_CONFIG_HOME
  /// pointing at the config folder. Run in a child process because Foundation reads
  /// XDG_CONFIG_HOME once per process.
  func testFoundationUserDefaultsReadsTheDomain() async throws {
    let store = UserDefaultsStore(path: path)
    _ = try await store.add(BookmarkDraft(name: "Apple 東京 &amp; <b>", url: "https://www.apple.com"))
    let helper = home.path + "/read-defaults.swift"
    try """
    import Foundation
    let defaults = UserDefaults(suiteName: "cloudy")!
    let list = defaults.array(forKey: "bookmarks") as? [[String: Any]] ?? []
    print(list.map { "\\($0["name"] as! String)|\\($0["url"] as! String)" }.joined(separator: "\\n"))
    """.write(toFile: helper, atomically: true, encoding: .utf8)
    let swiftc = ["/opt/swift/usr/bin/swiftc", "/usr/bin/swiftc"].first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
    guard let swiftc else { throw XCTSkip("swiftc not found") }
    let compile = try ChildProcess.start(swiftc, [helper, "-o", home.path + "/read-defaults"])
    compile.waitUntilExit()
    guard compile.terminationStatus == 0 else { throw XCTSkip("could not compile the Foundation helper") }
    let text = try ChildProcess.run(
      home.path + "/read-defaults", [], environment: ["HOME": home.path, "XDG_CONFIG_HOME": home.path + "/config"]
    ).stdout
    XCTAssertEqual(text.trimmingCharacters(in: .whitespacesAndNewlines), "Apple 東京 &amp; <b>|https://www.apple.com")
  }
}

/// Reads the domain file directly, independent of the store's own parser.
enum DefaultsReader {
  struct Entry {
    var id: String
    var url: String
  }

  static func bookmarks(at path: String) throws -> [Entry] {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    let plist = try PropertyListSerialization.propertyList(from: data, format: nil)
    let entries = (plist as? [String: Any])?["bookmarks"] as? [[String: Any]] ?? []
    return entries.map { Entry(id: $0["id"] as? String ?? "", url: $0["url"] as? String ?? "") }
  }
}
