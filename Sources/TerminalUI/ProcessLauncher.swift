import Foundation
import Glibc

/// Starts a browser with `posix_spawnp` and an argument array, never a shell.
///
/// The child gets default signal handlers and an empty signal mask (the UI thread's
/// blocked signals and Cloudy's handlers are not its business). A detached child runs in
/// a process group of its own with stdin, stdout and stderr on `/dev/null`, so it can
/// neither read keys nor scribble on the screen, and a thread reaps it when it ends.
/// A foreground child shares the terminal; Cloudy ignores `SIGINT` and `SIGQUIT` while it
/// waits (as `system(3)` does), so a Ctrl-C in the browser does not quit Cloudy.
enum ProcessLauncher {
  /// How a start went.
  enum Outcome: Equatable {
    /// Detached and running.
    case started
    /// Ran in the foreground and exited with this status (128 + N when killed by signal N).
    case exited(Int32)
    /// Could not be started (`ENOENT` for a program not on `PATH`).
    case failed(Int32)
  }

  /// Starts `arguments` detached from the terminal.
  static func startDetached(_ arguments: [String], environment: [String: String]) -> Outcome {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    switch spawn(arguments, environment: environment, actions: &actions, ownGroup: true) {
    case .success(let pid):
      Thread.detachNewThread {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1, errno == EINTR {}
      }
      return .started
    case .failure(let error):
      return .failed(error.code)
    }
  }

  /// Runs `arguments` on the terminal and waits for it to end.
  static func runInForeground(_ arguments: [String], environment: [String: String]) -> Outcome {
    var ignore = sigaction()
    ignore.__sigaction_handler.sa_handler = SIG_IGN
    sigemptyset(&ignore.sa_mask)
    var previousInterrupt = sigaction()
    var previousQuit = sigaction()
    sigaction(SIGINT, &ignore, &previousInterrupt)
    sigaction(SIGQUIT, &ignore, &previousQuit)
    defer {
      sigaction(SIGINT, &previousInterrupt, nil)
      sigaction(SIGQUIT, &previousQuit, nil)
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    switch spawn(arguments, environment: environment, actions: &actions, ownGroup: false) {
    case .success(let pid):
      var status: Int32 = 0
      while waitpid(pid, &status, 0) == -1 {
        if errno != EINTR { return .exited(-1) }
      }
      let signal = status & 0x7F
      return .exited(signal == 0 ? (status >> 8) & 0xFF : 128 + signal)
    case .failure(let error):
      return .failed(error.code)
    }
  }

  private static func spawn(
    _ arguments: [String], environment: [String: String], actions: inout posix_spawn_file_actions_t, ownGroup: Bool
  ) -> Result<pid_t, SpawnError> {
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var defaults = sigset_t()
    sigfillset(&defaults)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var empty = sigset_t()
    sigemptyset(&empty)
    posix_spawnattr_setsigmask(&attributes, &empty)
    var flags = Int32(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK)
    if ownGroup {
      flags |= Int32(POSIX_SPAWN_SETPGROUP)
      posix_spawnattr_setpgroup(&attributes, 0)
    }
    posix_spawnattr_setflags(&attributes, Int16(flags))

    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv { free(pointer) }
      for pointer in envp { free(pointer) }
    }
    var pid: pid_t = 0
    let code = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp)
    return code == 0 ? .success(pid) : .failure(SpawnError(code: code))
  }

  struct SpawnError: Error {
    var code: Int32
  }
}
