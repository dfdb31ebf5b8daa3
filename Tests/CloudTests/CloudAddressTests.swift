import Cloud
import XCTest

final class CloudAddressTests: XCTestCase {
  func testSQLiteAddresses() throws {
    XCTAssertEqual(try CloudAddress(parsing: "sqlite:/home/me/cloud.sqlite"), .sqlite(path: "/home/me/cloud.sqlite"))
    XCTAssertEqual(try CloudAddress(parsing: "sqlite:///home/me/cloud.sqlite"), .sqlite(path: "/home/me/cloud.sqlite"))
    XCTAssertEqual(try CloudAddress(parsing: "sqlite:/c").displayName, "sqlite:/c")
  }

  func testRelativeAndMalformedAddressesAreRefused() {
    for text in [
      "sqlite:cloud.sqlite", "sqlite:./cloud.sqlite", "sqlite:", "sqlite:/", "sqlite:/home/me/",
      "sqlite://host/cloud.sqlite", "/home/me/cloud.sqlite", "mysql://u@h/db", "", "postgres:/db",
    ] {
      XCTAssertThrowsError(try CloudAddress(parsing: text), "\(text.debugDescription) is refused") { error in
        guard case .badAddress(let message) = error as? CloudError else {
          return XCTFail("\(text.debugDescription): badAddress, not \(error)")
        }
        XCTAssertFalse(message.isEmpty)
      }
    }
  }

  func testPostgresAddresses() throws {
    let url = "postgres://me@db.example:5432/cloudy"
    XCTAssertEqual(try CloudAddress(parsing: url), .postgres(url: url))
    XCTAssertEqual(try CloudAddress(parsing: url).displayName, url)
    let long = "postgresql://me@db.example/cloudy?sslmode=require"
    XCTAssertEqual(try CloudAddress(parsing: long), .postgres(url: long))
    XCTAssertEqual(try CloudAddress(parsing: long).displayName, long)
  }

  func testDisplayNameNeverShowsAPassword() {
    let cases = [
      "postgres://u:secret@h/db": "postgres://u@h/db",
      "postgresql://u:secret@h:5432/db": "postgresql://u@h:5432/db",
      "postgres://:secret@h/db": "postgres://@h/db",
      "postgres://u:se@cret@h/db": "postgres://u@h/db",
      "postgres://u:secret@h/db?sslmode=require&password=secret": "postgres://u@h/db?sslmode=require",
      "postgres://h/db?password=secret&sslmode=require": "postgres://h/db?sslmode=require",
      "postgres://h/db?password=secret": "postgres://h/db",
    ]
    for (url, expected) in cases.sorted(by: { $0.key < $1.key }) {
      // Parsing refuses these addresses; a value made without parsing still shows no password.
      XCTAssertThrowsError(try CloudAddress(parsing: url), url)
      let name = CloudAddress.postgres(url: url).displayName
      XCTAssertFalse(name.contains("secret"), "\(url) shows as \(name)")
      XCTAssertFalse(name.contains("cret"), "\(url) shows as \(name)")
      XCTAssertEqual(name, expected, "\(url)")
    }
  }

  // MARK: - Passwords, encoded or not (issue 16.1)

  func testAnyPasswordInAPostgresAddressIsRefused() {
    for text in [
      "postgres://cloudy:secret@127.0.0.1:5432/cloudy",
      "postgres://cloudy%3Asecret@127.0.0.1:5432/cloudy",
      "postgres://cloudy%3asecret@127.0.0.1:5432/cloudy",
      "postgresql://%63loudy%3Asecret@db.example/cloudy",
      "postgres://:secret@h/db",
      "postgres://u@h/db?password=secret",
      "postgres://u@h/db?PassWord=secret",
      "postgres://u@h/db?pass%77ord=secret",
    ] {
      XCTAssertThrowsError(try CloudAddress(parsing: text), "\(text) is refused") { error in
        guard case .badAddress(let message) = error as? CloudError else {
          return XCTFail("\(text): badAddress, not \(error)")
        }
        XCTAssertFalse(message.contains("secret"), "the sentence never repeats it: \(message)")
        XCTAssertFalse(message.contains("%3A"), "the sentence never repeats the address: \(message)")
      }
    }
  }

  func testTheDisplayNameIsDecodedAndNeverHoldsAColonPart() {
    // A case built without parsing (no check ran) still shows no password, encoded or not.
    XCTAssertEqual(
      CloudAddress.postgres(url: "postgres://cloudy%3Asecret@h:1/db").displayName, "postgres://cloudy@h:1/db")
    XCTAssertEqual(CloudAddress.postgres(url: "postgres://cloudy%3asecret@h/db").displayName, "postgres://cloudy@h/db")
  }
}
