import Cloud
import XCTest

/// Telling that the cloud went back in time (issue 42.2), from the facts a cloud gives: its
/// line of history, the account's breaks and its last sequence.
final class CloudHistoryTests: XCTestCase {
  private let one = CloudLine(system: "7713", timeline: 1)
  private let two = CloudLine(system: "7713", timeline: 2)
  private let three = CloudLine(system: "7713", timeline: 3)

  func testTheSameLineWithTheSequenceAheadIsNotRewound() {
    let history = CloudHistory(line: one, lastSequence: 40)
    XCTAssertNil(history.keptThrough(known: one, token: 40))
    XCTAssertNil(history.keptThrough(known: nil, token: 12), "a device that knows no line yet takes this one")
  }

  func testANewLineWithNoWriteSinceKeptTheLastSequence() {
    // Given a promoted standby on which this account has not written yet
    let history = CloudHistory(line: two, lastSequence: 31)
    // Then what it kept is its last sequence, whatever the device saw beyond it
    XCTAssertEqual(history.keptThrough(known: one, token: 40), 31)
  }

  func testANewLineKeptWhatItsFirstWriteRecordedThoughWritesHaveGoneBeyond() {
    // Given another device wrote on the new line past what this device saw
    let history = CloudHistory(line: two, breaks: [CloudBreak(line: two, keptThrough: 31)], lastSequence: 55)
    // Then the break, not the last sequence, says what was kept
    XCTAssertEqual(history.keptThrough(known: one, token: 40), 31)
  }

  func testOnlyBreaksAfterTheKnownLineCountAndTheEarliestWins() {
    let history = CloudHistory(
      line: three,
      breaks: [CloudBreak(line: two, keptThrough: 10), CloudBreak(line: three, keptThrough: 25)],
      lastSequence: 60)
    XCTAssertEqual(history.keptThrough(known: one, token: 30), 10, "a device away for two failovers")
    XCTAssertEqual(history.keptThrough(known: two, token: 30), 25, "a device that saw the first one")
    XCTAssertNil(history.keptThrough(known: three, token: 30), "a device already on this line")
  }

  func testAnotherClustersHistoryCountsEveryBreakOnIt() {
    let other = CloudLine(system: "9001", timeline: 1)
    let history = CloudHistory(line: other, breaks: [CloudBreak(line: other, keptThrough: 17)], lastSequence: 20)
    XCTAssertEqual(history.keptThrough(known: three, token: 30), 17)
  }

  func testALineBehindTheKnownOneTellsNothing() {
    // (A standby not yet on the timeline the device saw: nothing to conclude.)
    let history = CloudHistory(line: one, lastSequence: 5)
    XCTAssertNil(history.keptThrough(known: two, token: 30))
  }

  func testASequenceGoneBackwardsIsARewindWhenNoLineIsTold() {
    XCTAssertEqual(CloudHistory(line: nil, lastSequence: 12).keptThrough(known: one, token: 30), 12)
    XCTAssertNil(CloudHistory(line: nil, lastSequence: 30).keptThrough(known: one, token: 30))
    XCTAssertNil(CloudHistory.untold.keptThrough(known: one, token: 30))
  }

  func testLinesReadBackAsWritten() {
    XCTAssertEqual(CloudLine(two.description), two)
    XCTAssertNil(CloudLine("no timeline"))
    XCTAssertNil(CloudLine(":3"))
  }
}
