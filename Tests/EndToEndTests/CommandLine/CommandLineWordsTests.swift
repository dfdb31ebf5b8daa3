import Foundation
import TestSupport
import XCTest

/// The command line's words for a new user's mistakes (issue 14): a mistyped cloud path, an
/// empty `--home` or id, the version, and numbers written one way everywhere.
final class CommandLineWordsTests: XCTestCase {
  private var home: TemporaryFolder!

  override func setUpWithError() throws {
    home = try TemporaryFolder()
  }

  override func tearDown() {
    home.remove()
  }

  private func cloudy(_ arguments: [String], environment: [String: String] = [:]) throws -> ChildProcess.Output {
    try ChildProcess.cloudy(
      arguments,
      environment: ["CLOUDY_HOME": home.path, "CLOUDY_STORE": "", "CLOUDY_CLOUD": ""].merging(environment) { $1 })
  }

  func testACloudInAFolderThatDoesNotExistIsAnErrorNamingTheFolder() throws {
    let output = try cloudy(["--store", "key-value", "--cloud", "sqlite:/nonexistent/dir/x.sqlite", "list"])
    XCTAssertEqual(output.status, 1)
    XCTAssertTrue(output.stderr.contains("The folder /nonexistent/dir for the cloud does not exist"), output.stderr)
    XCTAssertFalse(FileManager.default.fileExists(atPath: "/nonexistent/dir"), "no folder was made")
  }

  func testANewCloudFileInAnExistingFolderIsCreatedAndSaidOnce() throws {
    let cloud = "sqlite:" + home.path + "/shared-cloud.sqlite"
    let first = try cloudy(["--store", "key-value", "--cloud", cloud, "add", "https://one.example"])
    XCTAssertEqual(first.status, 0, first.stderr)
    XCTAssertTrue(first.stderr.contains("No cloud at \(home.path)/shared-cloud.sqlite yet"), first.stderr)
    let second = try cloudy(["--store", "key-value", "--cloud", cloud, "list"])
    XCTAssertEqual(second.status, 0, second.stderr)
    XCTAssertFalse(second.stderr.contains("No cloud at"), "said once: \(second.stderr)")
  }

  func testAnEmptyHomeOrIdIsRefused() throws {
    let emptyHome = try cloudy(["--home", "", "list"])
    XCTAssertNotEqual(emptyHome.status, 0)
    XCTAssertTrue(emptyHome.stderr.contains("--home needs a folder"), emptyHome.stderr)
    let emptyID = try cloudy(["edit", "", "--name", "x"])
    XCTAssertNotEqual(emptyID.status, 0)
    XCTAssertTrue(emptyID.stderr.contains("Give the bookmark's id"), emptyID.stderr)
    XCTAssertFalse(emptyID.stderr.contains("No bookmark has the id ."), emptyID.stderr)
  }

  /// A mistyped command is a usage error (64) that names the command meant.
  func testAMistypedCommandSuggestsTheNearestOne() throws {
    let mistyped = try cloudy(["lst"])
    XCTAssertEqual(mistyped.status, 64, mistyped.stderr)
    XCTAssertEqual(mistyped.stderr.split(separator: "\n").first, "Error: Unknown command “lst”; did you mean “list”?")
    let withOptions = try cloudy(["--store", "documents", "expot", "-o", "x.html"])
    XCTAssertEqual(withOptions.status, 64, withOptions.stderr)
    XCTAssertTrue(withOptions.stderr.contains("did you mean “export”?"), withOptions.stderr)
    let unlike = try cloudy(["frobnicate"])
    XCTAssertEqual(unlike.status, 64, unlike.stderr)
    XCTAssertTrue(unlike.stderr.contains("Unknown command “frobnicate”"), unlike.stderr)
    XCTAssertFalse(unlike.stderr.contains("did you mean"), unlike.stderr)
  }

  /// Usage errors exit 64, as the docs say, not 1.
  func testUsageErrorsExit64() throws {
    for arguments in [
      ["export", "--format", "pdf"], ["config", "set"], ["config", "set", "store"], ["config", "unset"],
      ["config", "frob"],
    ] {
      let output = try cloudy(arguments)
      XCTAssertEqual(output.status, 64, "\(arguments): \(output.stderr)")
      XCTAssertFalse(output.stderr.isEmpty, "\(arguments)")
    }
    XCTAssertEqual(try cloudy(["config", "set", "sort", "sideways"]).status, 1, "a bad value is refused, not a usage")
  }

  /// `CLOUDY_HOME=` is refused as `--home ""` is: an unset variable in a script is a mistake.
  func testAnEmptyHomeVariableIsRefusedAsAnEmptyFlagIs() throws {
    let flag = try cloudy(["--home", "", "list"])
    let variable = try cloudy(["list"], environment: ["CLOUDY_HOME": ""])
    XCTAssertEqual(variable.status, flag.status, variable.stderr)
    XCTAssertEqual(variable.status, 64)
    XCTAssertTrue(variable.stderr.contains("CLOUDY_HOME is empty"), variable.stderr)
  }

  /// `remove` says what it removed and where it went.
  func testRemoveSaysWhatItRemoved() throws {
    let id = try cloudy(["add", "https://gone.example", "--name", "Gone soon"]).stdout
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let removed = try cloudy(["remove", String(id.prefix(6))])
    XCTAssertEqual(removed.status, 0, removed.stderr)
    XCTAssertEqual(removed.stderr, "Removed “Gone soon” (\(id.prefix(8))); Recently Deleted has it.\n")
  }

  /// `--clear-tags` means something only to `edit`, so only `edit --help` lists it.
  func testClearTagsIsListedOnlyForEdit() throws {
    XCTAssertFalse(try cloudy(["add", "--help"]).stdout.contains("--clear-tags"))
    XCTAssertTrue(try cloudy(["edit", "--help"]).stdout.contains("--clear-tags"))
    XCTAssertEqual(try cloudy(["add", "https://x.example", "--clear-tags"]).status, 64)
  }

  func testVersion() throws {
    let output = try cloudy(["--version"])
    XCTAssertEqual(output.status, 0)
    XCTAssertTrue(output.stdout.hasPrefix("cloudy "), output.stdout)
  }

  /// The completion scripts the README and docs/command-line.md tell people to write: the
  /// shell's name after the option is not taken for a mistyped command.
  func testCompletionScriptsForEachShell() throws {
    for shell in ["bash", "zsh", "fish"] {
      let output = try cloudy(["--generate-completion-script", shell])
      XCTAssertEqual(output.status, 0, "\(shell): \(output.stderr)")
      XCTAssertTrue(output.stdout.contains("cloudy"), "\(shell): \(output.stdout.prefix(200))")
    }
  }

  func testImportCountsAreGroupedAsOnTheScreen() throws {
    let json: [[String: Any]] = (1...1500).map {
      ["id": "i\($0)", "name": "N\($0)", "url": "https://n\($0).example", "created": "2020-01-02T03:04:05Z"]
    }
    let path = home.path + "/many.json"
    try JSONSerialization.data(withJSONObject: json).write(to: URL(fileURLWithPath: path))
    let output = try cloudy(["import", "--yes", path])
    XCTAssertEqual(output.status, 0, output.stderr)
    XCTAssertTrue(output.stdout.contains("Imported 1,500 bookmarks"), output.stdout)
    XCTAssertTrue(output.stdout.contains("1,500"), output.stdout)
  }
}
