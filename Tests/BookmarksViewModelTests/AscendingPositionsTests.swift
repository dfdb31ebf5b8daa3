import ListSearch
import TestSupport
import XCTest

/// The merges a filter uses on ascending positions (an excluded word, an `is:` term) agree with
/// the sets they stand for.
final class AscendingPositionsTests: XCTestCase {
  func testRemovingAndIntersectingAgreeWithSets() {
    var random = SplitMix64(seed: 7_140)
    for _ in 0..<300 {
      let size = Int.random(in: 0...60, using: &random)
      let positions = (0..<size).filter { _ in Int.random(in: 0..<3, using: &random) > 0 }
      let among = positions.filter { _ in Bool.random(using: &random) }
      let other = (0..<size + 5).filter { _ in Int.random(in: 0..<4, using: &random) == 0 }
      XCTAssertEqual(positions.ascendingRemoving(among), positions.filter { !Set(among).contains($0) })
      XCTAssertEqual(positions.ascendingIntersection(other), positions.filter { Set(other).contains($0) })
      XCTAssertEqual(other.ascendingIntersection(positions), positions.filter { Set(other).contains($0) })
    }
  }
}
