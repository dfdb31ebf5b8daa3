import Foundation
import TestSupport
import XCTest

/// `cloudy demo` and its recording: sample bookmarks in a throwaway home, a fixed clock and
/// sequential ids, and a scripted asciinema session that comes out the same every time.
final class DemoTests: EndToEndTestCase {
  /// The repository, from this file's path (Tests/EndToEndTests/DemoTests.swift).
  private static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  func testDemoRunsOnSampleBookmarksInAThrowawayHomeWithStableIdsAndDates() throws {
    // Given a demo whose temporary folder we can see
    let home = try makeHome()
    let temporary = home.root.appendingPathComponent("tmp", isDirectory: true)
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    let app = try TmuxSession(home: home, arguments: ["demo"], environment: ["TMPDIR": temporary.path])
    defer { app.kill() }
    let screen = try app.waitFor("1/20")
    let lines = try app.lines()
    assertRow(lines, 1, "  Apple")
    assertRow(lines, 3, "  東京タワー")
    assertRow(lines, 5, "  🚀 Launch checklist")
    XCTAssertTrue(screen.contains("user-defaults · local · 1/20"), screen)

    let folders = try FileManager.default.contentsOfDirectory(atPath: temporary.path)
      .filter { $0.hasPrefix("cloudy-demo-") }
    XCTAssertEqual(folders.count, 1, "one throwaway home: \(folders)")
    let demoHome = temporary.appendingPathComponent(try XCTUnwrap(folders.first)).path
    let mode = try FileManager.default.attributesOfItem(atPath: demoHome)[.posixPermissions] as? Int
    XCTAssertEqual(mode, 0o700, "the throwaway home is private")

    // When a bookmark is added through the dialog
    try fillAddDialog(app, url: "swift.org/blog", name: "Swift Blog")
    try app.press("Enter")
    try app.waitFor("Added “Swift Blog”")

    // Then it has the next id in the sequence and the next minute on the demo's clock,
    // after the twenty samples (09:41 to 10:00)
    let listed = try home.cli(["--home", demoHome, "list", "--json"])
    XCTAssertEqual(listed.status, 0, listed.stderr)
    let bookmarks = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]], listed.stdout)
    XCTAssertEqual(bookmarks.count, 21)
    XCTAssertEqual(bookmarks.first?["id"] as? String, "00000000-0000-4000-8000-000000000001")
    XCTAssertEqual(bookmarks.first?["created"] as? String, "2026-03-14T09:41:00Z")
    XCTAssertEqual(bookmarks.last?["id"] as? String, "00000000-0000-4000-8000-000000000021")
    XCTAssertEqual(bookmarks.last?["name"] as? String, "Swift Blog")
    XCTAssertEqual(bookmarks.last?["url"] as? String, "https://swift.org/blog")
    XCTAssertEqual(bookmarks.last?["created"] as? String, "2026-03-14T10:01:00Z")
    XCTAssertEqual(try home.listedBookmarks(), [], "the user's own home is untouched")

    // And quitting removes the throwaway home
    try app.type("q")
    XCTAssertEqual(try app.waitForExit(), 0)
    XCTAssertFalse(FileManager.default.fileExists(atPath: demoHome), "the throwaway home is removed on exit")
  }

  func testTheRecordingIsTheSameEveryTimeAndReplaysToTheExpectedScreen() throws {
    guard ["/usr/bin/asciinema", "/usr/local/bin/asciinema"].contains(where: FileManager.default.isExecutableFile)
    else { throw XCTSkip("asciinema is not installed (scripts/test installs Debian's asciinema)") }
    let home = try makeHome()

    // Given two recordings of the scripted session
    let first = try record(in: home.root.appendingPathComponent("first", isDirectory: true))
    let second = try record(in: home.root.appendingPathComponent("second", isDirectory: true))

    // Then they are the same, byte for byte, and so are the screens after every step
    XCTAssertEqual(try Data(contentsOf: first.cast), try Data(contentsOf: second.cast), "the two recordings differ")
    let frames = try String(contentsOf: first.frames, encoding: .utf8)
    XCTAssertEqual(frames, try String(contentsOf: second.frames, encoding: .utf8), "the screens after a step differ")

    let cast = try Asciicast(contentsOf: first.cast)
    XCTAssertEqual(cast.header["width"] as? Int, 80)
    XCTAssertEqual(cast.header["height"] as? Int, 24)
    XCTAssertEqual(cast.header["env"] as? [String: String], ["SHELL": "/bin/sh", "TERM": "xterm-256color"])
    XCTAssertNil(cast.header["timestamp"], "no time of recording in the header")
    XCTAssertEqual(cast.events.map(\.time), cast.events.map(\.time).sorted(), "events in time order")
    XCTAssertEqual(Asciicast.queries(in: cast.output), [], "the app asks the terminal nothing")

    // And the last screen before q is the list after the add, the delete and the help
    let steps = frames.components(separatedBy: "=== step ").filter { !$0.isEmpty }
    XCTAssertEqual(steps.count, 19, frames)
    let beforeQuit = try XCTUnwrap(steps.dropLast().last).components(separatedBy: "\n")
    XCTAssertEqual(beforeQuit.first, "18: Escape")
    let screen = Array(beforeQuit.dropFirst().prefix(24))
    XCTAssertEqual(Array(screen.prefix(23)).map(\.trimmingTrailingSpaces), Self.expectedScreenBeforeQuit, frames)
    XCTAssertTrue(screen.last?.hasPrefix(" user-defaults · local · 20/20 ") ?? false, frames)

    // And playing the recorded output into a terminal draws that screen
    let replayed = try replay(cast.output, in: home.root)
    XCTAssertEqual(replayed.map(\.trimmingTrailingSpaces), screen.prefix(23).map(\.trimmingTrailingSpaces))
  }

  private static let expectedScreenBeforeQuit = [
    " Edit                                Cloudy                                   +",
    "  ncurses                                                                      ▲",
    "  https://invisible-island.net/ncurses/",
    "  OpenStreetMap — Tokyo",
    "  https://www.openstreetmap.org/#map=12/35.6586/139.7454",
    "  🎧 Focus playlist",
    "  https://example.com/music/focus",
    "  Zürich HB departures",
    "  https://www.sbb.ch/en",
    "  PostgreSQL 17 manual",
    "  https://www.postgresql.org/docs/17/",
    "  北京烤鸭 — recipe",
    "  https://example.com/recipes/peking-duck",
    "  Weather in Reykjavík",
    "  https://en.vedur.is",
    "  asciinema",
    "  https://asciinema.org",
    "  Wikipedia: Unicode",
    "  https://en.wikipedia.org/wiki/Unicode",
    "  🧳 Lisbon trip itinerary",
    "  https://example.com/trips/lisbon-2026",
    "  Swift Blog",
    "  https://swift.org/blog",
  ]

  // MARK: - Helpers

  /// Runs Resources/record-demo on the binary under test into `folder`.
  private func record(in folder: URL) throws -> (cast: URL, frames: URL) {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let cast = folder.appendingPathComponent("demo.cast")
    let frames = folder.appendingPathComponent("frames.txt")
    let script = Self.repository.appendingPathComponent("Resources/record-demo").path
    let result = try ChildProcess.run(
      "/bin/bash", [script, "--binary", CloudyBinary.url.path, "--frames", frames.path, cast.path],
      environment: ["PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": folder.path, "LANG": "C.UTF-8"],
      timeout: .seconds(120))
    XCTAssertEqual(result.status, 0, "record-demo failed: " + result.stderr)
    return (cast, frames)
  }

  /// Plays `output` into a fresh 80×24 tmux pane whose alternate screen is off (so the
  /// app's exit leaves its last frame in place) and returns the pane's first 23 rows once
  /// it has drawn everything (the last row gets the end marker).
  private func replay(_ output: String, in root: URL) throws -> [String] {
    let work = URL(fileURLWithPath: "/tmp/cloudy-replay-\(getpid())-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: work) }
    let bytes = work.appendingPathComponent("output")
    try Data(output.utf8).write(to: bytes)
    let config = work.appendingPathComponent("tmux.conf")
    try """
    set -g status off
    set -g alternate-screen off
    set -g remain-on-exit on
    set -g default-terminal xterm-256color
    set -g history-limit 0
    """.write(to: config, atomically: true, encoding: .utf8)
    let environment = [
      "PATH": "/usr/bin:/bin", "HOME": root.path, "LANG": "C.UTF-8", "TERM": "xterm-256color",
      "TMUX_TMPDIR": work.path,
    ]
    func tmux(_ arguments: [String]) throws -> String {
      let result = try ChildProcess.run(
        TmuxSession.tmuxPath!, ["-u", "-L", "replay"] + arguments, environment: environment)
      guard result.status == 0 else {
        throw TmuxSession.Failure(description: "tmux \(arguments.first ?? "") failed: \(result.stderr)")
      }
      return result.stdout
    }
    defer { _ = try? tmux(["kill-server"]) }
    // The marker is printed where the app left the cursor (the start of the last row)
    // once everything before it has been drawn.
    _ = try tmux([
      "-f", config.path, "new-session", "-d", "-x", "80", "-y", "24", "/bin/sh", "-c",
      "cat \"$1\"; printf REPLAYED; exec sleep 86400", "sh", bytes.path,
    ])
    var lines: [String] = []
    let deadline = Date().addingTimeInterval(10)
    repeat {
      lines = try tmux(["capture-pane", "-p"]).components(separatedBy: "\n")
      if lines.count > 23, lines[23].hasPrefix("REPLAYED") { break }
      usleep(20_000)
    } while Date() < deadline
    XCTAssertTrue(
      lines.count > 23 && lines[23].hasPrefix("REPLAYED"), "the replay ends with the cursor on the last row")
    return Array(lines.prefix(23))
  }
}
