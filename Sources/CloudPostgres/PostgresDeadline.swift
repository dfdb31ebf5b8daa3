import PostgresNIO
import Synchronization

/// Waits for `operation` at most `limit`, and no longer than `connection` stays open.
///
/// A statement sent on a connection that the server has just closed may never complete
/// (postgres-nio writes it without a promise), and a task group would wait for it even
/// when cancelled. So the race is unstructured: the first of the operation, the time limit
/// and the connection closing resumes the caller; an operation left behind is cancelled and
/// its answer, if one ever comes, dropped. Found by `scripts/soak`: `cloudy add` hung for
/// good when the server stopped while the connection was being set up.
enum PostgresDeadline {
  /// The operation was given up on: too slow, or its connection closed.
  struct Expired: Error, CustomStringConvertible {
    var reason: String
    var description: String { reason }
  }

  static func run<T: Sendable>(
    limit: Duration, closing connection: EventLoopFuture<Void>?,
    _ operation: @escaping @Sendable () async throws -> T
  ) async throws -> T {
    let race = Race<T>()
    return try await withCheckedThrowingContinuation { continuation in
      race.begin(continuation)
      race.add(
        Task {
          do { race.finish(.success(try await operation())) } catch { race.finish(.failure(error)) }
        })
      race.add(
        Task {
          guard (try? await Task.sleep(for: limit)) != nil else { return }
          race.finish(.failure(Expired(reason: "the server did not answer in time")))
        })
      connection?.whenComplete { _ in
        race.finish(.failure(Expired(reason: "the connection to the server was lost")))
      }
    }
  }

  /// The one continuation the first finisher resumes, and the tasks to cancel then.
  private final class Race<T: Sendable>: Sendable {
    private struct State {
      var continuation: CheckedContinuation<T, any Error>?
      var tasks: [Task<Void, Never>] = []
      var done = false
    }

    private let state = Mutex(State())

    func begin(_ continuation: CheckedContinuation<T, any Error>) {
      state.withLock { $0.continuation = continuation }
    }

    func add(_ task: Task<Void, Never>) {
      let cancel = state.withLock { state in
        if !state.done { state.tasks.append(task) }
        return state.done
      }
      if cancel { task.cancel() }
    }

    func finish(_ result: Result<T, any Error>) {
      let (continuation, tasks) = state.withLock { state -> (CheckedContinuation<T, any Error>?, [Task<Void, Never>]) in
        if state.done { return (nil, []) }
        state.done = true
        defer {
          state.continuation = nil
          state.tasks = []
        }
        return (state.continuation, state.tasks)
      }
      for task in tasks { task.cancel() }
      continuation?.resume(with: result)
    }
  }
}
