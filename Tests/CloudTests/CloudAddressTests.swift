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

  func testDisplayNameNeverShowsAPassword() throws {
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
      let name = try CloudAddress(parsing: url).displayName
      XCTAssertFalse(name.contains("secret"), "\(url) shows as \(name)")
      XCTAssertFalse(name.contains("cret"), "\(url) shows as \(name)")
      XCTAssertEqual(name, expected, "\(url)")
    }
  }
}
