import Foundation
import XCTest

/// Arguments that are not UTF-8 are refused rather than stored with U+FFFD in place of
/// what the user typed.
final class ArgumentEncodingCommandTests: XCTestCase {
  func testInvalidUTF8InAnArgumentIsRefusedAndNothingStored() throws {
    let home = try TemporaryHome()
    defer { home.remove() }
    let environment = ["CLOUDY_STORE": "user-defaults", "CLOUDY_HOME": home.path, "CLOUDY": ProcessRunner.cloudyPath]
    let process = try ProcessRunner.start(
      "/bin/sh", ["-c", #"exec "$CLOUDY" add https://bytes.example --name "caf$(printf '\351')""#],
      environment: environment)
    process.waitUntilExit()
    XCTAssertNotEqual(process.terminationStatus, 0)
    let listed = try ProcessRunner.run(["list"], environment: environment)
    XCTAssertEqual(listed.stdout, "", "nothing stored")
  }
}
