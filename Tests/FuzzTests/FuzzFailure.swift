/// A property a fuzz target checks did not hold for an input.
struct FuzzFailure: Error, Sendable {
  /// Which property, a short stable name (`chunk-split`): failures are grouped by it.
  var property: String
  /// What was seen, in one or a few lines, with whatever the input alone does not say
  /// (where the input was split, say).
  var detail: String

  init(_ property: String, _ detail: String) {
    self.property = property
    self.detail = detail
  }

  /// Throws a failure of `property` unless `condition` holds.
  static func check(
    _ condition: Bool, _ property: String, _ detail: @autoclosure () -> String
  ) throws(FuzzFailure) {
    if !condition { throw FuzzFailure(property, detail()) }
  }
}
