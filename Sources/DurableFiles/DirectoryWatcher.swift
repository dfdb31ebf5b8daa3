import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Watches one folder with inotify and calls a handler on its own thread: with the names
/// of files that were written, created, renamed into the folder or deleted, and with an
/// empty set `fallbackInterval` after an event, however busy the folder is.
///
/// The later call is the safety net: a file event can arrive before the change it
/// announces is visible to a reader (an SQLite commit shows in shared memory, which makes
/// no event, just after its last write to the WAL), and events can be lost (the kernel's
/// queue overflows). Handlers check the real state each time. After the last event the
/// net is cast again at twice the spacing each time, up to a spacing of 32 s (1, 2, 4 … 32 s
/// for a 1 s interval, about a minute), and then the watcher sleeps until the next event, so an idle
/// process (`cloudy sync --watch`) takes no CPU at all. A folder that is not watched (it did
/// not exist yet, inotify was out of watches, or the folder was deleted, moved or unmounted
/// since) is checked every interval, and watched again as soon as it can be. An event that
/// names no file (the queue overflowed, say) also gets an empty set. Not seen at all: changes
/// inotify never reports, such as a network file system's made from another machine.
public final class DirectoryWatcher: Sendable {
  private let inotifyFD: Int32
  private let stopPipe: (read: Int32, write: Int32)
  private let finished = DispatchSemaphore(value: 0)
  private let stopped = Atomic<Bool>(false)
  /// The watcher thread's `pthread_self()`, so that `stop()` called from the handler does
  /// not wait for its own thread (a thread's name is no identity: every watcher has the
  /// same one, and Foundation on Linux does not always report it).
  private let watcherThread = ThreadIdentity()

  /// Starts watching. `handler` runs on the watcher's thread, one call at a time.
  ///
  /// With `ready`, the watch is added on the watcher's own thread (on a folder of 100,000
  /// files the kernel takes about 10 ms to mark them), and `ready` runs there once it is in
  /// place, before any call of `handler`: a caller checks the folder then, so a change made
  /// before the watch is not missed. Nothing here waits for a shared thread pool, where a
  /// busy moment once held a query's watch back for longer than a test's bound.
  public init(
    directory: String, fallbackInterval: Duration, widestSpacing: Duration = .seconds(32),
    ready: (@Sendable () -> Void)? = nil, handler: @escaping @Sendable (Set<String>) -> Void
  ) throws {
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { throw FileError.unreadable(path: directory, reason: String(cString: strerror(errno))) }
    _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
    _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
    stopPipe = (fds[0], fds[1])
    inotifyFD = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
    let watched = ready == nil ? Self.addWatch(inotifyFD, directory) : -1
    let timeout =
      Int32(clamping: fallbackInterval.components.seconds * 1000)
      + Int32(clamping: fallbackInterval.components.attoseconds / 1_000_000_000_000_000)
    let inotifyFD = inotifyFD
    let stopFD = stopPipe.read
    let finished = finished
    let watcherThread = watcherThread
    let thread = Thread {
      watcherThread.id.store(UInt(pthread_self()), ordering: .releasing)
      var watch = watched
      if let ready {
        watch = Self.addWatch(inotifyFD, directory)
        ready()
      }
      Self.run(
        inotifyFD: inotifyFD, stopFD: stopFD, directory: directory, watch: watch, timeout: max(1, timeout),
        widestSpacing: widestSpacing, handler: handler)
      finished.signal()
    }
    thread.name = "cloudy-watch"
    thread.start()
  }

  deinit {
    stop()
    close(stopPipe.read)
    close(stopPipe.write)
    if inotifyFD >= 0 { close(inotifyFD) }
  }

  /// Stops the thread and waits for it, so the handler is not called after this returns
  /// (unless `stop` is called from the handler itself).
  public func stop() {
    guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
    var byte: UInt8 = 1
    _ = write(stopPipe.write, &byte, 1)
    if watcherThread.id.load(ordering: .acquiring) != UInt(pthread_self()) { finished.wait() }
  }

  /// Whether the watch is in place.
  /// The watch descriptor, or -1 when the folder can't be watched now.
  private static func addWatch(_ inotifyFD: Int32, _ directory: String) -> Int32 {
    guard inotifyFD >= 0 else { return -1 }
    let mask = UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_CREATE | IN_MOVED_TO | IN_DELETE | IN_DELETE_SELF | IN_MOVE_SELF)
    return inotify_add_watch(inotifyFD, directory, mask)
  }

  /// While the folder is watched (`watch` ≥ 0) the safety net stops once its spacing would
  /// pass `widestSpacing`; while it is not, the net is cast every interval and the watch is
  /// tried again each time.
  private static func run(
    inotifyFD: Int32, stopFD: Int32, directory: String, watch: Int32, timeout: Int32, widestSpacing: Duration,
    handler: @Sendable (Set<String>) -> Void
  ) {
    var watch = watch
    var fds = [pollfd(fd: stopFD, events: Int16(POLLIN), revents: 0)]
    if inotifyFD >= 0 { fds.append(pollfd(fd: inotifyFD, events: Int16(POLLIN), revents: 0)) }
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    let clock = ContinuousClock()
    let interval = Duration.milliseconds(timeout)
    // The safety net's call is due at this time even while events keep coming: a folder
    // busy with other files must not starve it. Nil: quiet, waiting for an event.
    var fallbackDue: ContinuousClock.Instant? = clock.now.advanced(by: interval)
    var spacing: Int64 = 1
    while true {
      for index in fds.indices { fds[index].revents = 0 }
      var wait: Int32 = -1
      if let fallbackDue {
        let remaining = clock.now.duration(to: fallbackDue)
        wait = remaining <= .zero ? 0 : Int32(clamping: remaining.milliseconds + 1)
      }
      let ready = poll(&fds, nfds_t(fds.count), wait)
      if ready < 0 {
        if errno == EINTR { continue }
        return
      }
      if fds[0].revents != 0 { return }
      if ready > 0 {
        // An event casts the net again at its closest spacing.
        spacing = 1
        let soon = clock.now.advanced(by: interval)
        if fallbackDue.map({ soon < $0 }) ?? true { fallbackDue = soon }
        let (names, lost) = drain(inotifyFD, buffer: &buffer)
        if lost, watch >= 0 {
          // Deleted, moved or unmounted: its path is watched again once it can be.
          _ = inotify_rm_watch(inotifyFD, watch)
          watch = -1
        }
        if !names.isEmpty {
          handler(names)
          if let due = fallbackDue, clock.now < due { continue }
        }
      }
      guard ready > 0 || fallbackDue.map({ clock.now >= $0 }) == true else { continue }
      if watch < 0 {
        watch = addWatch(inotifyFD, directory)
        if watch >= 0 { spacing = 1 }
      }
      handler([])
      if watch >= 0 {
        spacing *= 2
        fallbackDue = interval * spacing > widestSpacing ? nil : clock.now.advanced(by: interval * spacing)
      } else {
        fallbackDue = clock.now.advanced(by: interval)
      }
    }
  }

  /// Reads every queued inotify event and returns the file names they mention (none for
  /// an event about the folder itself or a queue overflow), and whether the folder's watch
  /// was lost (the folder deleted, moved or unmounted).
  private static func drain(_ fd: Int32, buffer: inout [UInt8]) -> (names: Set<String>, lost: Bool) {
    var names: Set<String> = []
    var lost = false
    let losing = UInt32(IN_IGNORED | IN_DELETE_SELF | IN_MOVE_SELF | IN_UNMOUNT)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if count <= 0 { return (names, lost) }
      var offset = 0
      buffer.withUnsafeBytes { raw in
        while offset + MemoryLayout<inotify_event>.size <= count {
          let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
          if event.mask & losing != 0 { lost = true }
          let nameStart = offset + MemoryLayout<inotify_event>.size
          let nameBytes = raw[nameStart..<min(count, nameStart + Int(event.len))].prefix { $0 != 0 }
          if !nameBytes.isEmpty { names.insert(String(decoding: nameBytes, as: UTF8.self)) }
          offset = nameStart + Int(event.len)
        }
      }
    }
  }
}

extension Duration {
  /// Whole milliseconds, rounded down.
  fileprivate var milliseconds: Int64 {
    components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
  }
}

/// Which thread runs a watcher's loop (0 until it starts).
private final class ThreadIdentity: Sendable {
  let id = Atomic<UInt>(0)
}
