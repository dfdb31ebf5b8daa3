import BookmarkStoreInterface
import Foundation
import KeyValueBookmarks
import KeyValueStore
import PropertyLists
import TestSupport
import XCTest

/// The place in the key-value store (issue 18.6): one small key, coalesced writes, read by
/// the account's other devices, and anything damaged read safely.
final class KeyValuePlaceTests: XCTestCase {
  private var home: TemporaryFolder!

  override func setUpWithError() throws {
    home = try TemporaryFolder()
  }

  override func tearDown() {
    home.remove()
  }

  private func store(_ device: String) -> UbiquitousKeyValueStore {
    BookmarkStoreImplementation.keyValueStore(root: home.path, device: device)
  }

  func testAStreamOfMovesIsCoalescedAndTheLastOneReachesTheOtherDevice() async throws {
    let place = KeyValuePlace(keyValueStore: store("a"), interval: .seconds(60), start: true)
    for row in 0..<200 {
      place.save(ReadingPlace(folder: ["Toolbar"], selected: "id-\(row)", sort: "manual"))
    }
    await place.flush()
    XCTAssertLessThanOrEqual(place.writes, 2, "200 moves within the interval: the first, then the newest")
    XCTAssertEqual(place.current()?.selected, "id-199")

    let other = KeyValuePlace(keyValueStore: store("b"), start: true)
    let arrived = await other.load()
    XCTAssertEqual(arrived, ReadingPlace(folder: ["Toolbar"], selected: "id-199", sort: "manual"))
  }

  func testThePlaceStaysWithinOneKilobyteByLeavingOutALongFilter() async throws {
    let keyValue = store("a")
    let place = KeyValuePlace(keyValueStore: keyValue, start: true)
    place.save(
      ReadingPlace(folder: ["Toolbar"], selected: "x", sort: "name", filter: String(repeating: "swift ", count: 400)))
    await place.flush()
    XCTAssertEqual(place.current(), ReadingPlace(folder: ["Toolbar"], selected: "x", sort: "name"))
    let value = try XCTUnwrap(keyValue.object(forKey: KeyValuePlace.key))
    XCTAssertLessThanOrEqual(KeyValueLimits.entrySize(key: KeyValuePlace.key, value: value), 1024)
  }

  func testADamagedPlaceReadsAsNoneOrTheTopLevel() throws {
    let keyValue = store("a")
    let place = KeyValuePlace(keyValueStore: keyValue, start: true)
    for (value, expected) in [
      (PropertyList.string("garbage"), nil),
      (.dictionary(["folder": .array([.string("bad\u{1B}name")])]), nil),
      (.dictionary(["folder": .integer(3), "selected": .integer(4)]), ReadingPlace(folder: [])),
      (.dictionary(["flat": .bool(true), "sort": .string("name")]), ReadingPlace(folder: nil, sort: "name")),
    ] as [(PropertyList, ReadingPlace?)] {
      try keyValue.setValues([KeyValuePlace.key: value])
      XCTAssertEqual(place.current(), expected, "\(value)")
    }
  }
}
