import Foundation

/// The progress bar, safe to tell from the checker's tasks.
package final class CheckProgress: @unchecked Sendable {
  private let lock = NSLock()
  private let bar: ImportProgress

  package init(enabled: Bool) { bar = ImportProgress(label: "Checking", enabled: enabled) }

  package func update(done: Int, total: Int) { lock.withLock { bar.update(done: Int64(done), total: Int64(total)) } }
  package func finish() { lock.withLock { bar.finish() } }
}
