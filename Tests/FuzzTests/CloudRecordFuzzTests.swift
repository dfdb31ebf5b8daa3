import BookmarkModel
import Foundation
import PropertyLists
import XCTest

@testable import DocumentContainer
@testable import KeyValueStore

/// Fuzzes what the cloud hands a device, each for CLOUDY_FUZZ_SECONDS (1.5 s by default):
///
/// - the documents zone's record, a ``DocumentEnvelope`` (`Corpus/document-envelope`): it
///   decodes or is refused, never crashes; one that decodes is encoded and decoded back the
///   same (`round-trip`, saved dates to the microsecond), and its document is read;
/// - the key-value zone's value, a property-list element (`Corpus/key-value-value`): it
///   reads or fails with a ``PropertyListError`` (`error-type`); one that reads is written as
///   the store sends it and read back the same (`round-trip`).
final class CloudRecordFuzzTests: XCTestCase {
  static let envelopeTokens = [
    "{", "}", "[", "]", ",", ":", "\"", "\"current\":", "\"conflicts\":", "\"id\":", "\"device\":", "\"saved\":",
    "\"contents\":", "\"\"", "null", "[]", "{}", "1e300", "-1e300", "0.1", "1700000000.5",
    "\"Y2xvdWR5LWJvb2ttYXJrIDEK\"",
    "\"====\"", "\"AA\"", "\\u0000", "\\ud800", "\\u202e",
  ]

  static let valueTokens = PropertyListFuzzTests.tokens

  func testDocumentEnvelope() {
    FuzzDriver(target: "document-envelope", tokens: Self.envelopeTokens).run { input, _ throws(FuzzFailure) in
      try Self.checkEnvelope(input)
    }
  }

  func testKeyValueValue() {
    FuzzDriver(target: "key-value-value", tokens: Self.valueTokens).run { input, _ throws(FuzzFailure) in
      try Self.checkValue(input)
    }
  }

  static func checkEnvelope(_ input: [UInt8]) throws(FuzzFailure) -> String {
    guard let envelope = DocumentEnvelope(data: Data(input)) else { return "refused" }
    let data = envelope.data
    try FuzzFailure.check(!data.isEmpty, "round-trip", "the envelope \(envelope) encodes to nothing")
    guard let again = DocumentEnvelope(data: data) else {
      throw FuzzFailure("round-trip", "the envelope \(envelope), encoded, can't be decoded again")
    }
    let versions = ([envelope.current] + envelope.conflicts, [again.current] + again.conflicts)
    try FuzzFailure.check(
      versions.0.count == versions.1.count, "round-trip", "\(versions.0.count) versions became \(versions.1.count)")
    for (before, after) in zip(versions.0, versions.1) {
      let same =
        before.id == after.id && before.device == after.device && before.contents == after.contents
        && abs(before.saved.timeIntervalSince1970 - after.saved.timeIntervalSince1970) <= 1e-6
          * max(1, abs(before.saved.timeIntervalSince1970))
      try FuzzFailure.check(same, "round-trip", "the version \(before) became \(after)")
    }
    let document = BookmarkDocument.read(envelope.current.contents)
    return "envelope \(min(envelope.conflicts.count, 2)) \(document == nil ? "other" : "bookmark")"
  }

  static func checkValue(_ input: [UInt8]) throws(FuzzFailure) -> String {
    let value: PropertyList
    do {
      value = try PropertyListReader.readElement(Data(input))
    } catch let error as PropertyListError {
      return "error \(error.cannotKeepExactly) \(error.description.prefix { $0 != " " })"
    } catch {
      throw FuzzFailure("error-type", "PropertyListReader.readElement threw \(type(of: error)): \(error)")
    }
    for date in PropertyListEquivalence.dates(in: value) {
      try WritableDate.check(date, "a date read")
    }
    let element = PropertyListXMLWriter.element(for: value)
    try FuzzFailure.check(
      KeyValueLimits.size(of: value) == element.count, "round-trip", "the value's size is not its element's length")
    do {
      let again = try PropertyListReader.readElement(element)
      if let difference = PropertyListEquivalence.difference(value, again) {
        throw FuzzFailure("round-trip", "read, written as the store sends it and read again: \(difference)")
      }
    } catch let failure as FuzzFailure {
      throw failure
    } catch {
      throw FuzzFailure(
        "round-trip", "what was read, written as the store sends it, can't be read again: \(error)")
    }
    let bookmark = Bookmark(propertyList: value)
    if let bookmark, let scalar = ForbiddenScalar.first(in: bookmark.url) {
      throw FuzzFailure(
        "url-rule", "a bookmark with U+\(String(scalar.value, radix: 16)) in its URL is read: \(bookmark.url)")
    }
    return "\(bookmark == nil ? "value" : "bookmark") \(String(describing: value).prefix { $0 != "(" })"
  }
}
