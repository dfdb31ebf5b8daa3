import Foundation
import ScreenRendering

#if canImport(Glibc)
  import Glibc
#endif

/// A one-line progress bar on standard error for imports that take more than a moment.
///
/// It draws only when standard error is a terminal, only once the work has run for
/// ``delay``, and at most ten times a second; ``finish()`` erases it. Nothing it prints
/// comes from the file unsanitized.
package final class ImportProgress {
  /// Work shorter than this shows no bar at all.
  package static let delay: TimeInterval = 0.3
  private static let barWidth = 30

  private let label: String
  private let enabled: Bool
  private let start = Date()
  private var lastDraw: Date?
  /// Whether the bar was ever drawn.
  private var wasShown = false

  package init(label: String, enabled: Bool = isatty(STDERR_FILENO) == 1) {
    self.label = DisplayText.sanitize(label)
    self.enabled = enabled
  }

  /// Shows `done` of `total` (bytes read, say).
  package func update(done: Int64, total: Int64) {
    guard shouldDraw() else { return }
    let fraction = total > 0 ? min(1, Double(done) / Double(total)) : 0
    let filled = Int((fraction * Double(Self.barWidth)).rounded(.down))
    let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: Self.barWidth - filled)
    draw("\(label) \(bar) \(Int((fraction * 100).rounded(.down)))%")
  }

  /// Shows a step with no measurable progress ("Saving 100000 bookmarks…") in place of the
  /// bar, if the bar was shown: a file that took a moment to read takes a moment to save.
  package func step(_ text: String) {
    guard enabled, wasShown else { return }
    lastDraw = Date()
    draw(DisplayText.sanitize(text))
  }

  /// Erases the bar, if one was drawn.
  package func finish() {
    guard lastDraw != nil else { return }
    StandardStream.error.say("\r\u{1B}[2K")
    lastDraw = nil
  }

  private func shouldDraw(force: Bool = false) -> Bool {
    guard enabled else { return false }
    let now = Date()
    guard now.timeIntervalSince(start) >= Self.delay else { return false }
    if !force, let lastDraw, now.timeIntervalSince(lastDraw) < 0.1 { return false }
    lastDraw = now
    return true
  }

  private func draw(_ line: String) {
    wasShown = true
    StandardStream.error.say("\r\u{1B}[2K\(line)")
  }
}
