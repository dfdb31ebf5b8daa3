import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one way tests run programs: `posix_spawn` with stdin from /dev/null, stdout and
/// stderr into files (or /dev/null), every other descriptor closed and default signal
/// handling, and `waitpid` with a bounded wait.
///
/// Not Foundation's `Process`: the first tmux command forks the server, which keeps whatever
/// descriptors it inherited open for its whole life, and `Process` on Linux reports an exit
/// only once its own inherited descriptor is closed, so it would wait for the server to end.
public enum ChildProcess {
  /// What a finished program printed and how it exited (128 + the signal if one killed it).
  public struct Output: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
  }

  public struct Failure: Error, CustomStringConvertible {
    public var description: String
    public init(description: String) { self.description = description }
  }

  /// A program started in the background.
  public final class Started: Sendable {
    public let processIdentifier: pid_t
    private let status = LockedStatus()

    init(_ pid: pid_t) { processIdentifier = pid }

    /// Waits for the program to end.
    public func waitUntilExit() {
      if status.value != nil { return }
      var raw: Int32 = 0
      while waitpid(processIdentifier, &raw, 0) < 0, errno == EINTR {}
      status.value = ChildProcess.exitStatus(raw)
    }

    /// The exit status once ``waitUntilExit()`` returned.
    public var terminationStatus: Int32 { status.value ?? -1 }

    /// Whether the program has ended (and is reaped); never blocks.
    public var hasEnded: Bool {
      if status.value != nil { return true }
      var raw: Int32 = 0
      guard waitpid(processIdentifier, &raw, WNOHANG) == processIdentifier else { return false }
      status.value = ChildProcess.exitStatus(raw)
      return true
    }

    /// Sends SIGTERM, waits up to 2 s for the program to end, then SIGKILL.
    public func stop() {
      kill(processIdentifier, SIGTERM)
      let deadline = Date().addingTimeInterval(2)
      while Date() < deadline {
        if hasEnded { return }
        usleep(10_000)
      }
      kill(processIdentifier, SIGKILL)
      waitUntilExit()
    }
  }

  /// The `cloudy` binary SwiftPM built beside the test bundle: on Linux `Bundle.main` is
  /// the products folder (`.build/debug`) that holds both the `.xctest` executable and
  /// `cloudy`. `CLOUDY_E2E_BINARY` overrides it, to run the tests against another build.
  public static let cloudyPath: String = {
    if let override = ProcessInfo.processInfo.environment["CLOUDY_E2E_BINARY"], !override.isEmpty {
      return override
    }
    let candidates = [
      Bundle.main.bundleURL.appendingPathComponent("cloudy"),
      Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("cloudy"),
      Bundle.main.executableURL?.deletingLastPathComponent().appendingPathComponent("cloudy"),
    ].compactMap { $0 }
    return (candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]).path
  }()

  /// This process's environment with `extra` over it, and `CLOUDY_NO_FETCH=1` unless `extra`
  /// says otherwise: a `cloudy` a test starts talks only to servers the test started.
  public static func inherited(plus extra: [String: String]) -> [String: String] {
    ProcessInfo.processInfo.environment.merging(["CLOUDY_NO_FETCH": "1"].merging(extra) { _, new in new }) {
      _, new in new
    }
  }

  /// Runs a program to its end with exactly `environment`; throws if it can't start, or
  /// hasn't ended after `timeout` (it is killed then).
  public static func run(
    _ executable: String, _ arguments: [String], environment: [String: String], timeout: Duration = .seconds(60)
  ) throws -> Output {
    guard let output = try runUnlessHung(executable, arguments, environment: environment, timeout: timeout) else {
      throw Failure(
        description: "\(executable) \(arguments.prefix(4).joined(separator: " ")) did not finish in \(timeout)")
    }
    return output
  }

  /// Runs a program as ``run(_:_:environment:timeout:)`` does, but returns nil if it hung
  /// (it is killed then), for tests where a hang is the failure under test.
  public static func runUnlessHung(
    _ executable: String, _ arguments: [String], environment: [String: String], timeout: Duration
  ) throws -> Output? {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("cloudy-child-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let outputPath = scratch.appendingPathComponent("stdout").path
    let errorPath = scratch.appendingPathComponent("stderr").path
    let pid = try spawn(executable, arguments, environment: environment, stdout: outputPath, stderr: errorPath)
    let deadline = ContinuousClock.now + timeout
    var raw: Int32 = 0
    while true {
      let result = waitpid(pid, &raw, WNOHANG)
      if result == pid { break }
      if result < 0, errno != EINTR {
        throw Failure(description: "waitpid for \(executable) failed: \(String(cString: strerror(errno)))")
      }
      if ContinuousClock.now >= deadline {
        kill(pid, SIGKILL)
        _ = waitpid(pid, &raw, 0)
        return nil
      }
      usleep(1_000)
    }
    func read(_ path: String) -> String {
      String(decoding: (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data(), as: UTF8.self)
    }
    return Output(status: exitStatus(raw), stdout: read(outputPath), stderr: read(errorPath))
  }

  /// Runs a program to its end without holding a thread of the async pool; throws unless
  /// it exits with status 0, and returns what it printed on stdout.
  public static func output(
    of executable: String, _ arguments: [String], environment: [String: String]? = nil,
    timeout: Duration = .seconds(30)
  ) async throws -> String {
    let environment = environment ?? ProcessInfo.processInfo.environment
    let result = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Output, any Error>) in
      DispatchQueue.global().async {
        continuation.resume(with: Result { try run(executable, arguments, environment: environment, timeout: timeout) })
      }
    }
    guard result.status == 0 else {
      throw Failure(
        description: "\(executable) \(arguments.first ?? "") failed (status \(result.status)): \(result.stderr)")
    }
    return result.stdout
  }

  /// Runs `cloudy` to its end with `extra` over this process's environment.
  public static func cloudy(_ arguments: [String], environment extra: [String: String]) throws -> Output {
    try run(cloudyPath, arguments, environment: inherited(plus: extra))
  }

  /// Runs `cloudy` as ``cloudy(_:environment:)`` does, but returns nil if it hung.
  public static func cloudy(_ arguments: [String], environment extra: [String: String], timeout: Duration) throws
    -> Output?
  {
    try runUnlessHung(cloudyPath, arguments, environment: inherited(plus: extra), timeout: timeout)
  }

  /// Starts a program in the background with `extra` over this process's environment,
  /// output appended to `log` (discarded by default).
  public static func start(
    _ executable: String, _ arguments: [String], environment extra: [String: String] = [:],
    log: String = "/dev/null"
  ) throws -> Started {
    Started(try spawn(executable, arguments, environment: inherited(plus: extra), stdout: log, stderr: nil))
  }

  /// Starts a program in the background with exactly `environment` (a server a test keeps).
  public static func start(
    _ executable: String, _ arguments: [String], exactEnvironment environment: [String: String], log: String
  ) throws -> Started {
    Started(try spawn(executable, arguments, environment: environment, stdout: log, stderr: nil))
  }

  /// Spawns; stderr goes where stdout goes when `stderr` is nil. Output files are appended
  /// to if they are logs, truncated otherwise.
  private static func spawn(
    _ executable: String, _ arguments: [String], environment: [String: String], stdout: String, stderr: String?
  ) throws -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    let mode = stderr == nil ? O_APPEND : O_TRUNC
    posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | mode, 0o600)
    if let stderr {
      posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    } else {
      posix_spawn_file_actions_adddup2(&actions, 1, 2)
    }
    closeOtherDescriptors(&actions)

    // Default signal handling and nothing blocked, whatever the test runner set up: a tmux
    // server and the app under test inherit both.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var empty = sigset_t()
    sigemptyset(&empty)
    posix_spawnattr_setsigmask(&attributes, &empty)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGPIPE, SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGCHLD, SIGWINCH, SIGTSTP, SIGTTIN, SIGTTOU] {
      sigaddset(&defaults, signal)
    }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv { free(pointer) }
      for pointer in envp { free(pointer) }
    }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
    guard spawned == 0 else {
      throw Failure(description: "can't start \(executable): \(String(cString: strerror(spawned)))")
    }
    return pid
  }

  /// Adds "close every descriptor from 3 up" to the actions: glibc's
  /// `posix_spawn_file_actions_addclosefrom_np` (2.34+, looked up at run time because the
  /// Swift overlay does not export it), else one close per descriptor open now.
  private static func closeOtherDescriptors(_ actions: inout posix_spawn_file_actions_t) {
    typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") {
      let addCloseFrom = unsafeBitCast(symbol, to: AddCloseFrom.self)
      if addCloseFrom(&actions, 3) == 0 { return }
    }
    let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    for fd in open.compactMap(Int32.init) where fd > 2 {
      posix_spawn_file_actions_addclose(&actions, fd)
    }
  }

  static func exitStatus(_ raw: Int32) -> Int32 {
    (raw & 0x7F) == 0 ? (raw >> 8) & 0xFF : 128 + (raw & 0x7F)
  }
}
