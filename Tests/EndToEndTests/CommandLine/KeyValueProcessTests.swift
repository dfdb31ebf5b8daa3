import Foundation
import TestSupport
import XCTest

/// Two devices (two homes, one cloud file) as real `cloudy` processes working at once.
final class KeyValueProcessTests: XCTestCase {
  private var home: TemporaryFolder!

  override func setUpWithError() throws {
    home = try TemporaryFolder()
  }

  override func tearDown() {
    home.remove()
  }

  private var environment: [String: String] {
    [
      "CLOUDY": ChildProcess.cloudyPath, "CLOUDY_STORE": "key-value",
      "CLOUDY_CLOUD": "sqlite:" + home.path + "/cloud.sqlite", "CLOUDY_ACCOUNT": "alice",
    ]
  }

  private func list(_ device: String) throws -> [String] {
    let listed = try ChildProcess.cloudy(["list", "--home", home.path + "/" + device], environment: environment)
    XCTAssertEqual(listed.status, 0)
    return listed.stdout.split(separator: "\n").map {
      String($0.split(separator: "\t")[2])
    }
  }

  /// Given two devices that each add 20 bookmarks and remove one the other made, at the
  /// same time, then both devices end with the same 40 bookmarks.
  func testTwoDevicesAddingAndRemovingAtOnceLoseNothing() throws {
    let seed = """
      "$CLOUDY" add https://seed.example/alpha --home "$ROOT/alpha" >/dev/null || exit 1
      "$CLOUDY" add https://seed.example/beta --home "$ROOT/alpha" >/dev/null || exit 1
      """
    let seeding = try ChildProcess.start(
      "/bin/sh", ["-c", seed], environment: environment.merging(["ROOT": home.path]) { _, new in new })
    seeding.waitUntilExit()
    XCTAssertEqual(seeding.terminationStatus, 0)
    let seeded = try list("beta")
    XCTAssertEqual(Set(seeded), ["https://seed.example/alpha", "https://seed.example/beta"])

    // Each device removes the seed named after the other, in the middle of its adds.
    let script = """
      home="$ROOT/$1"
      for i in $(seq 1 20); do
        "$CLOUDY" add "https://$1.example/$i" --home "$home" >/dev/null || exit 1
        if [ "$i" = 10 ]; then
          id=$("$CLOUDY" list --home "$home" | awk -F '\t' -v u="https://seed.example/$2" '$3 == u { print $1 }')
          [ -n "$id" ] && "$CLOUDY" remove "$id" --home "$home" || exit 1
        fi
      done
      """
    let writers = try [("alpha", "beta"), ("beta", "alpha")].map { device, other in
      try ChildProcess.start(
        "/bin/sh", ["-c", script, "sh", device, other],
        environment: environment.merging(["ROOT": home.path]) { _, new in new })
    }
    for writer in writers {
      writer.waitUntilExit()
      XCTAssertEqual(writer.terminationStatus, 0)
    }
    let expected = Set(["alpha", "beta"].flatMap { name in (1...20).map { "https://\(name).example/\($0)" } })
    XCTAssertEqual(Set(try list("alpha")), expected)
    XCTAssertEqual(Set(try list("beta")), expected)
  }
}
