import Foundation

/// Runs SQL on a database file from another process (Python's `sqlite3` module), to set
/// up or inspect a cloud file or an index behind the implementation's back.
public enum PythonSQLite {
  private static let script = """
    import sqlite3, sys
    db = sqlite3.connect(sys.argv[1], timeout=10, isolation_level=None)
    for statement in sys.argv[2:]:
        for row in db.execute(statement).fetchall():
            print("|".join(str(column) for column in row))
    db.close()
    """

  /// Runs each statement in turn and returns the rows they produced, one a line.
  @discardableResult
  public static func run(_ path: String, _ statements: String...) async throws -> String {
    try await ChildProcess.output(of: "/usr/bin/env", ["python3", "-c", script, path] + statements)
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
