import Synchronization

/// A child's exit status, once known; shared by the threads that wait for it.
final class LockedStatus: Sendable {
  private let status = Mutex<Int32?>(nil)

  var value: Int32? {
    get { status.withLock { $0 } }
    set { status.withLock { $0 = newValue } }
  }
}
