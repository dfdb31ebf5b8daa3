import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Gives the memory malloc holds free back to the system (glibc's `malloc_trim`), on a thread
/// of low priority: called when a filter goes, whose results malloc otherwise keeps, resident,
/// for the next filter.
///
/// Only for lists of up to ``largestList`` bookmarks: there the next filter's arrays are
/// faulted in again in well under a millisecond. At 1,000,000 they are tens of megabytes, and
/// faulting them in again made the next filter's first keys 10–15 ms slower: kept there.
enum FreedMemory {
  static let largestList = 250_000

  static func giveBack(listOf count: Int) {
    guard count <= largestList else { return }
    typealias Trim = @convention(c) (Int) -> Int32
    // Looked up: Swift's Glibc module does not export <malloc.h>. Without it nothing happens.
    guard let symbol = dlsym(nil, "malloc_trim") else { return }
    let trim = unsafeBitCast(symbol, to: Trim.self)
    let thread = Thread {
      _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
      _ = trim(0)
    }
    thread.name = "cloudy-trim"
    thread.start()
  }
}
