import XCTest

@testable import DocumentBookmarks

/// The store's table of documents by file answers as a dictionary does, through adds,
/// changes and removals in any order (removing moves the last value into the freed slot).
final class DocumentEntriesTests: XCTestCase {
  func testItAnswersAsADictionaryThroughRandomChanges() {
    var generator = SystemRandomNumberGenerator()
    for round in 0..<20 {
      var table = DocumentEntries<Int>()
      var model: [String: Int] = [:]
      for step in 0..<2_000 {
        let file = "f\(Int.random(in: 0..<300, using: &generator))"
        switch Int.random(in: 0..<4, using: &generator) {
        case 0:
          XCTAssertEqual(
            table.removeValue(forKey: file), model.removeValue(forKey: file), "round \(round) step \(step)")
        case 1:
          table[file] = nil
          model[file] = nil
        case 2:
          table[file]? += 1
          model[file]? += 1
        default:
          table[file] = step
          model[file] = step
        }
        XCTAssertEqual(table[file], model[file], "round \(round) step \(step)")
      }
      XCTAssertEqual(table.count, model.count)
      XCTAssertEqual(Dictionary(uniqueKeysWithValues: table.map { ($0.key, $0.value) }), model)
      XCTAssertEqual(table.values.sorted(), model.values.sorted())
      for (file, value) in model { XCTAssertEqual(table[file], value) }
    }
  }
}
