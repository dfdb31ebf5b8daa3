import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Leaves a trace when an input kills the test process instead of failing a check: a Swift
/// trap, a segmentation fault (a stack overflow, say) or an abort prints the target, the seed,
/// the iteration and the input as hex to standard error and writes the input to a file, then
/// the signal goes on to the handler that was there before (the Swift runtime's backtracer).
/// A watchdog does the same, then aborts, when one input runs past the hang timeout.
///
/// The handler may use only async-signal-safe calls, so everything it writes is prepared
/// before each input runs, in buffers allocated once.
enum FuzzCrashGuard {
  private static let capacity = 1 << 17
  private static let signals: [Int32] = [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE, SIGABRT]

  nonisolated(unsafe) private static var input = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
  nonisolated(unsafe) private static var inputCount = 0
  nonisolated(unsafe) private static var hex = UnsafeMutablePointer<UInt8>.allocate(capacity: 2 * capacity)
  nonisolated(unsafe) private static var headline = UnsafeMutablePointer<UInt8>.allocate(capacity: 4096)
  nonisolated(unsafe) private static var headlineCount = 0
  nonisolated(unsafe) private static var path = UnsafeMutablePointer<CChar>.allocate(capacity: 4096)
  nonisolated(unsafe) private static var previous = UnsafeMutablePointer<sigaction>.allocate(capacity: 6)
  nonisolated(unsafe) private static var iteration = 0
  nonisolated(unsafe) private static var hangNanoseconds: UInt64 = 30_000_000_000
  /// When the running input started (monotonic nanoseconds), 0 between inputs.
  private static let started = Atomic<UInt64>(0)
  private static let reported = Atomic<Bool>(false)
  private static let installed = Mutex<Bool>(false)

  /// Installs the signal handlers and the watchdog, once per process.
  static func install(hangSeconds: Double) {
    let first = installed.withLock { done in
      defer { done = true }
      return !done
    }
    guard first else { return }
    hangNanoseconds = UInt64(max(1, hangSeconds) * 1e9)
    inputCount = 0
    headlineCount = 0
    path[0] = 0
    // A stack of its own, so a stack overflow can still be reported.
    var stack = stack_t()
    stack.ss_size = 1 << 16
    stack.ss_sp = UnsafeMutableRawPointer.allocate(byteCount: stack.ss_size, alignment: 16)
    stack.ss_flags = 0
    sigaltstack(&stack, nil)
    for (index, signal) in signals.enumerated() {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { signal in FuzzCrashGuard.handle(signal) }
      action.sa_flags = Int32(SA_ONSTACK)
      sigemptyset(&action.sa_mask)
      sigaction(signal, &action, previous + index)
    }
    Thread.detachNewThread {
      while true {
        usleep(200_000)
        let start = started.load(ordering: .acquiring)
        if start != 0, DispatchTime.now().uptimeNanoseconds - start > hangNanoseconds {
          report(" hung (CLOUDY_FUZZ_TIMEOUT)")
          abort()
        }
      }
    }
  }

  /// Says what is running: the target, the seed and where a killing input is written.
  static func prepare(target: String, seed: String, file: String) {
    let text = Array("\nFuzzTests[\(target)] seed \(seed) iteration ".utf8.prefix(4000))
    text.withUnsafeBufferPointer { headline.update(from: $0.baseAddress!, count: text.count) }
    headlineCount = text.count
    let name = Array(file.utf8CString.prefix(4095))
    name.withUnsafeBufferPointer { path.update(from: $0.baseAddress!, count: name.count) }
    path[name.count - 1] = 0
  }

  /// Records the input about to run.
  static func begin(iteration number: Int, input bytes: [UInt8]) {
    let count = min(bytes.count, capacity)
    bytes.withUnsafeBufferPointer { buffer in
      if let base = buffer.baseAddress { input.update(from: base, count: count) }
    }
    inputCount = count
    iteration = number
    started.store(max(1, DispatchTime.now().uptimeNanoseconds), ordering: .releasing)
  }

  /// The input finished without killing the process.
  static func end() {
    started.store(0, ordering: .releasing)
  }

  private static func handle(_ signal: Int32) {
    switch signal {
    case SIGILL, SIGTRAP: report(" crashed (a Swift trap: SIGILL/SIGTRAP)")
    case SIGSEGV, SIGBUS: report(" crashed (SIGSEGV/SIGBUS: a bad access or a stack overflow)")
    case SIGABRT: report(" crashed (SIGABRT)")
    default: report(" crashed (SIGFPE)")
    }
    // Back to the handler that was there; the faulting instruction runs again and reaches it.
    if let index = signals.firstIndex(of: signal) { sigaction(signal, previous + index, nil) }
  }

  /// Writes the report with `write(2)` only; once per process.
  private static func report(_ what: StaticString) {
    guard started.load(ordering: .acquiring) != 0, !reported.exchange(true, ordering: .acquiringAndReleasing) else {
      return
    }
    _ = Glibc.write(2, headline, headlineCount)
    // The iteration's digits, by hand (no allocation); -1 is a minimization attempt.
    var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
      (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    withUnsafeMutableBytes(of: &digits) { buffer in
      var value = iteration < 0 ? 0 : iteration
      var start = buffer.count
      repeat {
        start -= 1
        buffer[start] = UInt8(ascii: "0") + UInt8(value % 10)
        value /= 10
      } while value > 0 && start > 1
      if iteration < 0 {
        emit("(minimizing)")
      } else {
        _ = Glibc.write(2, buffer.baseAddress! + start, buffer.count - start)
      }
    }
    _ = Glibc.write(2, what.utf8Start, what.utf8CodeUnitCount)
    emit(" the input is in ")
    _ = Glibc.write(2, path, strlen(path))
    emit(" (make it a test in FuzzRegressionTests.swift); hex: ")
    for index in 0..<inputCount {
      let byte = input[index]
      hex[2 * index] = digit(byte >> 4)
      hex[2 * index + 1] = digit(byte & 0xF)
    }
    _ = Glibc.write(2, hex, 2 * inputCount)
    emit("\n")
    let file = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    if file >= 0 {
      _ = Glibc.write(file, input, inputCount)
      close(file)
    }
  }

  private static func emit(_ text: StaticString) {
    _ = Glibc.write(2, text.utf8Start, text.utf8CodeUnitCount)
  }

  private static func digit(_ value: UInt8) -> UInt8 {
    value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
  }
}
