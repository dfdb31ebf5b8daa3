import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Gives the memory malloc holds free back to the system (glibc's `malloc_trim`), on a thread
/// of low priority: called when a filter goes, whose results (at 1,000,000 bookmarks, tens of
/// megabytes a keystroke) malloc otherwise keeps for the next ones, resident.
enum FreedMemory {
  static func giveBack() {
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
