import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// glibc's malloc arenas, set up in `main()` while it is the only thread (DECISIONS.md).
///
/// Up to eight arenas: with one, the two threads that read a property list or a cache in
/// halves take turns on its lock (100,000 bookmarks without a cache: 406 ms, 246 ms with two).
/// With two, glibc handed the threads the two in turn, and whether the halves' threads shared
/// one was chance: when they did, the first full frame of 100,000 documents came at 120 ms
/// rather than 80 (1,000,000 in user defaults: 670–840 ms rather than 430), run to run. With
/// eight, a thread has its own. A new arena is a heap that grows a page at a time, an
/// `mprotect` each (8,900 of them in an open of 100,000 bookmarks from the cache: 10 ms
/// more), except where it has grown before: glibc gives freed memory back with
/// `MADV_DONTNEED` and leaves it writable. So a thread of its own makes the second arena
/// (the one the next thread gets), grows it once by ``grownBytes`` in blocks below the `mmap`
/// threshold, and frees them, while the program goes on.
///
/// Commands that write many bookmarks at once (`import`, `migrate`) keep one arena: with two,
/// what one thread freed was not there for the other, and importing 100,000 bookmarks into
/// the document store peaked at 616–640 MB rather than 512–517.
enum MallocArenas {
  /// The subcommands that keep one arena.
  static let oneArenaCommands: Set<String> = ["import", "migrate"]

  /// What the second arena is grown by: under a heap's 64 MB, above what 100,000 bookmarks
  /// take in it.
  static let grownBytes = 48 << 20
  /// Below glibc's default `mmap` threshold (128 KB), so each block comes from the heap.
  static let blockBytes = 120 << 10

  /// Sets the arenas for a run with these arguments (the program's own, without its path).
  static func prepare(for arguments: [String] = Array(CommandLine.arguments.dropFirst())) {
    typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
    let arenaMax: Int32 = -8  // M_ARENA_MAX
    // Looked up: Swift's Glibc module does not export <malloc.h>. Without it nothing changes.
    guard let symbol = dlsym(nil, "mallopt") else { return }
    let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
    // Such a word anywhere counts (an option's value may come before the command, as in
    // `--store documents import`); at worst another command gets one arena, as all had.
    if arguments.contains(where: oneArenaCommands.contains) {
      _ = mallopt(arenaMax, 1)
      return
    }
    guard mallopt(arenaMax, 8) == 1 else { return }
    // The main thread waits only until the grower has made the second arena (its first
    // malloc), so that no other thread makes it first.
    let made = DispatchSemaphore(value: 0)
    let started = Unmanaged.passRetained(made).toOpaque()
    var thread = pthread_t()
    let created = pthread_create(
      &thread, nil,
      { argument in
        let made = Unmanaged<DispatchSemaphore>.fromOpaque(argument!).takeRetainedValue()
        let count = MallocArenas.grownBytes / MallocArenas.blockBytes
        let blocks = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: count)
        made.signal()
        for index in 0..<count { blocks[index] = malloc(MallocArenas.blockBytes) }
        // Freed in order: each joins the one before, the last joins the heap's top, and the
        // heap is trimmed once.
        for index in 0..<count { free(blocks[index]) }
        blocks.deallocate()
        return nil
      }, started)
    guard created == 0 else {
      Unmanaged<DispatchSemaphore>.fromOpaque(started).release()
      return
    }
    pthread_detach(thread)
    made.wait()
  }
}
