import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// What a wait for a lock that another process holds says, once it has lasted a moment: the
/// command line prints the sentence on stderr, so a command stuck behind a stopped or hung
/// process names it instead of waiting in silence. Nothing is said unless a notice is set
/// (the full-screen app sets none: stderr would scribble over its screen).
public enum LockWait {
  /// How long a wait lasts before the notice is given.
  public static let patience: Duration = .seconds(1)

  private static let notice = Mutex<(@Sendable (String) -> Void)?>(nil)

  /// Sets what is done with the sentence about a long wait (nil: nothing).
  public static func setNotice(_ body: (@Sendable (String) -> Void)?) {
    notice.withLock { $0 = body }
  }

  /// Gives the notice for a wait on `path` that has lasted ``patience``, looking its holder
  /// up through a descriptor of its own.
  static func announce(path: String) {
    guard let body = notice.withLock({ $0 }) else { return }
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    let holder = fd >= 0 ? holder(of: fd) : nil
    if fd >= 0 { close(fd) }
    body(sentence(path: path, holder: holder))
  }

  /// Blocks in `flock(fd, operation)`, giving the notice if it lasts ``patience``; `false`
  /// (with `errno` set) if the lock can't be taken for another reason than being held.
  static func blockingLock(_ fd: Int32, _ operation: Int32, path: String) -> Bool {
    while flock(fd, operation | LOCK_NB) != 0 {
      if errno == EINTR { continue }
      guard errno == EWOULDBLOCK else { return false }
      // Held: wait as before (in the kernel, in turn), and say who holds it after a moment.
      let announcement = DispatchWorkItem { announce(path: path) }
      let delay = DispatchTimeInterval.seconds(Int(patience.components.seconds))
      DispatchQueue.global().asyncAfter(deadline: .now() + delay, execute: announcement)
      defer { announcement.cancel() }
      while flock(fd, operation) != 0 {
        if errno != EINTR { return false }
      }
      return true
    }
    return true
  }

  /// The process that holds a lock: its id, its command line, and whether it is stopped.
  struct Holder: Equatable {
    var pid: Int32
    var command: String?
    var stopped: Bool
  }

  /// The sentence for a wait on `path`.
  static func sentence(path: String, holder: Holder?) -> String {
    guard let holder else { return "Waiting for another process to release \(path)." }
    let command = holder.command.map { " (\($0))" } ?? ""
    let stopped =
      holder.stopped ? "; it is stopped: `kill -CONT \(holder.pid)` lets it go on" : ""
    return "Waiting for process \(holder.pid)\(command) to release \(path)\(stopped)."
  }

  /// Who holds the `flock` on the file open as `fd`, from `/proc/locks` (nil if that can't
  /// be told: no `/proc`, or a holder in another pid namespace).
  static func holder(of fd: Int32) -> Holder? {
    var info = stat()
    guard fstat(fd, &info) == 0, let locks = try? String(contentsOfFile: "/proc/locks", encoding: .utf8) else {
      return nil
    }
    // `1: FLOCK  ADVISORY  WRITE 1234 fe:01:5678 0 EOF`: major and minor device numbers in
    // hex, then the inode; waiters' lines have `->` after the number, so they don't match.
    // The device is compared where it can be (an overlay shows the layer's), the inode always.
    let dev = UInt64(info.st_dev)
    let major = ((dev >> 8) & 0xfff) | ((dev >> 32) & ~0xfff)
    let minor = (dev & 0xff) | ((dev >> 12) & ~0xff)
    let exact = String(format: "%02llx:%02llx:%llu", major, minor, UInt64(info.st_ino))
    let inode = ":\(UInt64(info.st_ino))"
    var candidates: [(exact: Bool, pid: Int32)] = []
    for line in locks.split(separator: "\n") {
      let fields = line.split(separator: " ")
      guard fields.count >= 6, fields[1] == "FLOCK", fields[5].hasSuffix(inode), let pid = Int32(fields[4]), pid > 0
      else { continue }
      candidates.append((fields[5] == exact, pid))
    }
    guard let pid = (candidates.first { $0.exact } ?? candidates.first)?.pid else { return nil }
    return Holder(pid: pid, command: command(of: pid), stopped: isStopped(pid))
  }

  /// A process's command line, its arguments joined by spaces, at most 80 characters.
  private static func command(of pid: Int32) -> String? {
    guard let raw = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline"), !raw.isEmpty else { return nil }
    let words = raw.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    var text = ([(words.first.map { ($0 as NSString).lastPathComponent } ?? "")] + words.dropFirst())
      .joined(separator: " ")
    if text.count > 80 { text = String(text.prefix(79)) + "…" }
    return text
  }

  /// Whether a process is stopped (`T`, by a signal such as SIGSTOP or Ctrl-Z, or `t`, by a
  /// debugger).
  private static func isStopped(_ pid: Int32) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return false }
    let state = stat[stat.index(after: close)...].drop { $0 == " " }.first
    return state == "T" || state == "t"
  }
}
