import Foundation
import TestSupport
import XCTest

/// A home that can't be written (a read-only mount, a backup being looked at) still lists:
/// the document store opens its index read-only, as the other stores read theirs, and a
/// change is refused with nothing stored.
final class ReadOnlyHomeCommandTests: XCTestCase {
  private var home: TemporaryFolder!

  override func setUpWithError() throws {
    home = try TemporaryFolder()
  }

  override func tearDown() {
    _ = try? ChildProcess.start("/bin/chmod", ["-R", "u+w", home.path]).waitUntilExit()
    home.remove()
  }

  private var environment: [String: String] {
    [
      "CLOUDY_STORE": "documents", "CLOUDY_CLOUD": "sqlite:" + home.path + "/cloud.sqlite",
      "CLOUDY_ACCOUNT": "alice", "CLOUDY_HOME": home.path + "/a",
    ]
  }

  /// Runs `cloudy` as a user who can't write the home: this user if it isn't root (whom
  /// file modes don't stop), else `nobody` through `setpriv`.
  private func readOnly(_ arguments: [String]) throws -> ChildProcess.Output {
    guard getuid() == 0 else {
      return try ChildProcess.cloudy(arguments, environment: environment)
    }
    return try ChildProcess.run(
      "/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", ChildProcess.cloudyPath] + arguments,
      environment: ChildProcess.inherited(plus: environment))
  }

  func testAReadOnlyHomeIsListedAndRefusesChangesTruthfully() throws {
    if getuid() == 0, !FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") {
      throw XCTSkip("running as root without setpriv: no way to be a user the modes stop")
    }
    XCTAssertEqual(
      try ChildProcess.cloudy(["add", "https://one.example", "--name", "one"], environment: environment).status, 0)
    XCTAssertEqual(
      try ChildProcess.cloudy(["add", "https://two.example", "--name", "two", "--offline"], environment: environment)
        .status, 0)
    let chmod = try ChildProcess.start("/bin/chmod", ["-R", "a+rX,a-w", home.path])
    chmod.waitUntilExit()
    XCTAssertEqual(chmod.terminationStatus, 0)

    let listed = try readOnly(["list", "--offline"])
    XCTAssertEqual(listed.status, 0, listed.stderr)
    XCTAssertEqual(
      Set(listed.stdout.split(separator: "\n").map { String($0.split(separator: "\t")[1]) }), ["one", "two"])

    let added = try readOnly(["add", "https://three.example", "--name", "three", "--offline"])
    XCTAssertNotEqual(added.status, 0)
    XCTAssertTrue(added.stderr.contains("nothing stored was changed"), added.stderr)
  }
}
