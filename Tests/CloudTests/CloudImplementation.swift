import Cloud
import Foundation

/// One implementation of the cloud contract under test: a name for assertion messages and
/// a way to make a fresh, empty store for one test.
struct CloudImplementation: Sendable {
  let name: String
  /// Makes an empty store that no other test uses.
  let makeStore: @Sendable () throws -> CloudTestStore
}
