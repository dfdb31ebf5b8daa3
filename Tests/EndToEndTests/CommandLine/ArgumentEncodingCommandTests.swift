import Foundation
import TestSupport
import XCTest

/// Arguments that are not UTF-8 are refused rather than stored with U+FFFD in place of
/// what the user typed.
final class ArgumentEncodingCommandTests: XCTestCase {
  func testInvalidUTF8InAnArgumentIsRefusedAndNothingStored() throws {
    let home = try TemporaryFolder()
    defer { home.remove() }
    let environment = ["CLOUDY_STORE": "user-defaults", "CLOUDY_HOME": home.path, "CLOUDY": ChildProcess.cloudyPath]
    let process = try ChildProcess.start(
      "/bin/sh", ["-c", #"exec "$CLOUDY" add https://bytes.example --name "caf$(printf '\351')""#],
      environment: environment)
    process.waitUntilExit()
    XCTAssertNotEqual(process.terminationStatus, 0)
    let listed = try ChildProcess.cloudy(["list"], environment: environment)
    XCTAssertEqual(listed.stdout, "", "nothing stored")
  }
}
