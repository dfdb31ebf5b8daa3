import Foundation
import TestSupport
import XCTest

/// A home on a full disk (a 1 MB tmpfs, filled): a remove or a restore that can't be stored
/// loses nothing. Once space is back, every bookmark is listed or in Recently Deleted, on this
/// device and, after a sync, on another. Needs root (to mount the tmpfs), as CI runs.
final class FullDiskCommandTests: XCTestCase {
  private var folder: TemporaryFolder!
  private var mounted: String?

  override func setUpWithError() throws {
    folder = try TemporaryFolder()
    let home = folder.file("a")
    try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    let mount = try ChildProcess.run(
      "/bin/mount", ["-t", "tmpfs", "-o", "size=2m,mode=0700", "tmpfs", home],
      environment: ProcessInfo.processInfo.environment)
    guard mount.status == 0 else { throw XCTSkip("can't mount a tmpfs here (needs root): \(mount.stderr)") }
    mounted = home
  }

  override func tearDownWithError() throws {
    if let mounted {
      _ = try ChildProcess.run("/bin/umount", [mounted], environment: ProcessInfo.processInfo.environment)
    }
    folder?.remove()
  }

  private func cloudy(_ store: String, _ home: String, _ trial: Int, _ arguments: String...) throws
    -> ChildProcess.Output
  {
    try ChildProcess.cloudy(
      arguments,
      environment: [
        "CLOUDY_STORE": store, "CLOUDY_CLOUD": "sqlite:" + folder.file("cloud-\(store)-\(trial).sqlite"),
        "CLOUDY_ACCOUNT": "alice", "CLOUDY_HOME": folder.file(home) + "/\(store)-\(trial)",
      ])
  }

  /// Fills the tmpfs but for `slack` bytes; returns the filler's path. With no slack at all
  /// the index can't even be opened, and nothing is tried; with a few pages left, it opens
  /// and the change's commit is what fails (where bookmarks were lost).
  private func fill(leaving slack: Int) throws -> String {
    let filler = mounted! + "/filler"
    _ = try ChildProcess.run(
      "/bin/dd", ["if=/dev/zero", "of=" + filler, "bs=4096"], environment: ProcessInfo.processInfo.environment)
    let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: filler)[.size] as? Int)
    XCTAssertEqual(truncate(filler, off_t(max(0, size - slack))), 0)
    return filler
  }

  /// Given two bookmarks, one in Recently Deleted, when the other is removed and the first
  /// restored on a full disk (with 16 to 80 KiB left), then whatever the commands said, both
  /// are listed or in Recently Deleted, here and, after both sync, on another device.
  func testARemoveAndARestoreOnAFullDiskLoseNothing() throws {
    var trial = 0
    for store in ["documents", "key-value", "user-defaults"] {
      for slack in stride(from: 16 * 1024, through: 80 * 1024, by: 16 * 1024) {
        trial += 1
        let kept = try cloudy(store, "a", trial, "add", "https://kept.example", "--name", "kept")
        let back = try cloudy(store, "a", trial, "add", "https://back.example", "--name", "back")
        XCTAssertEqual(kept.status, 0, kept.stderr)
        XCTAssertEqual(back.status, 0, back.stderr)
        let ids = [kept.stdout, back.stdout].map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        XCTAssertEqual(try cloudy(store, "a", trial, "remove", ids[1]).status, 0)

        let filler = try fill(leaving: slack)
        let removed = try cloudy(store, "a", trial, "remove", ids[0])
        let restored = try cloudy(store, "a", trial, "trash", "restore", ids[1])
        XCTAssertEqual(unlink(filler), 0)
        let step =
          "\(store), \(slack) bytes left: remove said \(removed.status) \(removed.stderr), restore said "
          + "\(restored.status) \(restored.stderr)"
        try assertKept(ids, store, "a", trial, step)
        guard store != "user-defaults" else { continue }
        XCTAssertEqual(try cloudy(store, "a", trial, "sync").status, 0)
        XCTAssertEqual(try cloudy(store, "b", trial, "sync").status, 0)
        try assertKept(ids, store, "b", trial, step + "; on the other device")
        try assertKept(ids, store, "a", trial, step + "; after both synced")
      }
    }
  }

  /// Each bookmark is listed or in Recently Deleted, never in neither.
  private func assertKept(_ ids: [String], _ store: String, _ home: String, _ trial: Int, _ step: String) throws {
    func listed(_ arguments: String...) throws -> Set<String> {
      let output = try ChildProcess.cloudy(
        arguments,
        environment: [
          "CLOUDY_STORE": store, "CLOUDY_CLOUD": "sqlite:" + folder.file("cloud-\(store)-\(trial).sqlite"),
          "CLOUDY_ACCOUNT": "alice", "CLOUDY_HOME": folder.file(home) + "/\(store)-\(trial)",
        ])
      XCTAssertEqual(output.status, 0, output.stderr)
      return Set(output.stdout.split(separator: "\n").compactMap { $0.split(separator: "\t").first.map(String.init) })
    }
    let held = try listed("list").union(try listed("trash", "list"))
    for id in ids {
      XCTAssertTrue(held.contains(id), "\(step): \(id) is neither listed nor in Recently Deleted")
    }
  }
}
