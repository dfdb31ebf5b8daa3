import BookmarksState
import Glibc
import Synchronization

/// Actions from other threads (store changes, finished saves) for the UI loop.
///
/// `post` appends and writes a byte to a pipe; the loop `poll`s that pipe beside the
/// terminal's input, so it sleeps until there is something to do and never spins.
final class Inbox: Sendable {
  private let pending = Mutex<[Action]>([])
  let readFD: Int32
  let writeFD: Int32

  init() throws {
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { throw TerminalError.setupFailed("can't create a pipe") }
    for fd in fds {
      _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    }
    readFD = fds[0]
    writeFD = fds[1]
  }

  deinit {
    close(readFD)
    close(writeFD)
  }

  /// Queues an action and wakes the loop. Safe from any thread.
  func post(_ action: Action) {
    pending.withLock { $0.append(action) }
    var byte: UInt8 = 1
    _ = write(writeFD, &byte, 1)  // A full pipe already means "wake up".
  }

  /// Wakes the loop without an action. Safe from any thread.
  func wake() {
    var byte: UInt8 = 1
    _ = write(writeFD, &byte, 1)
  }

  /// Takes every queued action, oldest first.
  func drain() -> [Action] {
    var bytes = [UInt8](repeating: 0, count: 256)
    while read(readFD, &bytes, bytes.count) > 0 {}
    return pending.withLock { actions in
      defer { actions.removeAll() }
      return actions
    }
  }
}
