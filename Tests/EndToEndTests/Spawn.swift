import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a program with `posix_spawn` and waits for it with `waitpid`, with stdin from
/// /dev/null, stdout and stderr into files, and every other descriptor closed.
///
/// Used for tmux rather than Foundation's `Process`: the first tmux command forks the
/// server, which keeps whatever descriptors it inherited open for its whole life, and
/// `Process` on Linux only reports an exit once its own inherited descriptor is closed,
/// so it would wait for the server to end.
enum Spawn {
  struct Result {
    var status: Int32
    var stdout: Data
    var stderr: Data
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  static func run(
    _ executable: String, _ arguments: [String], environment: [String: String], scratch: URL,
    timeout: TimeInterval = 10
  ) throws -> Result {
    let outputPath = scratch.appendingPathComponent("spawn-stdout").path
    let errorPath = scratch.appendingPathComponent("spawn-stderr").path

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    closeOtherDescriptors(&actions)

    // Default signal handling and nothing blocked, whatever the test runner set up: the
    // tmux server and the app under test inherit both.
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

    let deadline = Date().addingTimeInterval(timeout)
    var status: Int32 = 0
    while true {
      let result = waitpid(pid, &status, WNOHANG)
      if result == pid { break }
      if result < 0, errno != EINTR {
        throw Failure(description: "waitpid for \(executable) failed: \(String(cString: strerror(errno)))")
      }
      if Date() >= deadline {
        kill(pid, SIGKILL)
        _ = waitpid(pid, &status, 0)
        throw Failure(
          description: "\(executable) \(arguments.prefix(4).joined(separator: " ")) did not finish in \(timeout) s")
      }
      usleep(1_000)
    }
    let exitStatus: Int32 = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    return Result(
      status: exitStatus,
      stdout: (try? Data(contentsOf: URL(fileURLWithPath: outputPath))) ?? Data(),
      stderr: (try? Data(contentsOf: URL(fileURLWithPath: errorPath))) ?? Data())
  }

  /// Adds "close every descriptor from 3 up" to the actions: glibc's
  /// `posix_spawn_file_actions_addclosefrom_np` (2.34+, looked up at run time because
  /// the Swift overlay does not export it), else one close per descriptor open now.
  static func closeOtherDescriptors(_ actions: inout posix_spawn_file_actions_t) {
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
}
