import Foundation
import XCTest

/// The security issues a user can reach from the command line (issue 16), run against the
/// real binary: what it refuses, what it prints, and what it leaves in the home folder.
final class SecurityCommandTests: XCTestCase {
  private var home: TemporaryHome!

  override func setUpWithError() throws {
    home = try TemporaryHome()
  }

  override func tearDown() {
    home.remove()
  }

  private func cloudy(_ arguments: [String], environment: [String: String] = [:]) throws -> ProcessRunner.Output {
    try ProcessRunner.run(arguments, environment: ["CLOUDY_HOME": home.path].merging(environment) { _, new in new })
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
}
