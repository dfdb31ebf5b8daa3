import Broadcasting
import Foundation
import Synchronization

/// One document in a container (`UIDocument`): open, save for creating or overwriting,
/// revert and close, all asynchronous and off the caller's thread, with a state set that
/// reports conflicts and errors, and a stream of state changes.
public final class UbiquitousDocument: Sendable {
  public let container: DocumentContainer
  /// The file name in `Documents/`.
  public let file: String
  private let state = Mutex(Inner())
  private let stateChanges = Broadcast<DocumentState>(bufferingPolicy: .bufferingNewest(8))

  private struct Inner: ~Copyable {
    var documentState: DocumentState = .closed
    var contents: Data?
    var watch: Task<Void, Never>?
  }

  public init(container: DocumentContainer, file: String) {
    self.container = container
    self.file = file
  }

  deinit {
    // Cancelled outside the lock, as in ``close()``.
    let watch = state.withLock { $0.watch }
    watch?.cancel()
  }

  public var documentState: DocumentState { state.withLock { $0.documentState } }
  /// The contents as last opened, saved or reverted.
  public var contents: Data? { state.withLock { $0.contents } }

  /// State changes from now on.
  public func stateUpdates() -> AsyncStream<DocumentState> { stateChanges.subscribe() }

  /// Opens the document and returns its contents; throws (and stays closed) if there is
  /// no such document or it can't be read.
  @discardableResult
  public func open() async throws -> Data {
    let entry = try await offThread { [container, file] in try container.entry(file) }
    guard let entry else { throw DocumentContainerError.notFound(file) }
    state.withLock { $0.contents = entry.contents }
    setState(entry.conflicts.isEmpty ? .normal : .inConflict)
    watchForChanges()
    return entry.contents
  }

  /// Saves new contents. `.forCreating` makes a new document (the document needn't be
  /// open); `.forOverwriting` replaces an open one's. Editing is disabled while saving; a
  /// failure sets ``DocumentState/savingError`` and throws.
  public func save(
    _ contents: Data, for operation: DocumentContainer.SaveOperation, deriving: [DerivedDocument] = []
  ) async throws {
    let before = documentState
    setState(before.subtracting(.closed).union(.editingDisabled))
    do {
      try await offThread { [container, file] in
        try container.save(file, contents: contents, for: operation, deriving: deriving)
      }
      state.withLock { $0.contents = contents }
      setState(before.subtracting([.closed, .savingError, .editingDisabled]))
      watchForChanges()
    } catch {
      setState(before.union(.savingError).subtracting(.editingDisabled))
      throw error
    }
  }

  /// Reads the document again, dropping nothing (saves are immediate): picks up another
  /// session's or device's change.
  @discardableResult
  public func revert() async throws -> Data {
    try await open()
  }

  /// Closes the document: no more state updates until it is opened again.
  public func close() async {
    // Cancelled outside the lock: cancelling runs the watch's stream termination handler,
    // which must never wait for a lock its task's canceller holds.
    let watch = state.withLock { state in
      defer { state.watch = nil }
      return state.watch
    }
    watch?.cancel()
    setState(.closed)
  }

  /// The versions, for resolving a conflict (`NSFileVersion`).
  public func versions() async throws -> (current: DocumentVersion, conflicts: [DocumentVersion]) {
    try await offThread { [container, file] in try container.versions(of: file) }
  }

  /// Keeps one version; the others are removed on every device.
  public func resolve(keeping versionID: String) async throws {
    try await offThread { [container, file] in try container.resolve(file, keeping: versionID) }
    _ = try await open()
  }

  private func setState(_ new: DocumentState) {
    let changed = state.withLock { state in
      defer { state.documentState = new }
      return state.documentState != new
    }
    if changed { stateChanges.send(new) }
  }

  /// Keeps the conflict state current while open: after any commit in this process (the
  /// sync engine's included), re-reads this document's entry.
  private func watchForChanges() {
    let already = state.withLock { $0.watch != nil }
    if already { return }
    let commits = container.commitNotifications()
    let task = Task { [weak self] in
      for await _ in commits {
        guard let self, let entry = try? self.container.entry(self.file) else {
          if let self, self.documentState != .closed {
            self.setState(self.documentState.union(.editingDisabled))
          }
          continue
        }
        let current = self.documentState
        var next = current
        if entry.conflicts.isEmpty { next.remove(.inConflict) } else { next.insert(.inConflict) }
        next.remove(.editingDisabled)
        if next != current && !current.contains(.closed) {
          self.state.withLock { $0.contents = entry.contents }
          self.setState(next)
        }
      }
    }
    // Two calls can race here; the one that loses cancels its task, outside the lock.
    let surplus = state.withLock { state -> Task<Void, Never>? in
      if state.watch != nil { return task }
      state.watch = task
      return nil
    }
    surplus?.cancel()
  }

  private func offThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
      DispatchQueue.global(qos: .userInitiated).async {
        continuation.resume(with: Result { try body() })
      }
    }
  }
}
