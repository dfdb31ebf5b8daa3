import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// What malloc does with the memory a filter's results free, by the list's size.
///
/// Up to ``largestList`` bookmarks it is given back to the system when a filter goes (glibc's
/// `malloc_trim`, on a thread of low priority): the next filter's arrays are faulted in again in
/// well under a millisecond.
///
/// Above it, a filter's arrays are megabytes each keystroke. glibc maps each such array on its
/// own and unmaps it when freed until it has seen enough of them to raise its threshold, so a
/// session's first filters faulted every page in again (at 1,000,000 documents `s` took 44 ms
/// the first time, 15 once malloc had adapted). Malloc is told at once to keep arrays of up
/// to 64 MB in its heap and not to give the heap back (``keepArrays(listOf:)``), as it would end
/// up doing by itself.
enum FreedMemory {
  static let largestList = 250_000

  /// After a filter goes: gives the free memory back, for a list of up to ``largestList``.
  static func giveBack(listOf count: Int) {
    guard count <= largestList, let trim = function("malloc_trim", as: (@convention(c) (Int) -> Int32).self)
    else { return }
    let thread = Thread {
      _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
      _ = trim(0)
    }
    thread.name = "cloudy-trim"
    thread.start()
  }

  /// Once a list of more than ``largestList`` is shown: malloc keeps large arrays in its heap.
  static func keepArrays(listOf count: Int) {
    guard count > largestList, !keepsArrays,
      let set = function("mallopt", as: (@convention(c) (Int32, Int32) -> Int32).self)
    else { return }
    keepsArrays = true
    // glibc's M_TRIM_THRESHOLD and M_MMAP_THRESHOLD (<malloc.h>).
    _ = set(-1, 256 << 20)
    _ = set(-3, 64 << 20)
  }

  /// Set once, on the UI thread.
  nonisolated(unsafe) private static var keepsArrays = false

  /// Looked up: Swift's Glibc module does not export <malloc.h>. Without it nothing happens.
  private static func function<T>(_ name: String, as type: T.Type) -> T? {
    dlsym(nil, name).map { unsafeBitCast($0, to: type) }
  }
}
