import Foundation

/// PostgreSQL's password file (`~/.pgpass`, or the one `PGPASSFILE` names), read as libpq
/// reads it: lines of `host:port:database:user:password`, `*` matching anything, `\:` and
/// `\\` escaping, `#` starting a comment, the first matching line winning. A file that
/// others can read is ignored, as libpq ignores it.
enum PostgresPassFile {
  /// The file to read: `PGPASSFILE`, else `~/.pgpass` (`nil` without a home).
  static func path(environment: [String: String]) -> String? {
    if let file = environment["PGPASSFILE"], !file.isEmpty { return file }
    guard let home = environment["HOME"], !home.isEmpty else { return nil }
    return home + "/.pgpass"
  }

  /// Whether `path` is a password file that is ignored because others may read it (its
  /// mode grants anything to group or others), as libpq ignores it.
  static func isIgnoredForItsMode(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG && status.st_mode & 0o077 != 0
  }

  /// The password of the first line that matches, if the file exists, is private and has one.
  static func password(in path: String, host: String, port: Int, database: String, user: String) -> String? {
    var status = stat()
    guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_mode & 0o077 == 0,
      let data = FileManager.default.contents(atPath: path)
    else { return nil }
    let wanted = [host, String(port), database, user]
    for line in String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline) {
      if line.hasPrefix("#") { continue }
      let fields = split(line)
      guard fields.count == 5 else { continue }
      let matches = zip(fields.prefix(4), wanted).allSatisfy { field, value in
        field == "*" || field == value
      }
      if matches { return fields[4] }
    }
    return nil
  }

  /// One line's fields, split at unescaped colons and unescaped.
  static func split(_ line: Substring) -> [String] {
    var fields: [String] = []
    var current = ""
    var escaped = false
    for character in line {
      if escaped {
        current.append(character)
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else if character == ":" && fields.count < 4 {
        fields.append(current)
        current = ""
      } else {
        current.append(character)
      }
    }
    fields.append(current)
    return fields
  }
}
